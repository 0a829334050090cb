import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, Shopper, type TestContext } from '../helpers/test-app';
import { dialects } from '../helpers/test-store';

// Issue #2 acceptance: at least 1,000 generated malformed requests across every route; each answer is a
// 4xx JSON error and the database is unchanged afterwards.

const US = 'ATVPDKIKX0DER';
const VALID_ITEM = { asin: 'B0PDPSPK01', offerListingId: 'OL-B0PDPSPK01-NEW', quantity: 1 };

type Req = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  headers?: Record<string, string>;
  payload?: string;
  tokens: 'good' | 'none' | 'wrong';
};

const junk = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.integer(),
  fc.double(),
  fc.constantFrom(null, true, false, [], {}, 1e308, -1, 0, '', ' ', '<script>', '../../etc/passwd', '💥'),
);
const badQuantity = fc.oneof(
  fc.constantFrom(0, -1, 1.5, 1e9, 1000, '1', null, Number.MAX_SAFE_INTEGER),
  fc.string({ maxLength: 5 }),
);
const unknownAsin = fc.stringMatching(/^B0ZZ[A-Z0-9]{6}$/);
const badAsin = fc.oneof(
  unknownAsin,
  fc.constantFrom('', 'x', 'B0PDP', 'B0PDPSPK01B0PDPSPK01B0PDPSPK01', '../etc'),
);

const badItem = fc.oneof(
  fc.record({
    asin: badAsin,
    offerListingId: fc.constant(VALID_ITEM.offerListingId),
    quantity: fc.constant(1),
  }),
  fc.record({
    asin: fc.constant(VALID_ITEM.asin),
    offerListingId: fc.string({ maxLength: 12 }),
    quantity: fc.constant(1),
  }),
  fc.record({
    asin: fc.constant(VALID_ITEM.asin),
    offerListingId: fc.constant(VALID_ITEM.offerListingId),
    quantity: badQuantity,
  }),
  fc.record({ asin: junk, offerListingId: junk, quantity: junk }),
  fc
    .constantFrom(
      null,
      5,
      'x',
      [],
      { unknown: 1 },
      { giftOptions: 'yes' },
      { installments: { programId: '' } },
    )
    .map((additionalParameters) => ({ ...VALID_ITEM, additionalParameters })),
  fc.constant({ ...VALID_ITEM, quantity: 11 }),
  fc.constant({ asin: 'B0PDPFLT01', offerListingId: 'OL-B0PDPFLT01-NEW', quantity: 1 }),
  fc.constant({ ...VALID_ITEM, unexpected: 'field' }),
  fc.constant({ asin: VALID_ITEM.asin }),
);

const cartJson = 'application/vnd.com.amazon.api+json; type="cart.add-items.request/v1"';

const request: fc.Arbitrary<Req> = fc.oneof(
  // product API: unknown asins, unknown marketplaces, bad parameters
  fc.record({
    method: fc.constant('GET' as const),
    url: fc.oneof(
      badAsin.map((a) => `/api/marketplaces/${US}/products/${encodeURIComponent(a) || 'x'}`),
      fc
        .constantFrom(
          'itemQuantity=0',
          'itemQuantity=-5',
          'itemQuantity=1e99',
          'itemQuantity=abc',
          'expand=nope',
          'page=0',
          'page=11',
          'buyingOptionTypes=USED',
          'x=1',
        )
        .map((q) => `/api/marketplaces/${US}/products/B0PDPSPK01?${q}`),
      fc
        .string({ minLength: 1, maxLength: 12 })
        .map((m) => `/api/marketplaces/${encodeURIComponent(m)}x/products/B0PDPSPK01`),
    ),
    tokens: fc.constant('good' as const),
  }),
  // cart API: malformed bodies with good tokens, or good bodies with bad tokens
  fc.record({
    method: fc.constant('POST' as const),
    url: fc.constant(`/api/marketplaces/${US}/cart/carts/retail/items`),
    headers: fc.constant({ 'content-type': cartJson }),
    payload: fc.oneof(
      fc.array(badItem, { minLength: 1, maxLength: 3 }).map((items) => JSON.stringify({ items })),
      fc.constant(JSON.stringify({ items: [] })),
      junk.map((j) => JSON.stringify({ items: j })),
      junk.map((j) => JSON.stringify(j)),
      fc.string({ maxLength: 40 }).map((s) => `{${s}`),
    ),
    tokens: fc.constant('good' as const),
  }),
  fc.record({
    method: fc.constant('POST' as const),
    url: fc.constant(`/api/marketplaces/${US}/cart/carts/retail/items`),
    headers: fc.constant({ 'content-type': cartJson }),
    payload: fc.constant(JSON.stringify({ items: [VALID_ITEM] })),
    tokens: fc.constantFrom('none' as const, 'wrong' as const),
  }),
  // cart reads with bad marketplaces or filters
  fc.record({
    method: fc.constant('GET' as const),
    url: fc.oneof(
      fc.constantFrom('count', 'items', 'summary').map((p) => `/api/marketplaces/NOPE/cart/${p}`),
      fc
        .constantFrom('cartTypes=SAVED', 'filter=x', 'cartTypes=')
        .map((q) => `/api/marketplaces/${US}/cart/items?${q}`),
    ),
    tokens: fc.constant('good' as const),
  }),
  // the legacy form: missing fields, bad quantities, unknown offers, or no token
  fc.record({
    method: fc.constant('POST' as const),
    url: fc.constantFrom(
      '/gp/add-to-cart/json/',
      '/gp/add-to-cart/json/ref=ldabb',
      '/cart/add-to-cart/ref=dp',
    ),
    headers: fc.constant({ 'content-type': 'application/x-www-form-urlencoded' }),
    payload: fc
      .oneof(
        fc.record({ 'asin.1': badAsin, 'offeringID.1': fc.string({ maxLength: 10 }) }),
        fc.record({
          'asin.1': fc.constant('B0PDPSPK01'),
          'offeringID.1': fc.constant('OL-B0PDPSPK01-NEW'),
          'quantity.1': fc.constantFrom('0', '-1', '1.5', '1000', 'abc', '99999', '1e3'),
        }),
        fc.record({ clientName: fc.string({ maxLength: 10 }) }),
        fc.record({ 'asin.1': fc.constant('B0PDPSPK01') }),
        fc.record({
          verificationSessionID: fc.constant('000-0000000-0000000'),
          'asin.1': fc.constant('B0PDPSPK01'),
          'offeringID.1': fc.constant('OL-B0PDPSPK01-NEW'),
        }),
      )
      .map((fields) => new URLSearchParams(fields as Record<string, string>).toString()),
    tokens: fc.constant('good' as const),
  }),
  // loggers and metric events
  fc.record({
    method: fc.constant('GET' as const),
    url: fc.oneof(
      fc.constant('/hctp/log/refMarker'),
      fc.constantFrom('', '<x>', 'a b', 'é').map((t) => `/hctp/log/refMarker?ref_=${encodeURIComponent(t)}`),
    ),
    tokens: fc.constant('good' as const),
  }),
  fc.record({
    method: fc.constant('POST' as const),
    url: fc.constantFrom('/gp/digital/fiona/ajax/log.html/ref=dp', '/api/metrics/events'),
    headers: fc.constant({ 'content-type': 'application/json' }),
    payload: fc.constant(JSON.stringify({ events: [{ schemaId: 'a', producerId: 'b' }] })),
    tokens: fc.constantFrom('none' as const, 'wrong' as const),
  }),
  fc.record({
    method: fc.constant('POST' as const),
    url: fc.constant('/api/metrics/events'),
    headers: fc.constant({ 'content-type': 'application/json' }),
    payload: fc.oneof(
      junk.map((j) => JSON.stringify({ events: j })),
      fc
        .record({ schemaId: fc.constantFrom('', 'has space', '<x>', 7, null), producerId: junk })
        .map((e) => JSON.stringify({ events: [e] })),
      fc.constant(JSON.stringify({ events: [] })),
    ),
    tokens: fc.constant('good' as const),
  }),
  // sign-in: malformed forms (asking for JSON), or no token
  fc.record({
    method: fc.constant('POST' as const),
    url: fc.constant('/gp/sign-in.html'),
    headers: fc.constant({ 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' }),
    payload: fc
      .oneof(
        fc.record({
          action: fc.constantFrom('sign-in', 'create-account', 'delete', ''),
          email: fc.constantFrom('', 'x', 'a@'),
          password: fc.constant(''),
        }),
        fc.record({
          action: fc.constant('create-account'),
          name: fc.constant(''),
          email: fc.constant('new@example.com'),
          password: fc.constant('short'),
        }),
      )
      .map((fields) => new URLSearchParams(fields).toString()),
    tokens: fc.constantFrom('good' as const, 'none' as const),
  }),
  // unknown routes and methods
  fc.record({
    method: fc.constantFrom('GET' as const, 'PUT' as const, 'DELETE' as const),
    url: fc.webPath().map((p) => `/api/${p.replace(/^\//, '')}zz`),
    tokens: fc.constant('good' as const),
  }),
);

async function snapshot(ctx: TestContext) {
  const db = ctx.store.db;
  return {
    carts: await db.selectFrom('carts').selectAll().orderBy('id').execute(),
    items: await db.selectFrom('cart_items').selectAll().orderBy('id').execute(),
    customers: await db.selectFrom('customers').select(['id', 'email']).orderBy('id').execute(),
    sessions: await db.selectFrom('sessions').selectAll().orderBy('id').execute(),
    offers: await db.selectFrom('offers').selectAll().orderBy('id').execute(),
    orders: await db.selectFrom('orders').selectAll().orderBy('id').execute(),
  };
}

describe.each(dialects)('malformed requests on %s', (dialect) => {
  let ctx: TestContext;
  let shopper: Shopper;
  beforeAll(async () => {
    ctx = await createTestApp(dialect);
    shopper = new Shopper(ctx.app);
    await shopper.visit();
    await shopper.addItems([{ ...VALID_ITEM, quantity: 2 }]);
  });
  afterAll(() => ctx?.close());

  test('1,000 generated malformed requests: every answer a 4xx JSON error, no 5xx, database unchanged', async () => {
    const before = await snapshot(ctx);
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(request, async (req) => {
        const tokens: Record<string, string> =
          req.tokens === 'good'
            ? { 'x-csrf-token': shopper.csrfToken, 'x-encrypted-slate-token': shopper.slateToken }
            : req.tokens === 'wrong'
              ? { 'x-csrf-token': 'forged-token', 'x-encrypted-slate-token': 'forged' }
              : {};
        const response = await shopper.request({
          method: req.method,
          url: req.url,
          headers: { ...tokens, ...(req.headers ?? {}) },
          ...(req.payload !== undefined ? { payload: req.payload } : {}),
        });
        sent++;
        const summary = `${req.method} ${req.url} ${req.payload ?? ''} → ${response.statusCode} ${response.body.slice(0, 200)}`;
        expect(response.statusCode, summary).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, summary).toBeLessThan(500);
        expect(response.headers['content-type'], summary).toContain('json');
        const body = response.json();
        expect(typeof body.error?.code, summary).toBe('string');
        expect(typeof body.error?.message, summary).toBe('string');
        expect(response.body, summary).not.toMatch(/at .+\.(ts|js):\d+/);
      }),
      { numRuns: 1000 },
    );
    expect(sent).toBeGreaterThanOrEqual(1000);
    expect(await snapshot(ctx)).toEqual(before);
  }, 120_000);
});
