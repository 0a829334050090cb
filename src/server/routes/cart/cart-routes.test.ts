import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDemoCopies } from '../../../../tests/factories/demo-products';
import { createTestApp, Shopper, type TestContext } from '../../../../tests/helpers/test-app';
import { dialects } from '../../../../tests/helpers/test-store';

describe.each(dialects)('cart API on %s', (dialect) => {
  let ctx: TestContext;
  // The test's own speaker (at most 10), smart plug (at most 2), water filter (at least 3), batteries and
  // music subscription, shaped like the demo ones.
  let SPEAKER = { asin: '', offerListingId: '' };
  let PLUG = { asin: '', offerListingId: '' };
  let FILTER = { asin: '', offerListingId: '' };
  let BATTERIES = '';
  let MUSIC = '';
  beforeAll(async () => {
    ctx = await createTestApp(dialect, { seed: false });
    const now = ctx.clock.now;
    const copies = await createDemoCopies(ctx.store.db, ['B0PDPSPK01', 'B0PDPFLT01', 'B0PDPBAT01'], { now });
    SPEAKER = copies.item('B0PDPSPK01');
    PLUG = copies.item('B0PDPPLG02');
    FILTER = copies.item('B0PDPFLT01');
    BATTERIES = copies.asin('B0PDPBAT01');
    MUSIC = copies.asin('B0PDPMUS01');
  });
  afterAll(() => ctx?.close());

  const shopper = async () => {
    const s = new Shopper(ctx.app);
    await s.visit(`/dp/${SPEAKER.asin}`);
    return s;
  };

  test('CART-035 adds items and answers cart.add-items/v1 with item ids, quantities and the cart count', async () => {
    const s = await shopper();
    const response = await s.addItems([{ ...SPEAKER, quantity: 2 }]);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('cart.add-items/v1');
    const body = response.json();
    expect(body.type).toBe('cart.add-items/v1');
    expect(body.entity.items).toEqual([
      { id: expect.stringMatching(/^C[0-9A-F]{20}$/), ...SPEAKER, quantity: 2 },
    ]);
    expect(body.entity.count).toEqual({ type: 'cart.count/v1', entity: { items: 2 } });
  });

  test('CART-038 the count in the answer is the navigation cart count the count call returns', async () => {
    const s = await shopper();
    await s.addItems([{ ...SPEAKER, quantity: 1 }]);
    const second = await s.addItems([{ ...PLUG, quantity: 2 }]);
    expect(second.json().entity.count.entity.items).toBe(3);
    expect(await s.cartCount()).toBe(3);
  });

  test('adding the same offer again raises the line quantity instead of adding a line', async () => {
    const s = await shopper();
    const first = await s.addItems([{ ...SPEAKER, quantity: 1 }]);
    const second = await s.addItems([{ ...SPEAKER, quantity: 3 }]);
    expect(second.json().entity.items[0]).toEqual({
      id: first.json().entity.items[0].id,
      ...SPEAKER,
      quantity: 4,
    });
    const items = await s.request({
      method: 'GET',
      url: '/api/marketplaces/ATVPDKIKX0DER/cart/items?cartTypes=RETAIL',
    });
    expect(items.json().entity.items).toHaveLength(1);
  });

  test('CART-036 the cart items request accepts an optional ?ref_= tag', async () => {
    const s = await shopper();
    expect((await s.addItems([{ ...SPEAKER, quantity: 1 }], { query: '?ref_=dp_atc' })).statusCode).toBe(200);
    expect(
      (await s.addItems([{ ...SPEAKER, quantity: 1 }], { query: '?ref=vas_add_upsell' })).statusCode,
    ).toBe(200);
    const bad = await s.addItems([{ ...SPEAKER, quantity: 1 }], { query: '?ref_=%3Cscript%3E' });
    expect(bad.statusCode).toBe(400);
  });

  test('CART-037 the call needs the CSRF token and the encrypted slate token from the page', async () => {
    const s = await shopper();
    const noCsrf = await s.addItems([{ ...SPEAKER, quantity: 1 }], { headers: { 'x-csrf-token': '' } });
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json().error.code).toBe('csrf_token_invalid');
    const noSlate = await s.addItems([{ ...SPEAKER, quantity: 1 }], {
      headers: { 'x-encrypted-slate-token': 'garbage' },
    });
    expect(noSlate.statusCode).toBe(403);
    expect(noSlate.json().error.code).toBe('slate_token_invalid');
    const other = await shopper();
    const foreignSlate = await s.addItems([{ ...SPEAKER, quantity: 1 }], {
      headers: { 'x-encrypted-slate-token': other.slateToken },
    });
    expect(foreignSlate.statusCode).toBe(403);
    expect(await s.cartCount()).toBe(0);
  });

  test('SEC-002 cart calls use the session cookie, the CSRF token and the slate token together', async () => {
    const s = await shopper();
    const cookieless = new Shopper(ctx.app);
    cookieless.csrfToken = s.csrfToken;
    cookieless.slateToken = s.slateToken;
    expect((await cookieless.addItems([{ ...SPEAKER, quantity: 1 }])).statusCode).toBe(403);
    expect((await s.addItems([{ ...SPEAKER, quantity: 1 }])).statusCode).toBe(200);
  });

  test('CART-023 the strings true and false become booleans in additionalParameters', async () => {
    const s = await shopper();
    const response = await s.addItems([
      {
        ...SPEAKER,
        quantity: 1,
        additionalParameters: {
          giftOptions: { includeGiftReceipt: 'true' },
          devicePreregistration: { selected: 'false' },
          installments: { programId: 'INSTALLMENTS-5' },
        },
      },
    ]);
    expect(response.statusCode).toBe(200);
    const items = await s.request({ method: 'GET', url: '/api/marketplaces/ATVPDKIKX0DER/cart/items' });
    expect(items.json().entity.items[0].additionalParameters).toEqual({
      giftOptions: { includeGiftReceipt: true },
      devicePreregistration: { selected: false },
      installments: { programId: 'INSTALLMENTS-5' },
    });
  });

  test('CART-028 CART-029 additionalParameters and the item association are stored with the line', async () => {
    const s = await shopper();
    const first = await s.addItems([{ ...SPEAKER, quantity: 1 }]);
    const speakerLine = first.json().entity.items[0].id;
    const response = await s.addItems([
      {
        ...PLUG,
        quantity: 1,
        additionalParameters: {
          incentivizedCart: { promotionId: 'P1' },
          paymentOfferInfo: { offerId: 'PO-1' },
          itemAssociation: {
            associatedItemId: speakerLine,
            renderType: 'renderAll',
            programType: 'AmazonProtect',
            deleteConstraint: { mutuallyInclusive: false },
          },
        },
      },
    ]);
    expect(response.statusCode).toBe(200);
    const items = (
      await s.request({ method: 'GET', url: '/api/marketplaces/ATVPDKIKX0DER/cart/items' })
    ).json().entity.items;
    const plug = items.find((i: { asin: string }) => i.asin === PLUG.asin);
    expect(plug).toMatchObject({ associatedItemId: speakerLine });
    expect(plug.additionalParameters.itemAssociation.programType).toBe('AmazonProtect');
  });

  test('CART-025 an empty item list is rejected with 400 and nothing changes', async () => {
    const s = await shopper();
    const response = await s.addItems([]);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'invalid_request', field: 'items' });
    expect(await s.cartCount()).toBe(0);
  });

  test('CART-039 a refused item is a 4xx error naming the field, and nothing of the request is written', async () => {
    const s = await shopper();
    const response = await s.addItems([
      { ...SPEAKER, quantity: 1 },
      { ...PLUG, quantity: 3 },
    ]);
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toEqual({
      code: 'above_max_order_quantity',
      message: `asin ${PLUG.asin} is limited to 2 per order`,
      field: 'items.1.quantity',
    });
    expect(await s.cartCount()).toBe(0);
  });

  test('the server validates asin, offer, quantity, stock and min/max order quantity', async () => {
    const s = await shopper();
    const cases: [unknown, number, string][] = [
      [{ asin: '', offerListingId: SPEAKER.offerListingId, quantity: 1 }, 400, 'invalid_request'],
      [{ ...SPEAKER, quantity: 0 }, 400, 'invalid_request'],
      [{ ...SPEAKER, quantity: 1.5 }, 400, 'invalid_request'],
      [{ ...SPEAKER, quantity: '1' }, 400, 'invalid_request'],
      [{ ...SPEAKER, quantity: 1e9 }, 400, 'invalid_request'],
      [{ asin: SPEAKER.asin, offerListingId: 'OL-NOPE', quantity: 1 }, 404, 'offer_not_found'],
      [{ asin: BATTERIES, offerListingId: SPEAKER.offerListingId, quantity: 1 }, 409, 'offer_mismatch'],
      [{ ...SPEAKER, quantity: 11 }, 422, 'above_max_order_quantity'],
      [{ ...FILTER, quantity: 2 }, 422, 'below_min_order_quantity'],
      [{ ...SPEAKER, quantity: 1, extra: true }, 400, 'invalid_request'],
    ];
    for (const [item, status, code] of cases) {
      const response = await s.addItems([item]);
      expect({ item, status: response.statusCode, code: response.json().error?.code }).toEqual({
        item,
        status,
        code,
      });
    }
    expect(await s.cartCount()).toBe(0);
  });

  test('an unknown marketplace is a 404', async () => {
    const s = await shopper();
    const response = await s.addItems([{ ...SPEAKER, quantity: 1 }], { marketplaceId: 'NOPE' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('unknown_marketplace');
  });

  test('a versioned content type of another request type is refused with 415', async () => {
    const s = await shopper();
    const response = await s.addItems([{ ...SPEAKER, quantity: 1 }], {
      headers: { 'content-type': 'application/vnd.com.amazon.api+json; type="cart.delete-items.request/v1"' },
    });
    expect(response.statusCode).toBe(415);
  });

  test('GET cart/items filters by cart type RETAIL and lists asin and quantity', async () => {
    const s = await shopper();
    await s.addItems([{ ...SPEAKER, quantity: 2 }]);
    const response = await s.request({
      method: 'GET',
      url: '/api/marketplaces/ATVPDKIKX0DER/cart/items?cartTypes=RETAIL',
    });
    expect(response.json()).toMatchObject({
      type: 'cart.items/v1',
      entity: {
        items: [{ asin: SPEAKER.asin, quantity: 2, cartType: 'RETAIL', price: { displayString: '$49.99' } }],
      },
    });
    const fresh = await s.request({
      method: 'GET',
      url: '/api/marketplaces/ATVPDKIKX0DER/cart/items?filter=FRESH',
    });
    expect(fresh.json().entity.items).toEqual([]);
    const bad = await s.request({
      method: 'GET',
      url: '/api/marketplaces/ATVPDKIKX0DER/cart/items?cartTypes=SAVED',
    });
    expect(bad.statusCode).toBe(400);
  });

  test('GET cart/summary gives the RETAIL subtotal displayString', async () => {
    const s = await shopper();
    await s.addItems([{ ...SPEAKER, quantity: 3 }]);
    const response = await s.request({
      method: 'GET',
      url: '/api/marketplaces/ATVPDKIKX0DER/cart/summary?cartTypes=RETAIL',
    });
    expect(response.json()).toEqual({
      type: 'cart.summary/v1',
      entity: {
        summary: [
          {
            cartType: 'RETAIL',
            itemCount: 3,
            subtotal: { amount: 149.97, currencyCode: 'USD', displayString: '$149.97' },
            discounts: [],
            total: { amount: 149.97, currencyCode: 'USD', displayString: '$149.97' },
          },
        ],
      },
    });
  });

  test('concurrent adds to one cart never pass the maximum order quantity', async () => {
    const s = await shopper();
    const results = await Promise.all(
      Array.from({ length: 8 }, () => s.addItems([{ ...PLUG, quantity: 1 }])),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(2);
    expect(results.every((r) => r.statusCode < 500)).toBe(true);
    expect(await s.cartCount()).toBe(2);
  });

  describe('the legacy form call', () => {
    const form = (s: Shopper, fields: Record<string, string>, path = '/gp/add-to-cart/json/') =>
      s.postForm(path, { verificationSessionID: s.sessionId, clientName: 'retail', ...fields });

    test('CART-030 POST /gp/add-to-cart/json/ adds the asin.{i}/offeringID.{i}/quantity.{i} items', async () => {
      const s = await shopper();
      const response = await form(s, {
        'asin.1': SPEAKER.asin,
        'offeringID.1': SPEAKER.offerListingId,
        'quantity.1': '2',
        'asin.2': MUSIC,
        'offeringID.2': `OL-${MUSIC}-NEW`,
        'quantity.2': '1',
        'custom-name.2.1': 'plan',
        'custom-value.2.1': 'monthly',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ isOK: true, cartQuantity: 3 });
      expect(await s.cartCount()).toBe(3);
    });

    test('CART-031 the path takes an optional ref= suffix (ref=ldabb for the deals upsell)', async () => {
      const s = await shopper();
      const response = await form(
        s,
        { 'asin.1': SPEAKER.asin, 'offeringID.1': SPEAKER.offerListingId },
        '/gp/add-to-cart/json/ref=ldabb',
      );
      expect(response.statusCode).toBe(200);
      expect(await s.cartCount()).toBe(1);
    });

    test('CART-032 the deals variant with ASIN.{i} and offerListingID.{i} adds too', async () => {
      const s = await shopper();
      const response = await form(s, {
        'ASIN.1': SPEAKER.asin,
        'offerListingID.1': SPEAKER.offerListingId,
        'quantity.1': '1',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().items[0]).toMatchObject({ asin: SPEAKER.asin, quantity: 1 });
    });

    test('CART-033 the answer is plain JSON the caller passes on', async () => {
      const s = await shopper();
      const response = await form(s, { 'asin.1': SPEAKER.asin, 'offeringID.1': SPEAKER.offerListingId });
      expect(response.headers['content-type']).toContain('application/json');
      expect(Object.keys(response.json()).sort()).toEqual(['cartQuantity', 'isOK', 'items']);
    });

    test('CART-040 the flagged form variant posts to /cart/add-to-cart/ref={tag}', async () => {
      const s = await shopper();
      const response = await form(
        s,
        { 'asin.1': SPEAKER.asin, 'offeringID.1': SPEAKER.offerListingId },
        '/cart/add-to-cart/ref=dp_start',
      );
      expect(response.statusCode).toBe(200);
      expect(await s.cartCount()).toBe(1);
    });

    test('a form without the CSRF field, or with another session id, changes nothing', async () => {
      const s = await shopper();
      const noToken = await s.postForm(
        '/gp/add-to-cart/json/',
        { 'asin.1': SPEAKER.asin, 'offeringID.1': SPEAKER.offerListingId },
        { csrf: false },
      );
      expect(noToken.statusCode).toBe(403);
      const otherSession = await s.postForm('/gp/add-to-cart/json/', {
        verificationSessionID: '000-0000000-0000000',
        'asin.1': SPEAKER.asin,
        'offeringID.1': SPEAKER.offerListingId,
      });
      expect(otherSession.statusCode).toBe(403);
      expect(otherSession.json().error.field).toBe('verificationSessionID');
      expect(await s.cartCount()).toBe(0);
    });

    test('a refused form item names the form field the shopper sent', async () => {
      const s = await shopper();
      const response = await form(s, {
        'asin.4': PLUG.asin,
        'offeringID.4': PLUG.offerListingId,
        'quantity.4': '5',
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().error.field).toBe('quantity.4');
    });

    test('CART-025 a form with no items is a 400', async () => {
      const s = await shopper();
      const response = await form(s, {});
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('no_items');
    });
  });
});
