import { describe, expect, test } from 'vitest';
import {
  type BuyBoxItem,
  type BuyBoxItems,
  coerceUpsellQuantity,
  isValidMetadata,
  pageItem,
  removeUpsell,
  setAllUpsellQuantities,
  setPageAsin,
  setPageQuantity,
  setUpsell,
  upsells,
  withMetadata,
} from './buy-box-items';

const SPEAKER: BuyBoxItem = { asin: 'B0TESTSPK1', offerId: 'OL-B0TESTSPK1-NEW', quantity: 2 };
const STAND: BuyBoxItem = { asin: 'B0TESTSTD1', offerId: 'OL-B0TESTSTD1-NEW', quantity: 2 };
const PLUG: BuyBoxItem = { asin: 'B0TESTPLG2', offerId: 'OL-B0TESTPLG2-NEW', quantity: 1 };
const withPage = (): BuyBoxItems => setPageAsin([], SPEAKER).items;

describe('buy box items', () => {
  test('CART-001 an item has asin, offerId and quantity, an optional custom attribute and metadata', () => {
    const music: BuyBoxItem = {
      asin: 'B0TESTMUS1',
      offerId: 'OL-B0TESTMUS1-NEW',
      quantity: 1,
      customAttribute: { name: 'subscription-plan', value: 'music-3-month' },
    };
    const items = setUpsell(withPage(), music).items;
    expect(upsells(items)[0]).toEqual(music);
    expect(upsells(items)[0]?.customAttribute).toEqual({ name: 'subscription-plan', value: 'music-3-month' });
  });

  test('CART-002 metadata carries asin, offerId, buyingPrice, listingPrice, title, imageUrl and availability', () => {
    const metadata = {
      asin: 'B0TESTSTD1',
      offerId: 'OL-B0TESTSTD1-NEW',
      buyingPrice: 19.99,
      listingPrice: 24.99,
      title: 'Speaker Stand',
      imageUrl: '/images/demo/speaker-stand-black.svg',
      availabilityMessage: 'In Stock',
    };
    expect(withMetadata(STAND, metadata).metadata).toEqual(metadata);
  });

  test('CART-003 metadata is valid only with a non-empty asin and a numeric buyingPrice', () => {
    expect(isValidMetadata({ asin: 'B0TESTSTD1', buyingPrice: 19.99 })).toBe(true);
    expect(isValidMetadata({ asin: 'B0TESTSTD1', buyingPrice: 0 })).toBe(true);
    expect(isValidMetadata({ asin: '', buyingPrice: 19.99 })).toBe(false);
    expect(isValidMetadata({ asin: 12, buyingPrice: 19.99 })).toBe(false);
    expect(isValidMetadata({ asin: 'B0TESTSTD1', buyingPrice: '19.99' })).toBe(false);
    expect(isValidMetadata({ asin: 'B0TESTSTD1', buyingPrice: Number.NaN })).toBe(false);
    expect(isValidMetadata({ asin: 'B0TESTSTD1' })).toBe(false);
    expect(isValidMetadata(null)).toBe(false);
  });

  test('CART-004 invalid metadata is not stored on the item', () => {
    let item = STAND;
    try {
      item = withMetadata(STAND, { asin: 'B0TESTSTD1', buyingPrice: 'free' });
    } catch {
      // the item keeps what it had
    }
    expect(item.metadata).toBeUndefined();
    expect(withMetadata(STAND, { asin: 'B0TESTSTD1', buyingPrice: 1 }).metadata?.buyingPrice).toBe(1);
  });

  test("CART-005 storing invalid metadata raises 'The metadata is NOT valid.'", () => {
    expect(() => withMetadata(STAND, { asin: '', buyingPrice: 1 })).toThrow(
      new Error('The metadata is NOT valid.'),
    );
  });

  test('CART-006 the first entry is the page item, every later entry an upsell', () => {
    let items = withPage();
    items = setUpsell(items, STAND).items;
    items = setUpsell(items, PLUG).items;
    expect(pageItem(items)).toEqual(SPEAKER);
    expect(upsells(items).map((i) => i.asin)).toEqual(['B0TESTSTD1', 'B0TESTPLG2']);
    expect(items[0]).toBe(pageItem(items));
  });

  test('CART-007 the page item is added, then replaced, then changed', () => {
    const added = setPageAsin([], SPEAKER);
    expect(added.events).toEqual([{ type: 'pageItemAdded', item: SPEAKER }]);
    const other = { ...SPEAKER, offerId: 'OL-B0TESTSPK1-USED' };
    const replaced = setPageAsin(setUpsell(added.items, STAND).items, other);
    expect(replaced.events).toEqual([{ type: 'pageItemReplaced', item: other, previous: SPEAKER }]);
    expect(upsells(replaced.items)).toEqual([STAND]);
    const changed = setPageQuantity(replaced.items, 5);
    expect(changed.events).toEqual([
      { type: 'pageItemChanged', item: { ...other, quantity: 5 }, previous: other },
    ]);
    expect(pageItem(changed.items)?.quantity).toBe(5);
  });

  test('CART-008 an upsell going from 0 to above 0 emits upsell added', () => {
    const result = setUpsell(withPage(), STAND);
    expect(result.events).toEqual([{ type: 'upsellAdded', item: STAND }]);
    const again = setUpsell(removeUpsell(result.items, STAND.asin).items, { ...STAND, quantity: 3 });
    expect(again.events.map((e) => e.type)).toEqual(['upsellAdded']);
  });

  test('CART-009 an upsell going to 0 emits upsell removed', () => {
    const items = setUpsell(withPage(), STAND).items;
    const result = setUpsell(items, { ...STAND, quantity: 0 });
    expect(result.events).toEqual([{ type: 'upsellRemoved', item: STAND }]);
    expect(removeUpsell(items, STAND.asin).events.map((e) => e.type)).toEqual(['upsellRemoved']);
  });

  test('CART-010 any other change to an existing upsell emits upsell changed', () => {
    const items = setUpsell(withPage(), STAND).items;
    const more = setUpsell(items, { ...STAND, quantity: 4 });
    expect(more.events).toEqual([
      { type: 'upsellChanged', item: { ...STAND, quantity: 4 }, previous: STAND },
    ]);
    const custom = setUpsell(more.items, {
      ...STAND,
      quantity: 4,
      customAttribute: { name: 'a', value: 'b' },
    });
    expect(custom.events.map((e) => e.type)).toEqual(['upsellChanged']);
  });

  test('CART-011 an upsell quantity of 0 or less removes the upsell', () => {
    const items = setUpsell(setUpsell(withPage(), STAND).items, PLUG).items;
    expect(upsells(setUpsell(items, { ...STAND, quantity: 0 }).items)).toEqual([PLUG]);
    expect(upsells(setUpsell(items, { ...STAND, quantity: -3 }).items)).toEqual([PLUG]);
    expect(setUpsell(withPage(), { ...STAND, quantity: 0 })).toEqual({ items: withPage(), events: [] });
  });

  test('CART-012 the page item cannot be changed through the upsell call', () => {
    const items = withPage();
    expect(() => setUpsell(items, { ...SPEAKER, quantity: 7 })).toThrow();
    expect(pageItem(items)?.quantity).toBe(2);
  });

  test("CART-013 changing the page asin through the upsell path raises 'To modify the pageAsin, use setPageAsin() instead.'", () => {
    expect(() => setUpsell(withPage(), { ...SPEAKER, quantity: 1 })).toThrow(
      new Error('To modify the pageAsin, use setPageAsin() instead.'),
    );
  });

  test("CART-014 replacing the page asin with another asin raises 'Can not modify page asin.'", () => {
    expect(() => setPageAsin(withPage(), { ...STAND })).toThrow(new Error('Can not modify page asin.'));
  });

  test("CART-015 an asin that is not a non-empty string is a type error 'The asin argument is required'", () => {
    for (const asin of ['', undefined, 42, null]) {
      const bad = { ...STAND, asin } as unknown as BuyBoxItem;
      expect(() => setUpsell(withPage(), bad)).toThrow(new TypeError('The asin argument is required'));
      expect(() => setPageAsin([], bad)).toThrow(TypeError);
    }
  });

  test("CART-016 a page quantity not above 0 is a type error 'The quantity of the page asin must be > 0'", () => {
    for (const quantity of [0, -1, Number.NaN, '2']) {
      const bad = { ...SPEAKER, quantity } as unknown as BuyBoxItem;
      expect(() => setPageAsin([], bad)).toThrow(new TypeError('The quantity of the page asin must be > 0'));
      expect(() => setPageQuantity(withPage(), quantity)).toThrow(TypeError);
    }
    expect(pageItem(setPageQuantity(withPage(), 1).items)?.quantity).toBe(1);
  });

  test('CART-017 an upsell quantity is coerced to at least 0, or 1 when it is not a number', () => {
    expect(coerceUpsellQuantity(-4)).toBe(0);
    expect(coerceUpsellQuantity(3)).toBe(3);
    expect(coerceUpsellQuantity('3')).toBe(1);
    expect(coerceUpsellQuantity(undefined)).toBe(1);
    expect(coerceUpsellQuantity(Number.NaN)).toBe(1);
    const { quantity: _q, ...noQuantity } = STAND;
    expect(upsells(setUpsell(withPage(), noQuantity).items)[0]?.quantity).toBe(1);
  });

  test("CART-018 setting every upsell quantity needs at least 1, else 'New quantity for upsell asins must be greater than 0.'", () => {
    const items = setUpsell(setUpsell(withPage(), STAND).items, PLUG).items;
    const result = setAllUpsellQuantities(items, 3);
    expect(upsells(result.items).map((i) => i.quantity)).toEqual([3, 3]);
    expect(pageItem(result.items)?.quantity).toBe(2);
    expect(result.events.map((e) => e.type)).toEqual(['upsellChanged', 'upsellChanged']);
    for (const bad of [0, -1, 0.5, '3']) {
      expect(() => setAllUpsellQuantities(items, bad)).toThrow(
        new Error('New quantity for upsell asins must be greater than 0.'),
      );
    }
  });
});
