import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCustomer } from '../../../../tests/factories/customer-factory';
import {
  createFreshOrder,
  createGroceryAddress,
  createGroceryProduct,
} from '../../../../tests/factories/grocery-factory';
import { GroceryShopper } from '../../../../tests/helpers/grocery-shopper';
import { createTestApp, type TestContext } from '../../../../tests/helpers/test-app';
import { dialects } from '../../../../tests/helpers/test-store';

const pageData = (html: string) =>
  JSON.parse(/<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}');

describe.each(dialects)('grocery pages on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(dialect, { seed: false });
  });
  afterAll(() => ctx?.close());

  test('GRO-002 GRO-003 the store front lists what the store sells; an unknown store or brand is not found', async () => {
    const bananas = await createGroceryProduct(ctx.store.db, {}, { now: ctx.clock.now });
    const store = bananas.grocery.stores[0];
    const s = new GroceryShopper(ctx.app);
    const page = await s.visit(`/alm/storefront?almBrandId=TEST-FRESH&almStoreId=${store?.storeId}`);
    expect(page.statusCode).toBe(200);
    expect(pageData(page.body).view).toMatchObject({
      kind: 'storefront',
      storeName: store?.name,
      products: [{ asin: bananas.asin, unit: 'bunch', price: { displayString: '$1.49' } }],
    });
    expect((await s.visit(`/alm/storefront?almBrandId=OTHER&almStoreId=${store?.storeId}`)).statusCode).toBe(
      404,
    );
    expect((await s.visit('/alm/storefront')).statusCode).toBe(404);
  });

  test('GRO-003 the ordering service page shows a fresh order to its customer only', async () => {
    const bananas = await createGroceryProduct(ctx.store.db, {}, { now: ctx.clock.now });
    const customer = await createCustomer(ctx.store.db, {}, { now: ctx.clock.now });
    const addressId = await createGroceryAddress(ctx.store.db, customer.id, {}, { select: true });
    const orderId = await createFreshOrder(ctx.store.db, {
      customerId: customer.id,
      storeId: bananas.grocery.stores[0]?.storeId ?? '',
      addressId,
      cutoffAt: ctx.clock.now + 3_600_000,
      now: ctx.clock.now,
    });
    const stranger = new GroceryShopper(ctx.app);
    expect((await stranger.visit(`/fom/orders/${orderId}`)).statusCode).toBe(404);
    const owner = new GroceryShopper(ctx.app);
    await owner.signIn(customer.email, customer.password);
    const page = await owner.visit(`/fom/orders/${orderId}`);
    expect(page.statusCode).toBe(200);
    expect(pageData(page.body).view).toMatchObject({ kind: 'fresh-order', orderId, open: true, items: [] });
  });

  test('GRO-022 the substitute page lists the conflicts and only ever goes back to a path on this site', async () => {
    const milk = await createGroceryProduct(
      ctx.store.db,
      { stores: [{ postalCodePrefixes: ['981'] }] },
      { now: ctx.clock.now },
    );
    const customer = await createCustomer(ctx.store.db, {}, { now: ctx.clock.now });
    await createGroceryAddress(ctx.store.db, customer.id, {}, { select: true });
    const s = new GroceryShopper(ctx.app);
    await s.signIn(customer.email, customer.password);
    await s.visit(`/dp/${milk.asin}`);
    await s.addFresh(milk, 1);
    const sf = await createGroceryAddress(
      ctx.store.db,
      customer.id,
      { city: 'San Francisco', postalCode: '94105' },
      { select: true },
    );
    expect(sf).toBeTruthy();
    const page = await s.visit(
      `/afx/cartconflicts/resolve/substitute?sourceUrl=${encodeURIComponent(`/dp/${milk.asin}`)}&ref=dp_cc&client=atfc`,
    );
    expect(pageData(page.body).view).toMatchObject({
      kind: 'substitute',
      sourceUrl: `/dp/${milk.asin}`,
      ref: 'dp_cc',
      addressLabel: 'Sam Carter – San Francisco 94105',
      conflicts: [{ asin: milk.asin, substituteStoreName: null }],
    });
    const foreign = await s.visit(
      '/afx/cartconflicts/resolve/substitute?sourceUrl=https%3A%2F%2Fevil.example%2F',
    );
    expect(pageData(foreign.body).view.sourceUrl).toBe('/');
  });

  test('GRO-035 ?language= sets the page language when the store knows it', async () => {
    const bananas = await createGroceryProduct(ctx.store.db, {}, { now: ctx.clock.now });
    const s = new GroceryShopper(ctx.app);
    const german = await s.visit(`/dp/${bananas.asin}?language=de_DE`);
    expect(german.body).toContain('<html lang="de-DE">');
    expect(pageData(german.body).language).toBe('de-DE');
    const unknown = await s.visit(`/dp/${bananas.asin}?language=xx_YY`);
    expect(unknown.body).toContain('<html lang="en-US">');
  });
});
