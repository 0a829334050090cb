import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createBusinessProduct } from '../../../../tests/factories/business-factory';
import { createCustomer } from '../../../../tests/factories/customer-factory';
import { createTestApp, Shopper, type TestContext } from '../../../../tests/helpers/test-app';
import { dialects } from '../../../../tests/helpers/test-store';

const pageData = (html: string) => {
  const json = /<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(html)?.[1];
  if (!json) throw new Error('no page data in the page');
  return JSON.parse(json);
};

describe.each(dialects)('the fast-forward basket on %s', (dialect) => {
  let ctx: TestContext;
  let product: Awaited<ReturnType<typeof createBusinessProduct>>;
  beforeAll(async () => {
    ctx = await createTestApp(dialect, { seed: false });
    product = await createBusinessProduct(ctx.store.db, {}, 50);
  });
  afterAll(() => ctx?.close());

  const businessShopper = async () => {
    const buyer = await createCustomer(ctx.store.db, { business: true });
    const s = new Shopper(ctx.app);
    await s.signIn(buyer.email, buyer.password);
    return s;
  };

  test('BIZ-003 the split link page spreads the quantity over the sellers, cheapest first, and says what is short', async () => {
    const s = await businessShopper();
    const page = await s.visit(
      `/gp/buy/basket/ff.html?quantity=170&asin=${product.asin}&ref_=bbt_limit_order`,
    );
    expect(page.statusCode).toBe(200);
    const data = pageData(page.body);
    expect(data).toMatchObject({
      page: 'split-basket',
      refTag: 'bbt_limit_order',
      quantity: 170,
      shortBy: 20,
    });
    expect(
      data.lines.map((l: { merchantName: string; quantity: number }) => [l.merchantName, l.quantity]),
    ).toEqual([
      ['Paperworks Test Direct', 50],
      ['Summit Test Supply', 50],
      ['Northwind Market', 50],
    ]);
    // 50 at 3.33% off $1.00 = $48.335 → $48.34 (half-even once); 50 at the 40+ tier, 23.37% off $9.60 → $367.824 → $367.82; 50 × $9.60.
    expect(
      data.lines.map((l: { lineTotal: { displayString: string } }) => l.lineTotal.displayString),
    ).toEqual(['$48.34', '$367.82', '$480.00']);
    expect(data.total.displayString).toBe('$896.16');
    // Someone who is not a business customer is offered the regular offer only.
    const consumer = new Shopper(ctx.app);
    const theirs = pageData(
      (await consumer.visit(`/gp/buy/basket/ff.html?quantity=170&asin=${product.asin}`)).body,
    );
    expect(theirs.lines.map((l: { merchantName: string }) => l.merchantName)).toEqual(['Northwind Market']);
    expect(theirs.shortBy).toBe(120);
  });

  test('BIZ-003 "add all" puts every line in the cart at once and goes to the cart', async () => {
    const s = await businessShopper();
    await s.visit(`/gp/buy/basket/ff.html?quantity=120&asin=${product.asin}&ref_=bbt_limit_order`);
    const added = await s.postForm('/gp/buy/basket/ff.html', { asin: product.asin, quantity: '120' });
    expect(added.statusCode).toBe(303);
    expect(added.headers.location).toBe('/gp/cart/view.html?notice=added');
    const items = (
      await s.request({ method: 'GET', url: '/api/marketplaces/ATVPDKIKX0DER/cart/items' })
    ).json().entity.items;
    expect(
      items.map((i: { offerListingId: string; quantity: number }) => [i.offerListingId, i.quantity]).sort(),
    ).toEqual(
      [
        [product.ids.custom, 50],
        [product.ids.b2b, 50],
        [product.ids.regular, 20],
      ].sort(),
    );
  });

  test('BIZ-003 a bad form, a missing CSRF token or an unknown product changes nothing', async () => {
    const s = await businessShopper();
    await s.visit(`/gp/buy/basket/ff.html?quantity=2&asin=${product.asin}`);
    expect(
      (await s.postForm('/gp/buy/basket/ff.html', { asin: product.asin, quantity: '0' })).statusCode,
    ).toBe(400);
    expect((await s.postForm('/gp/buy/basket/ff.html', { asin: 'nope', quantity: '2' })).statusCode).toBe(
      400,
    );
    expect(
      (await s.postForm('/gp/buy/basket/ff.html', { asin: product.asin, quantity: '2' }, { csrf: false }))
        .statusCode,
    ).toBe(403);
    expect(await s.cartCount()).toBe(0);
    expect((await s.visit('/gp/buy/basket/ff.html?quantity=2&asin=B0NOSUCH00')).statusCode).toBe(404);
    expect((await s.visit('/gp/buy/basket/ff.html?quantity=2')).statusCode).toBe(404);
  });
});
