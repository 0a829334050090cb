import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCustomer, demoAccountShape } from '../../../../tests/factories/customer-factory';
import { createTestApp, Shopper, type TestContext } from '../../../../tests/helpers/test-app';
import { dialects } from '../../../../tests/helpers/test-store';
import { catalogSchema } from '../../catalog/catalog-schema';
import { importCatalog } from '../../catalog/import-catalog';

// A product of this test's own, sold at $10.00, $9.50 from 5 units and $9.00 from 10.
const TIERED = { asin: 'B0TIERED01', offerListingId: 'OL-B0TIERED01-NEW' };
const TIERED_CATALOG = catalogSchema.parse({
  products: [
    {
      asin: TIERED.asin,
      title: 'Tiered price test cable',
      brand: 'Northwind Test',
      productGroup: 'gl_electronics',
      images: [{ src: '/images/test-cable.jpg', alt: 'Test cable' }],
      offers: [
        {
          offerListingId: TIERED.offerListingId,
          merchant: { id: 'M-TEST', name: 'Northwind Test Goods' },
          price: 10,
          stock: 500,
          maxOrderQuantity: 50,
          quantityTiers: [
            { minimumQuantity: 5, price: 9.5 },
            { minimumQuantity: 10, price: 9 },
          ],
        },
      ],
    },
  ],
});

const ADDRESS = {
  fullName: 'Sam Carter',
  line1: '410 Terry Ave N',
  city: 'Seattle',
  state: 'WA',
  postalCode: '98109',
};

const pageData = (html: string) => {
  const json = /<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(html)?.[1];
  if (!json) throw new Error('no page data in the page');
  return JSON.parse(json) as { subtotal: { displayString: string }; itemCount: number };
};

describe.each(dialects)('a tiered offer costs the same everywhere on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(dialect, { seed: false });
    await importCatalog(ctx.store.db, TIERED_CATALOG, ctx.clock.now);
  });
  afterAll(() => ctx?.close());

  test('at a tier quantity, /cart/summary, the cart page, checkout and the placed order show one subtotal', async () => {
    const shopper = await createCustomer(ctx.store.db, demoAccountShape('shopper'), { now: ctx.clock.now });
    const s = new Shopper(ctx.app);
    await s.signIn(shopper.email, shopper.password);
    await s.visit(`/dp/${TIERED.asin}`);
    const added = await s.addItems([{ ...TIERED, quantity: 5 }]);
    expect(added.statusCode).toBe(200);

    // 5 × $9.50, not 5 × $10.00.
    const expected = '$47.50';
    const summary = await s.request({ method: 'GET', url: '/api/marketplaces/ATVPDKIKX0DER/cart/summary' });
    expect(summary.json().entity.summary).toContainEqual({
      cartType: 'RETAIL',
      itemCount: 5,
      subtotal: expect.objectContaining({ amount: 47.5, displayString: expected }),
      discounts: [],
      total: expect.objectContaining({ amount: 47.5, displayString: expected }),
    });
    const items = await s.request({ method: 'GET', url: '/api/marketplaces/ATVPDKIKX0DER/cart/items' });
    expect(items.json().entity.items[0].price.displayString).toBe('$9.50');

    const cart = pageData((await s.visit('/gp/cart/view.html')).body);
    expect(cart.subtotal.displayString).toBe(expected);
    expect(cart.itemCount).toBe(5);

    const checkout = pageData((await s.visit('/gp/buy/spc/handlers/display.html')).body);
    expect(checkout.subtotal.displayString).toBe(expected);

    const placed = await s.postForm('/gp/buy/spc/handlers/place-order.html', { source: 'cart', ...ADDRESS });
    expect(placed.statusCode).toBe(303);
    const confirmation = placed.headers.location as string;
    const orderId = new URL(confirmation, 'http://x').searchParams.get('orderId') as string;
    const order = await ctx.store.db
      .selectFrom('orders')
      .select('subtotal_minor')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(order.subtotal_minor).toBe(4750);
    const thanks = pageData((await s.visit(confirmation)).body);
    expect(thanks.subtotal.displayString).toBe(expected);
  });

  test('buy now at a tier quantity is priced like the same cart line', async () => {
    const prime = await createCustomer(ctx.store.db, demoAccountShape('prime'), { now: ctx.clock.now });
    const s = new Shopper(ctx.app);
    await s.signIn(prime.email, prime.password);
    const checkout = pageData(
      (
        await s.visit(
          `/gp/buy/spc/handlers/display.html?asin=${TIERED.asin}&offerListingId=${TIERED.offerListingId}&quantity=10`,
        )
      ).body,
    );
    expect(checkout.subtotal.displayString).toBe('$90.00');
  });
});
