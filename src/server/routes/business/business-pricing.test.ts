import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createBusinessProduct } from '../../../../tests/factories/business-factory';
import { createCustomer, demoAccountShape } from '../../../../tests/factories/customer-factory';
import { createDemoCopies } from '../../../../tests/factories/demo-products';
import { createTestApp, Shopper, type TestContext } from '../../../../tests/helpers/test-app';
import { dialects } from '../../../../tests/helpers/test-store';

const US = 'ATVPDKIKX0DER';
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
  return JSON.parse(json);
};

describe.each(dialects)('business pricing on %s', (dialect) => {
  let ctx: TestContext;
  let product: Awaited<ReturnType<typeof createBusinessProduct>>;
  let business: Shopper;
  let consumer: Shopper;
  beforeAll(async () => {
    ctx = await createTestApp(dialect, { seed: false });
    product = await createBusinessProduct(ctx.store.db);
    const buyer = await createCustomer(ctx.store.db, { business: true });
    business = new Shopper(ctx.app);
    await business.signIn(buyer.email, buyer.password);
    await business.visit(`/dp/${product.asin}`);
    const person = await createCustomer(ctx.store.db);
    consumer = new Shopper(ctx.app);
    await consumer.signIn(person.email, person.password);
    await consumer.visit(`/dp/${product.asin}`);
  });
  afterAll(() => ctx?.close());

  const api = (s: Shopper, query: string) =>
    s.request({ method: 'GET', url: `/api/marketplaces/${US}/products/${product.asin}?${query}` });

  test('BIZ-007 business customers see NEW, B2B_NEW and CUSTOM_OFFER; anyone else only NEW, never a business price', async () => {
    const types = async (s: Shopper) =>
      (await api(s, 'expand=price'))
        .json()
        .entity.buyingOptions.map((o: { type: string }) => o.type)
        .sort();
    expect(await types(business)).toEqual(['B2B_NEW', 'CUSTOM_OFFER', 'NEW']);
    expect(await types(consumer)).toEqual(['NEW']);
    const anonymous = new Shopper(ctx.app);
    await anonymous.visit(`/dp/${product.asin}`);
    expect(await types(anonymous)).toEqual(['NEW']);
    // Asked for a business offer by id or type, a consumer gets nothing.
    const byId = (await api(consumer, `offerListingId=${product.ids.b2b}&expand=price`)).json();
    expect(byId.entity.buyingOptions).toEqual([]);

    const consumerPage = await consumer.visit(`/dp/${product.asin}?qty=12`);
    expect(pageData(consumerPage.body).business).toBeNull();
    expect(consumerPage.body).not.toContain('$8.40');
    expect(consumerPage.body).not.toContain('Summit Test Supply');
    const businessPage = pageData((await business.visit(`/dp/${product.asin}?qty=12`)).body);
    expect(
      businessPage.business.boxes.map(
        (b: { settings: { buyingOptionStereotype: string } }) => b.settings.buyingOptionStereotype,
      ),
    ).toEqual(['default', 'customOffer']);
  });

  test('BIZ-009 the page gives each picker its settings: ids, stereotype, least minimum, texts, flags and bulk URL', async () => {
    const data = pageData((await business.visit(`/dp/${product.asin}`)).body);
    const [first, second] = data.business.boxes;
    expect(first.settings).toEqual({
      id: `qp-${product.asin}-default`,
      buyBoxId: 'bb-default',
      buyingOptionStereotype: 'default',
      leastMinimumOrderQuantity: 1,
      variant: 'text-with-table',
      messages: {
        loadMore: 'See more quantity discounts',
        fetchingBestPrices: 'Fetching the best prices…',
        quantityTableError: 'We could not load the quantity discounts.',
        requestForQuantityDiscount: 'Need a larger quantity? Request a quantity discount',
        unavailable: 'This quantity is more than one seller can supply.',
        unavailableLink: 'Buy it from several sellers',
      },
      lockedMerchantDiscounts: false,
      summaryEnabled: true,
      offersLinkEnabled: true,
      devicesLinkEnabled: false,
      buyingInBulkUrl: null,
      requestDiscountUrl: '/gp/help/quantity-discounts.html',
    });
    expect(second.settings).toMatchObject({
      buyBoxId: 'bb-customOffer',
      buyingOptionStereotype: 'customOffer',
    });
    // The catalog sets any of them.
    const own = await createBusinessProduct(ctx.store.db, {
      features: {
        businessBuying: {
          picker: 'dropdown',
          lockedMerchantDiscounts: true,
          summaryEnabled: false,
          offersLinkEnabled: false,
          devicesLinkEnabled: true,
          buyingInBulkUrl: '/gp/help/',
          messages: { loadMore: 'More prices' },
        },
      },
    });
    const mine = pageData((await business.visit(`/dp/${own.asin}`)).body).business.boxes[0].settings;
    expect(mine).toMatchObject({
      variant: 'dropdown',
      lockedMerchantDiscounts: true,
      summaryEnabled: false,
      offersLinkEnabled: false,
      devicesLinkEnabled: true,
      buyingInBulkUrl: '/gp/help/',
      messages: { loadMore: 'More prices', fetchingBestPrices: 'Fetching the best prices…' },
    });
  });

  test('BIZ-047 itemQuantity prices the quantity exactly per line, with the ladder and the explanation', async () => {
    const option = (
      await api(business, `itemQuantity=3&merchantId=M-B2B-SUPPLY&expand=price,availability`)
    ).json().entity.buyingOptions[0];
    expect(option.quantityPrice).toEqual({
      quantity: 3,
      unitPrice: { amount: 9.6, currencyCode: 'USD', displayString: '$9.60' },
      total: { amount: 28.8, currencyCode: 'USD', displayString: '$28.80' },
    });
    // Beyond the peers: the next tier (12 at $8.40) from 3 units.
    expect(option.quantityLadder).toMatchObject({
      quantity: 12,
      moreUnits: 9,
      unitPrice: { displayString: '$8.40' },
      savings: { displayString: '$14.40' },
      message: 'Buy 9 more for $8.40 each (save $14.40)',
    });
    expect(
      option.priceExplanation.rows.map(
        (r: { label: string; amount: { displayString: string }; deduction: boolean }) => [
          r.label,
          r.amount.displayString,
          r.deduction,
        ],
      ),
    ).toEqual([
      ['List price', '$36.00', false],
      ['Business price', '$7.20', true],
    ]);
    expect(option.priceExplanation.total.displayString).toBe('$28.80');
  });

  test('BIZ-047 a percent tier between cents is rounded half-even once per line, never per unit', async () => {
    const at = async (quantity: number) =>
      (await api(business, `itemQuantity=${quantity}&merchantId=M-CUSTOM-DIRECT&expand=price`)).json().entity
        .buyingOptions[0].quantityPrice;
    // $1.00 less 0.5% is $0.995 a unit: shown as $1.00, but 3 cost $2.985 → $2.98 and 5 cost $4.975 → $4.98.
    expect(await at(3)).toMatchObject({
      unitPrice: { displayString: '$1.00' },
      total: { displayString: '$2.98' },
    });
    expect(await at(5)).toMatchObject({ total: { displayString: '$4.98' } });
    expect(await at(2)).toMatchObject({ total: { displayString: '$1.99' } });
  });

  test('BIZ-008 BIZ-047 a quantity no offer can serve is unavailable, not an error', async () => {
    const response = await api(business, 'itemQuantity=999&expand=price,availability,callToAction');
    expect(response.statusCode).toBe(200);
    const byType = Object.fromEntries(
      response.json().entity.buyingOptions.map((o: { type: string }) => [o.type, o]),
    );
    expect(byType.B2B_NEW.availability).toMatchObject({
      type: 'OUT_OF_STOCK',
      displayString: 'Only 300 available',
    });
    expect(byType.B2B_NEW.callToAction.addToCart.data.canAddToCart).toBe(false);
    expect(byType.CUSTOM_OFFER.availability.type).toBe('IN_STOCK');
    const page = await business.visit(`/dp/${product.asin}?qty=999`);
    expect(page.statusCode).toBe(200);
  });

  test('business-only offers are refused to a shopper who is not a business customer, in the cart and at checkout', async () => {
    const refused = await consumer.addItems([
      { asin: product.asin, offerListingId: product.ids.b2b, quantity: 1 },
    ]);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.code).toBe('business_customers_only');
    const buyNow = await consumer.visit(
      `/gp/buy/spc/handlers/display.html?asin=${product.asin}&offerListingId=${product.ids.b2b}&quantity=2`,
    );
    const placed = await consumer.postForm('/gp/buy/spc/handlers/place-order.html', {
      source: 'buy-now',
      asin: product.asin,
      offerListingId: product.ids.b2b,
      quantity: '2',
      ...ADDRESS,
    });
    // Checkout shows no business price to a consumer, and the order is refused.
    expect(buyNow.body).not.toContain('Summit Test Supply');
    expect(buyNow.body).not.toContain('$9.60');
    expect(placed.statusCode).toBe(303);
    expect(placed.headers['x-order-refused']).toBe('422');
    const added = await business.addItems([
      { asin: product.asin, offerListingId: product.ids.b2b, quantity: 1 },
    ]);
    expect(added.statusCode).toBe(200);
  });

  test('the placed order keeps the exact line total of a percent tier', async () => {
    const buyer = await createCustomer(ctx.store.db, { business: true });
    const s = new Shopper(ctx.app);
    await s.signIn(buyer.email, buyer.password);
    await s.visit(`/dp/${product.asin}`);
    expect(
      (await s.addItems([{ asin: product.asin, offerListingId: product.ids.custom, quantity: 5 }]))
        .statusCode,
    ).toBe(200);
    const placed = await s.postForm('/gp/buy/spc/handlers/place-order.html', { source: 'cart', ...ADDRESS });
    expect(placed.statusCode).toBe(303);
    const orderId = new URL(placed.headers.location as string, 'http://x').searchParams.get(
      'orderId',
    ) as string;
    const item = await ctx.store.db
      .selectFrom('order_items')
      .select(['unit_price_minor', 'line_total_minor', 'quantity'])
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(item).toEqual({ unit_price_minor: 100, line_total_minor: 498, quantity: 5 });
    const thanks = pageData((await s.visit(placed.headers.location as string)).body);
    expect(thanks.lines[0].lineTotal.displayString).toBe('$4.98');
    expect(thanks.subtotal.displayString).toBe('$4.98');
  });

  test('shaped like the demo copy paper (B0PDPPAP01), a product shows a business customer the ladder and the price explanation, a consumer no business price', async () => {
    // A copy of the demo copy paper under an ASIN of its own, and accounts of the test's own.
    const now = ctx.clock.now;
    const paper = (await createDemoCopies(ctx.store.db, ['B0PDPPAP01'], { now })).asin('B0PDPPAP01');
    const businessAccount = await createCustomer(ctx.store.db, demoAccountShape('business'), { now });
    const shopperAccount = await createCustomer(ctx.store.db, demoAccountShape('shopper'), { now });
    const buyer = new Shopper(ctx.app);
    await buyer.signIn(businessAccount.email, businessAccount.password);
    const page = await buyer.visit(`/dp/${paper}`);
    const html = page.body.replaceAll('<!-- -->', '');
    expect(html).toContain('How this price is built');
    expect(html).toContain('Buy 1 more for $46.99 each (save $1.00)');
    expect(html).toContain('Summit Office Supply');
    const demo = pageData(page.body).business;
    expect(demo.boxes.map((b: { option: { type: string } }) => b.option.type)).toEqual([
      'B2B_NEW',
      'CUSTOM_OFFER',
    ]);
    expect(demo.offerCount).toBe(3);
    const shopper = new Shopper(ctx.app);
    await shopper.signIn(shopperAccount.email, shopperAccount.password);
    const theirs = (await shopper.visit(`/dp/${paper}`)).body.replaceAll('<!-- -->', '');
    expect(pageData(theirs).business).toBeNull();
    for (const secret of [
      'How this price is built',
      'Summit Office Supply',
      'Paperworks Direct',
      '$47.49',
      '$46.99',
      'Business price',
    ]) {
      expect(theirs).not.toContain(secret);
    }
    expect(theirs).toContain('$49.99');
  });
});
