import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createBusinessProduct } from '../../../../tests/factories/business-factory';
import { createCustomer } from '../../../../tests/factories/customer-factory';
import { createProduct } from '../../../../tests/factories/product-factory';
import { createTestApp, Shopper, type TestContext } from '../../../../tests/helpers/test-app';
import { dialects } from '../../../../tests/helpers/test-store';

const US = 'ATVPDKIKX0DER';
const DEEP_CHECK = '/gp/product/ajax/deep-check-promise';

describe.each(dialects)('offers listing, per-offer add and deep check on %s', (dialect) => {
  let ctx: TestContext;
  let product: Awaited<ReturnType<typeof createBusinessProduct>>;
  let business: Shopper;
  let businessId: string;
  let consumer: Shopper;
  beforeAll(async () => {
    ctx = await createTestApp(dialect, { seed: false });
    product = await createBusinessProduct(ctx.store.db);
    const buyer = await createCustomer(ctx.store.db, { business: true });
    businessId = buyer.id;
    business = new Shopper(ctx.app);
    await business.signIn(buyer.email, buyer.password);
    await business.visit(`/dp/${product.asin}`);
    consumer = new Shopper(ctx.app);
    await consumer.visit(`/dp/${product.asin}`);
  });
  afterAll(() => ctx?.close());

  const listing = (s: Shopper, asin = product.asin) =>
    s.request({ method: 'GET', url: `/api/marketplaces/${US}/products/${asin}/offers` });

  test('OFR-005 each offer has asin, oid, minQty, refTag, sr, qid and offerIndex; business offers for business customers only', async () => {
    const answer = await listing(business);
    expect(answer.statusCode).toBe(200);
    const { offers } = answer.json().entity;
    expect(offers.map((o: { type: string }) => o.type)).toEqual(['CUSTOM_OFFER', 'B2B_NEW', 'NEW']);
    offers.forEach((offer: Record<string, unknown>, index: number) => {
      expect(offer).toMatchObject({
        offerIndex: index,
        asin: product.asin,
        oid: expect.stringMatching(/^OL-/),
        minQty: 1,
        refTag: expect.stringMatching(/^aod_dpdsk_[a-z0-9_]+_\d+$/),
        sr: `1-${index + 1}`,
        qid: String(Math.floor(ctx.clock.now / 1000)),
      });
    });
    const b2b = offers.find((o: { type: string }) => o.type === 'B2B_NEW');
    expect(b2b).toMatchObject({
      businessOnly: true,
      unitPrice: { displayString: '$9.60' },
      bestTier: { minimumQuantity: 100 },
      displayFeatures: expect.arrayContaining([{ label: 'Sold by', text: 'Summit Test Supply' }]),
    });
    const mine = (await listing(consumer)).json().entity.offers;
    expect(mine.map((o: { type: string }) => o.type)).toEqual(['NEW']);
    expect((await listing(consumer, 'B0NOSUCH00')).statusCode).toBe(404);
  });

  test('OFR-010 OFR-011 an offer is added with ref, sr and qid; the answer has entity.items[0].quantity and entity.count.entity.items', async () => {
    const offer = (await listing(business))
      .json()
      .entity.offers.find((o: { type: string }) => o.type === 'B2B_NEW');
    const before = await business.cartCount();
    const added = await business.addItems(
      [{ asin: offer.asin, offerListingId: offer.oid, quantity: offer.minQty }],
      {
        query: `?ref=${offer.refTag}&sr=${offer.sr}&qid=${offer.qid}`,
      },
    );
    expect(added.statusCode).toBe(200);
    expect(added.headers['content-type']).toContain('cart.add-items/v1');
    const body = added.json();
    expect(body.entity.items[0].quantity).toBeGreaterThan(0);
    expect(body.entity.count.entity.items).toBe(before + 1);
    // Without the slate token, or with another media type, nothing is added.
    const noSlate = await business.addItems([{ asin: offer.asin, offerListingId: offer.oid, quantity: 1 }], {
      headers: { 'x-encrypted-slate-token': '' },
    });
    expect(noSlate.statusCode).toBe(403);
    const wrongType = await business.addItems(
      [{ asin: offer.asin, offerListingId: offer.oid, quantity: 1 }],
      {
        headers: { 'content-type': 'application/vnd.com.amazon.api+json; type="cart.other/v1"' },
      },
    );
    expect(wrongType.statusCode).toBe(415);
    expect(await business.cartCount()).toBe(before + 1);
  });

  test('OFR-013 a 422 answers the error and still the cart count', async () => {
    const scarce = await createProduct(ctx.store.db, { offers: [{ stock: 2 }] });
    const s = new Shopper(ctx.app);
    await s.visit(`/dp/${scarce.asin}`);
    const offer = scarce.offers[0] as { offerListingId: string };
    expect(
      (await s.addItems([{ asin: scarce.asin, offerListingId: offer.offerListingId, quantity: 1 }]))
        .statusCode,
    ).toBe(200);
    const refused = await s.addItems([
      { asin: scarce.asin, offerListingId: offer.offerListingId, quantity: 5 },
    ]);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      error: { code: expect.any(String), message: expect.any(String) },
      entity: { items: [], count: { type: 'cart.count/v1', entity: { items: 1 } } },
    });
  });

  const deepCheck = (
    s: Shopper,
    overrides: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ) =>
    s.request({
      method: 'POST',
      url: DEEP_CHECK,
      headers: {
        'content-type': 'application/json',
        'accept-language': 'en-US',
        'x-csrf-token': s.csrfToken,
        ...headers,
      },
      payload: JSON.stringify({
        asin: product.asin,
        buyingOptionIndex: 1,
        customerId: businessId,
        device: 'desktop',
        marketplaceId: US,
        merchantId: 'M-B2B-SUPPLY',
        requestId: 'req-1',
        sessionId: s.sessionId,
        slateToken: s.slateToken,
        ...overrides,
      }),
    });

  test('BIZ-010 BIZ-051 the deep check answers content: HTML rendered from the delivery promise component', async () => {
    const answer = await deepCheck(business);
    expect(answer.statusCode).toBe(200);
    const { content } = answer.json();
    expect(content).toContain('class="delivery-promise"');
    // T0 is Sunday 22 November 2026, 12:00 UTC: the order ships Monday, standard delivery Thursday.
    // One unit costs $9.60: under the $25.00 of free business delivery.
    expect(content).toMatch(/<p class="delivery-promise__standard">Delivery /);
    expect(content).toContain('Thursday, November 26');
    expect(content).toContain('Summit Test Supply');
    // The cut-off is 29 hours away, on another day: it is named, not counted (decision 0045).
    expect(content).toContain('Order by 5:00 PM UTC on Monday, November 23 to ship that day.');
  });

  test('BIZ-051 the deep check refuses another session, customer or a missing CSRF token, and an unknown option', async () => {
    expect((await deepCheck(business, { sessionId: 'someone-else' })).statusCode).toBe(403);
    expect((await deepCheck(business, { slateToken: 'forged' })).statusCode).toBe(403);
    expect((await deepCheck(business, { customerId: null })).statusCode).toBe(403);
    expect((await deepCheck(business, {}, { 'x-csrf-token': '' })).statusCode).toBe(403);
    const unknown = await deepCheck(business, { buyingOptionIndex: 7 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('unknown_buying_option');
    // A consumer cannot ask for a business-only option's promise.
    const other = await deepCheck(consumer, { customerId: null });
    expect(other.statusCode).toBe(404);
    expect((await deepCheck(business, { asin: 'bad' })).statusCode).toBe(400);
  });

  test('BIZ-051 the deep check content is escaped: a merchant name cannot inject markup', async () => {
    const odd = await createProduct(ctx.store.db, {
      offers: [{ merchant: { id: 'M-ODD', name: '<img src=x onerror=alert(1)> & Co' } }],
    });
    const s = new Shopper(ctx.app);
    await s.visit(`/dp/${odd.asin}`);
    const answer = await deepCheck(s, {
      asin: odd.asin,
      buyingOptionIndex: 0,
      merchantId: 'M-ODD',
      customerId: null,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().content).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; Co');
    expect(answer.json().content).not.toContain('<img');
  });
});
