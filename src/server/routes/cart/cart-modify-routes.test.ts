import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createProduct } from '../../../../tests/factories/product-factory';
import { createTestApp, Shopper, type TestContext } from '../../../../tests/helpers/test-app';
import { dialects } from '../../../../tests/helpers/test-store';

describe.each(dialects)('the default slider’s cart calls on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(dialect, { seed: false });
  });
  afterAll(() => ctx?.close());

  const url = '/api/marketplaces/ATVPDKIKX0DER/cart/carts/retail/items';
  const modify = (s: Shopper, items: unknown, headers: Record<string, string> = {}) =>
    s.request({
      method: 'PUT',
      url,
      headers: {
        'content-type': 'application/json',
        'x-csrf-token': s.csrfToken,
        'x-encrypted-slate-token': s.slateToken,
        ...headers,
      },
      payload: JSON.stringify({ items }),
    });

  test('SL-013 SL-014 SL-012 POST adds and answers entity.items[0] id and quantity; PUT sets the line by its id without the leading C', async () => {
    const product = await createProduct(
      ctx.store.db,
      { offers: [{ maxOrderQuantity: 4 }] },
      { now: ctx.clock.now },
    );
    const s = new Shopper(ctx.app);
    await s.visit(`/dp/${product.asin}`);
    const item = { asin: product.asin, offerListingId: `OL-${product.asin}-NEW` };
    const added = await s.addItems([{ ...item, quantity: 1 }]);
    const line = added.json().entity.items[0];
    expect(line).toMatchObject({ id: expect.stringMatching(/^C/), quantity: 1 });
    const set = await modify(s, [{ id: line.id.slice(1), quantity: 3 }]);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({
      type: 'cart.modify-items/v1',
      entity: {
        items: [{ id: line.id, ...item, quantity: 3 }],
        count: { type: 'cart.count/v1', entity: { items: 3 } },
      },
    });
    // The full id works too; over the limit is refused and changes nothing.
    const over = await modify(s, [{ id: line.id, quantity: 5 }]);
    expect(over.statusCode).toBe(422);
    expect(over.json().error.code).toBe('above_max_order_quantity');
    expect((await modify(s, [{ id: 'CNOSUCHLINE', quantity: 1 }])).statusCode).toBe(404);
    expect(
      (await modify(s, [{ id: line.id.slice(1), quantity: 2 }], { 'x-encrypted-slate-token': 'forged' }))
        .statusCode,
    ).toBe(403);
    const removed = await modify(s, [{ id: line.id.slice(1), quantity: 0 }]);
    expect(removed.json().entity.items[0].quantity).toBe(0);
    expect(await s.cartCount()).toBe(0);
  });
});
