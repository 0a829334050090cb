import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  type SliderModel,
  sliderAddQuantity,
  sliderAnswerLine,
  sliderDecrease,
  sliderIncrease,
  sliderItemId,
  sliderRefusalInCart,
  sliderRequest,
  sliderView,
} from './slider';

const model = (overrides: Partial<SliderModel> = {}): SliderModel => ({
  asinId: 'B0TEST0001',
  offerListingId: 'OL-B0TEST0001-NEW',
  quantityInCart: 0,
  minOrderQuantity: 1,
  maxOrderQuantity: 5,
  cartItemId: null,
  cartType: 'DEFAULT',
  ajaxCartUrl: '/api/marketplaces/ATVPDKIKX0DER/cart/carts/retail/items',
  addToCartUrl: '/gp/add-to-cart/json/',
  csrfToken: 'csrf',
  clientName: 'pdp-slider',
  sessionId: 'sess',
  loggingUrl: '/api/metrics/events',
  enableQuantityLimitMessage: true,
  additionalInput: null,
  additionalParams: {},
  ...overrides,
});

describe('quantity slider', () => {
  test('SL-002 the slider model names the product, its limits, its cart and the page tokens', () => {
    expect(Object.keys(model()).sort()).toEqual(
      [
        'asinId',
        'offerListingId',
        'quantityInCart',
        'minOrderQuantity',
        'maxOrderQuantity',
        'cartItemId',
        'cartType',
        'ajaxCartUrl',
        'addToCartUrl',
        'csrfToken',
        'clientName',
        'sessionId',
        'loggingUrl',
        'enableQuantityLimitMessage',
        'additionalInput',
        'additionalParams',
      ].sort(),
    );
  });

  test('SL-001 SL-010 plus adds one unit, or up to the minimum order quantity when below it', () => {
    expect(sliderAddQuantity(model(), 0)).toBe(1);
    expect(sliderAddQuantity(model({ minOrderQuantity: 3 }), 0)).toBe(3);
    expect(sliderAddQuantity(model({ minOrderQuantity: 3 }), 2)).toBe(1);
    expect(sliderAddQuantity(model({ minOrderQuantity: 3 }), 3)).toBe(1);
    expect(sliderIncrease(model({ minOrderQuantity: 3 }), 0)).toBe(3);
    expect(sliderIncrease(model(), 4)).toBe(5);
    expect(sliderIncrease(model(), 5)).toBe(5);
  });

  test('SL-001 SL-011 minus takes one unit off, or empties the line at or below the minimum', () => {
    expect(sliderDecrease(model(), 3)).toBe(2);
    expect(sliderDecrease(model(), 1)).toBe(0);
    expect(sliderDecrease(model({ minOrderQuantity: 3 }), 4)).toBe(3);
    expect(sliderDecrease(model({ minOrderQuantity: 3 }), 3)).toBe(0);
  });

  test('SL-001 presses never leave 0 or min..max', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 0, max: 10 }),
        fc.array(fc.boolean(), { maxLength: 30 }),
        (min, extra, presses) => {
          const m = model({ minOrderQuantity: min, maxOrderQuantity: min + extra });
          let quantity = 0;
          for (const plus of presses) {
            quantity = plus ? sliderIncrease(m, quantity) : sliderDecrease(m, quantity);
            expect(quantity === 0 || (quantity >= min && quantity <= min + extra)).toBe(true);
          }
        },
      ),
    );
  });

  test('SL-012 the item id drops a leading C or S', () => {
    expect(sliderItemId('C1A2B3')).toBe('1A2B3');
    expect(sliderItemId('S77')).toBe('77');
    expect(sliderItemId('X77')).toBe('X77');
  });

  test('SL-003 SL-004 SL-005 SL-006 SL-007 SL-008 the view: add button at zero, slider above, busy while in flight, plus off at max', () => {
    const m = model({ maxOrderQuantity: 5 });
    expect(sliderView(m, 0, false).mode).toBe('add');
    expect(sliderView(m, 2, false)).toEqual({
      mode: 'slider',
      shownQuantity: 2,
      busy: false,
      plusDisabled: false,
      minusDisabled: false,
    });
    expect(sliderView(m, 2, true)).toMatchObject({ busy: true, plusDisabled: true, minusDisabled: true });
    // SL-006: the cart may hold more than the max (set elsewhere); the slider shows the max.
    expect(sliderView(m, 7, false)).toMatchObject({ shownQuantity: 5, plusDisabled: true });
    // SL-008: after an error the shown quantity stays; at the max plus stays disabled, minus comes back.
    expect(sliderView(m, 5, false)).toMatchObject({ plusDisabled: true, minusDisabled: false });
  });

  test('SL-013 SL-014 the default cart adds with POST until it has a line, then modifies with PUT', () => {
    const add = sliderRequest(model(), 0, 2);
    expect(add).toEqual({
      method: 'POST',
      url: '/api/marketplaces/ATVPDKIKX0DER/cart/carts/retail/items',
      body: { items: [{ asin: 'B0TEST0001', offerListingId: 'OL-B0TEST0001-NEW', quantity: 2 }] },
    });
    const modify = sliderRequest(model({ cartItemId: 'C00AB' }), 2, 4);
    expect(modify).toEqual({
      method: 'PUT',
      url: '/api/marketplaces/ATVPDKIKX0DER/cart/carts/retail/items',
      body: { items: [{ id: '00AB', quantity: 4 }] },
    });
    expect(sliderRequest(model({ cartItemId: 'C00AB' }), 2, 0).body).toEqual({
      items: [{ id: '00AB', quantity: 0 }],
    });
  });

  test('SL-015 the fresh (UFG) cart is sent the absolute quantity with additionalInput', () => {
    const request = sliderRequest(
      model({
        cartType: 'UFG',
        ajaxCartUrl: '/alm/addtofreshcart',
        additionalInput: { storeId: 'STORE1' },
        additionalParams: { storeId: 'STORE1', brandId: 'BRAND1' },
      }),
      1,
      3,
    );
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/alm/addtofreshcart');
    expect(request.body).toMatchObject({
      asin: 'B0TEST0001',
      quantity: 3,
      setQuantityFlag: true,
      isStepperFlag: true,
      prevSelectedQty: 1,
      additionalInput: { storeId: 'STORE1' },
      storeId: 'STORE1',
      brandId: 'BRAND1',
      additionalParams: { csrfToken: 'csrf' },
    });
  });
});

describe('slider answers', () => {
  const defaultCart = { asinId: 'B000000001', cartType: 'DEFAULT' as const };
  const freshCart = { asinId: 'B000000001', cartType: 'UFG' as const };

  test('SL-013 SL-014 the default cart answers its first line: id and quantity; a line at 0 has no id', () => {
    const answer = (quantity: number) => ({ entity: { items: [{ id: 'C1', quantity }] } });
    expect(sliderAnswerLine(answer(3), defaultCart)).toEqual({ quantity: 3, cartItemId: 'C1' });
    expect(sliderAnswerLine(answer(0), defaultCart)).toEqual({ quantity: 0, cartItemId: null });
  });

  test('SL-015 the fresh cart answers the asin’s line in clientResponseModel.items, none meaning 0', () => {
    const line = { ASIN: 'B000000001', quantity: 2, itemId: 'F1' };
    expect(sliderAnswerLine({ clientResponseModel: { items: [line] } }, freshCart)).toEqual({
      quantity: 2,
      cartItemId: 'F1',
    });
    expect(sliderAnswerLine({ clientResponseModel: { items: [] } }, freshCart)).toEqual({
      quantity: 0,
      cartItemId: null,
    });
  });

  test('SL-018 an answer without the line it reads is invalid', () => {
    expect(sliderAnswerLine({ entity: { items: [] } }, defaultCart)).toBeNull();
    expect(sliderAnswerLine({ clientResponseModel: '?' }, freshCart)).toBeNull();
    expect(sliderAnswerLine(null, freshCart)).toBeNull();
    expect(sliderAnswerLine('added', defaultCart)).toBeNull();
  });

  test('GRO-030 a refusal with the fresh cart gives the asin’s quantity; one without gives nothing', () => {
    const cart = { clientResponseModel: { items: [{ ASIN: 'B000000001', quantity: 4 }] } };
    expect(sliderRefusalInCart(cart, 'B000000001')).toBe(4);
    expect(sliderRefusalInCart(cart, 'B000000002')).toBe(0);
    expect(sliderRefusalInCart({}, 'B000000001')).toBeUndefined();
    expect(sliderRefusalInCart(null, 'B000000001')).toBeUndefined();
  });
});
