import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCustomer, demoAccountShape } from '../../../../tests/factories/customer-factory';
import { createDemoCopies } from '../../../../tests/factories/demo-products';
import { createTestApp, Shopper, type TestContext } from '../../../../tests/helpers/test-app';
import { dialects } from '../../../../tests/helpers/test-store';

const US = 'ATVPDKIKX0DER';

describe.each(dialects)('product API on %s', (dialect) => {
  let ctx: TestContext;
  let shopper: Shopper;
  let business: Shopper;
  // The test's own products, shaped like the demo speaker, copy paper (15 tiers over 3 pages),
  // batteries and tablet, and a business customer.
  let SPK = '';
  let PAPER = '';
  let BATTERIES = '';
  let TABLET = '';
  beforeAll(async () => {
    ctx = await createTestApp(dialect, { seed: false });
    const now = ctx.clock.now;
    const copies = await createDemoCopies(
      ctx.store.db,
      ['B0PDPSPK01', 'B0PDPPAP01', 'B0PDPBAT01', 'B0PDPTAB01'],
      {
        now,
      },
    );
    SPK = copies.asin('B0PDPSPK01');
    PAPER = copies.asin('B0PDPPAP01');
    BATTERIES = copies.asin('B0PDPBAT01');
    TABLET = copies.asin('B0PDPTAB01');
    shopper = new Shopper(ctx.app);
    await shopper.visit(`/dp/${SPK}`);
    business = new Shopper(ctx.app);
    const account = await createCustomer(ctx.store.db, demoAccountShape('business'), { now });
    await business.signIn(account.email, account.password);
  });
  afterAll(() => ctx?.close());

  const get = (path: string) =>
    shopper.request({ method: 'GET', url: `/api/marketplaces/${US}/products/${path}` });
  // Business-only offers (B2B_NEW, CUSTOM_OFFER) are shown to business customers only (decision 0022).
  const getAsBusiness = (path: string) =>
    business.request({ method: 'GET', url: `/api/marketplaces/${US}/products/${path}` });

  test('answers the product with images, title, price, reviews summary, bullets, quantity, call to action and availability', async () => {
    const response = await get(SPK);
    expect(response.statusCode).toBe(200);
    const { entity } = response.json();
    expect(entity.asin).toBe(SPK);
    expect(entity.title.displayString).toMatch(/Nimbus/);
    expect(entity.images.length).toBeGreaterThan(0);
    expect(entity.images[0]).toMatchObject({
      url: expect.stringMatching(/^\/images\/demo\/.+\.svg$/),
      altText: expect.any(String),
    });
    expect(entity.customerReviewsSummary).toMatchObject({
      starRating: expect.any(Number),
      ratingCount: expect.any(Number),
    });
    expect(entity.featureBullets.length).toBeGreaterThan(0);
    const option = entity.buyingOptions[0];
    expect(option).toMatchObject({
      type: 'NEW',
      offerListingId: `OL-${SPK}-NEW`,
      price: {
        priceToPay: { amount: 49.99, currencyCode: 'USD', displayString: '$49.99' },
        basisPrice: { amount: 59.99, currencyCode: 'USD', displayString: '$59.99' },
        savings: { percentage: 17 },
      },
      quantity: { minOrderQuantity: 1, maxOrderQuantity: 10 },
      callToAction: { addToCart: { data: { canAddToCart: true, offerListingId: `OL-${SPK}-NEW` } } },
      availability: { type: 'IN_STOCK' },
    });
    expect(option.quantityPricingTable).toBeUndefined();
  });

  test('expand= returns only the requested expansions and refuses unknown ones', async () => {
    const { entity } = (await get(`${SPK}?expand=title,price`)).json();
    expect(entity.title).toBeDefined();
    expect(entity.images).toBeUndefined();
    expect(entity.buyingOptions[0].price).toBeDefined();
    expect(entity.buyingOptions[0].availability).toBeUndefined();
    const bad = await get(`${SPK}?expand=title,secrets`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('unknown expansion "secrets"');
  });

  test('BIZ-047 itemQuantity prices the quantity by tier and merchantId picks the seller', async () => {
    const all = (await getAsBusiness(`${PAPER}?expand=price,quantity`)).json().entity.buyingOptions;
    expect(all.map((o: { type: string }) => o.type).sort()).toEqual(['B2B_NEW', 'CUSTOM_OFFER', 'NEW']);
    const b2b = all.find((o: { type: string }) => o.type === 'B2B_NEW');
    const one = (await getAsBusiness(`${PAPER}?expand=price&merchantId=${b2b.merchant.merchantId}`)).json()
      .entity.buyingOptions;
    expect(one).toHaveLength(1);
    const many = (
      await getAsBusiness(`${PAPER}?expand=price&merchantId=${b2b.merchant.merchantId}&itemQuantity=50`)
    ).json().entity.buyingOptions[0];
    expect(many.price.priceToPay.amount).toBeLessThan(one[0].price.priceToPay.amount);
  });

  test('BIZ-049 BIZ-050 the quantity pricing table pages through nextPage URLs and a page past the end is a 404', async () => {
    const first = (
      await getAsBusiness(`${PAPER}?expand=quantityPricingTable&buyingOptionTypes=B2B_NEW`)
    ).json().entity.buyingOptions[0];
    const tiers = [...first.quantityPricingTable.tiers];
    let next: string | undefined = first.quantityPricingTable.nextPage?.resource.url;
    let pages = 1;
    while (next) {
      const page = await business.request({ method: 'GET', url: next });
      expect(page.statusCode).toBe(200);
      const table = page.json().entity.buyingOptions[0].quantityPricingTable;
      tiers.push(...table.tiers);
      next = table.nextPage?.resource.url;
      pages++;
    }
    expect(pages).toBeGreaterThanOrEqual(3);
    expect(tiers.length).toBeGreaterThanOrEqual(15);
    const minimums = tiers.map((t: { minimumQuantity: number }) => t.minimumQuantity);
    expect(minimums).toEqual([...minimums].sort((a, b) => a - b));
    expect(tiers[0]).toMatchObject({
      priceMessage: expect.stringMatching(/^\$\d+\.\d{2}\/unit$/),
      hidden: false,
    });
    const past = await getAsBusiness(
      `${PAPER}?expand=quantityPricingTable&buyingOptionTypes=B2B_NEW&page=${pages + 1}`,
    );
    expect(past.statusCode).toBe(404);
  });

  test('buyingOptionTypes=LIGHTNING_DEAL filters to deal offers (none before deals exist)', async () => {
    const response = await get(`${SPK}?buyingOptionTypes=LIGHTNING_DEAL&offerListingId=OL-${SPK}-NEW`);
    expect(response.statusCode).toBe(200);
    expect(response.json().entity.buyingOptions).toEqual([]);
  });

  test('an unknown asin or marketplace is a 404 JSON error; bad parameters are a 400', async () => {
    expect((await get('B0NOPE0000')).json()).toEqual({
      error: { code: 'unknown_product', message: 'no product with this asin' },
    });
    const market = await shopper.request({ method: 'GET', url: `/api/marketplaces/XX/products/${SPK}` });
    expect(market.statusCode).toBe(404);
    for (const query of ['itemQuantity=0', 'itemQuantity=abc', 'itemQuantity=1000', 'page=11', 'bogus=1']) {
      const response = await get(`${SPK}?${query}`);
      expect({ query, status: response.statusCode }).toEqual({ query, status: 400 });
    }
  });

  test('identical calls share a cached answer for PRODUCT_CACHE_TTL_MS, then read the database again', async () => {
    const url = `${BATTERIES}?expand=price`;
    const before = (await get(url)).json().entity.buyingOptions[0].price.priceToPay.amount;
    await ctx.store.db
      .updateTable('offers')
      .set({ price_minor: 111 })
      .where('asin', '=', BATTERIES)
      .execute();
    expect((await get(url)).json().entity.buyingOptions[0].price.priceToPay.amount).toBe(before);
    ctx.clock.now += ctx.app.env.PRODUCT_CACHE_TTL_MS + 1;
    expect((await get(url)).json().entity.buyingOptions[0].price.priceToPay).toMatchObject({
      amount: 1.11,
      displayString: '$1.11',
    });
  });

  test('a cached answer still goes through the app hooks: a new visitor gets a session cookie, every answer the security headers', async () => {
    const url = `/api/marketplaces/${US}/products/${TABLET}?expand=price`;
    const first = await ctx.app.inject({ method: 'GET', url });
    const second = await ctx.app.inject({ method: 'GET', url });
    expect(second.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(String(second.headers['set-cookie'])).toContain('session-token=');
    expect(second.headers['x-content-type-options']).toBe('nosniff');
    // The same product asked in another way is its own entry and is validated as always.
    const bad = await ctx.app.inject({ method: 'GET', url: `${url}&bogus=1` });
    expect(bad.statusCode).toBe(400);
  });

  test('prices follow the marketplace format: a product without offers in JP has no buying options', async () => {
    const response = await shopper.request({
      method: 'GET',
      url: `/api/marketplaces/A1VC38T7YXB528/products/${SPK}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().entity.buyingOptions).toEqual([]);
  });

  test('path segments longer than 20 characters are a 400; an empty query string is the call without a query', async () => {
    const long = await get(`${SPK}${'X'.repeat(11)}`);
    expect(long.statusCode).toBe(400);
    const market = await shopper.request({
      method: 'GET',
      url: `/api/marketplaces/${US}${'X'.repeat(8)}/products/${SPK}`,
    });
    expect(market.statusCode).toBe(400);
    const bare = await get(SPK);
    const empty = await get(`${SPK}?`);
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toBe(bare.body);
  });
});
