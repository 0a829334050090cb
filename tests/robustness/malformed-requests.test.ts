import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCustomer } from '../factories/customer-factory';
import { createDeal } from '../factories/deal-factory';
import { demoProductShape } from '../factories/demo-products';
import { type CreatedProduct, createProduct } from '../factories/product-factory';
import {
  documentedRoutes,
  type JsonSchema,
  type OpenApiDocument,
  type OpenApiParameter,
  registeredRoutes,
  routeKey,
  validValue,
} from '../helpers/openapi-routes';
import { snapshotTables } from '../helpers/table-snapshot';
import { createTestApp, Shopper, type TestContext } from '../helpers/test-app';
import { dialects } from '../helpers/test-store';

// Bad input gets a clear 4xx and changes nothing: every route the app registers is sent generated
// malformed requests (≥ 1,000 per database). The routes come from the published OpenAPI document (their parameters and bodies give the
// malformations) plus the app's own route list for the form routes the document hides; a non-GET route
// with no malformed requests fails the test, so a route added tomorrow is covered the day it lands.
// Every answer is a 4xx JSON error (a plain HTML form may instead answer the way it tells a person:
// its page again with a 4xx, or a 303 back to the cart or the product form with the error), never a 5xx or a stack trace,
// and no table of the database changes.

const US = 'ATVPDKIKX0DER';
const MIN_REQUESTS = 1000;

/** One route of the app, as the malformed requests see it. */
type Route = {
  method: string;
  /** Fastify's path, e.g. /api/marketplaces/:marketplaceId/products/:asin */
  path: string;
  params: OpenApiParameter[];
  query: OpenApiParameter[];
  body?: { contentType: string; schema: JsonSchema };
  /** A urlencoded form's route (the OpenAPI document hides it, or says so). */
  form: boolean;
};

type Who = 'anonymous' | 'member';
type Req = {
  method: string;
  url: string;
  headers?: Record<string, string>;
  payload?: string;
  tokens: 'good' | 'none' | 'wrong';
  who?: Who;
};

/** The world the requests are sent into, made by the factories. */
type World = {
  item: { asin: string; offerListingId: string; quantity: number };
  /** A product whose minimum order is 3 (a single unit is refused). */
  minimumThree: CreatedProduct;
  dealId: string;
  /** The anonymous shopper's cart line. */
  lineId: string;
};

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = 'application/x-www-form-urlencoded';
const cartJson = 'application/vnd.com.amazon.api+json; type="cart.add-items.request/v1"';

/**
 * Plain HTML forms that answer a person's mistake as a person needs it: their page again with a 4xx,
 * or a 303 back to the cart carrying the error. Every other route answers a JSON error.
 */
const HTML_FORM_ANSWERS = new Set([
  routeKey('POST', '/gp/product/handle-buy-box'),
  routeKey('POST', '/gp/product/handle-buy-box/ref=:ref'),
  routeKey('POST', '/gp/buy/spc/handlers/place-order.html'),
  routeKey('POST', '/gp/cart/update.html'),
  // The fresh checkout's plain forms (decision 0047): back to the checkout or the cart with the error.
  routeKey('POST', '/afx/slotselection/reserve'),
  routeKey('POST', '/alm/checkout/place-order'),
  routeKey('POST', '/alm/cart/remove'),
]);

/** JSON routes that name their own media type (the OpenAPI document says application/json). */
const MEDIA_TYPES: Record<string, string> = {
  [routeKey('POST', '/api/marketplaces/:marketplaceId/cart/carts/retail/items')]: cartJson,
};

/** Values the schema surely refuses, or null when the schema is too loose to be sure. */
function invalidValue(schema: JsonSchema): fc.Arbitrary<unknown> | null {
  const options: fc.Arbitrary<unknown>[] = [];
  const notNull = schema.nullable ? [] : [fc.constant(null)];
  if (schema.anyOf) {
    const types = new Set(schema.anyOf.map((s) => s.type));
    if (types.size === 1 && types.has('object')) {
      options.push(fc.constantFrom('x', 42, [], true), ...notNull);
      if (schema.anyOf.every((s) => s.required?.length)) options.push(fc.constant({}));
    }
    return options.length ? fc.oneof(...options) : null;
  }
  if (schema.enum?.length) {
    options.push(fc.constantFrom('NOT_IN_THE_LIST', 12345, {}), ...notNull);
    return fc.oneof(...options);
  }
  switch (schema.type) {
    case 'string': {
      options.push(fc.constantFrom(42, true, {}, []), ...notNull);
      if (schema.maxLength !== undefined) options.push(fc.constant('x'.repeat(schema.maxLength + 1)));
      if ((schema.minLength ?? 0) > 0) options.push(fc.constant(''));
      if (schema.pattern) {
        const pattern = new RegExp(schema.pattern);
        for (const s of ['<script>', 'a b', '../../etc/passwd', '💥']) {
          if (!pattern.test(s) && s.length <= (schema.maxLength ?? Infinity)) options.push(fc.constant(s));
        }
      }
      break;
    }
    case 'integer':
    case 'number': {
      options.push(fc.constantFrom('abc', '1', {}, [], 'NaN'), ...notNull);
      if (schema.type === 'integer') options.push(fc.constant(1.5));
      if (schema.minimum !== undefined && schema.minimum > -1e15)
        options.push(fc.constant(schema.minimum - 1));
      if (schema.maximum !== undefined && schema.maximum < 1e15)
        options.push(fc.constant(schema.maximum + 1));
      break;
    }
    case 'boolean':
      options.push(fc.constantFrom('maybe', 3, {}, []), ...notNull);
      break;
    case 'array': {
      options.push(fc.constantFrom('x', 42, {}), ...notNull);
      if ((schema.minItems ?? 0) > 0) options.push(fc.constant([]));
      if (schema.maxItems !== undefined && schema.maxItems < 200 && schema.items) {
        const item = validValue(schema.items);
        options.push(fc.constant(Array.from({ length: schema.maxItems + 1 }, () => item)));
      }
      const badItem = schema.items ? invalidValue(schema.items) : null;
      if (badItem) options.push(fc.array(badItem, { minLength: 1, maxLength: 3 }));
      break;
    }
    case 'object': {
      options.push(fc.constantFrom('x', 42, [], true), ...notNull);
      const required = schema.required ?? [];
      const skeleton = validValue(schema) as Record<string, unknown>;
      for (const key of required) {
        const { [key]: _dropped, ...rest } = skeleton;
        options.push(fc.constant(rest));
      }
      if (schema.additionalProperties === false) {
        options.push(fc.constant({ ...skeleton, unexpectedField: 'surprise' }));
      }
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        const bad = invalidValue(property);
        if (bad) options.push(bad.map((value) => ({ ...skeleton, [key]: value })));
      }
      break;
    }
    default:
      return null;
  }
  return options.length ? fc.oneof(...options) : null;
}

/** A parameter value that is valid, for the parts of a request that are not the malformed one. */
function goodParam(name: string, world: World): string {
  if (name === 'marketplaceId') return US;
  if (name === 'asin') return world.item.asin;
  if (name === 'dealId') return world.dealId;
  return 'dp_test';
}

/** A parameter value the route must refuse (400) or not find (404). */
function badParam(param: OpenApiParameter): fc.Arbitrary<string> {
  const schema = param.schema;
  const options: fc.Arbitrary<string>[] = [];
  if (schema.maxLength !== undefined) {
    options.push(fc.integer({ min: 1, max: 10 }).map((n) => 'Z'.repeat((schema.maxLength ?? 0) + n)));
  }
  if (schema.enum) options.push(fc.constant('NOT_IN_THE_LIST'));
  if (schema.type === 'integer' || schema.type === 'number') {
    options.push(fc.constantFrom('abc', '1.5e999', '-', '1x'));
    if (schema.minimum !== undefined) options.push(fc.constant(String(schema.minimum - 1)));
    if (schema.maximum !== undefined && schema.maximum < 1e15)
      options.push(fc.constant(String(schema.maximum + 1)));
    if (schema.type === 'integer') options.push(fc.constant('1.5'));
  }
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    for (const s of ['<x>', 'a b', 'é', '..;/']) if (!pattern.test(s)) options.push(fc.constant(s));
  }
  // Well-formed values that name nothing the store has.
  if (param.in === 'path' && param.name === 'marketplaceId') {
    options.push(fc.stringMatching(/^[A-Z0-9]{1,12}$/).map((m) => `NO${m}`));
  }
  if (param.in === 'path' && param.name === 'asin') options.push(fc.stringMatching(/^B0ZZ[A-Z0-9]{6}$/));
  if (param.in === 'path' && param.name === 'dealId') options.push(fc.stringMatching(/^LD-ZZ[A-Z0-9]{6}$/));
  return options.length ? fc.oneof(...options) : fc.constant('Z'.repeat(4096));
}

function buildUrl(route: Route, params: Record<string, string>, query: Record<string, string>) {
  const path = route.path.replace(/:([A-Za-z_]+)/g, (_m, name: string) =>
    encodeURIComponent(params[name] ?? ''),
  );
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
}

/** The query a route needs to be well-formed: its required parameters, each with a valid value. */
function goodQuery(route: Route): Record<string, string> {
  return Object.fromEntries(
    route.query
      .filter((q) => q.required)
      .map((q) => [q.name, String(validValue(q.schema) === 'x' ? 'dp_test' : validValue(q.schema))]),
  );
}

/** The malformed requests made from what the route declares (parameters, query, body, tokens). */
function generatedRequests(route: Route, world: World): fc.Arbitrary<Req>[] {
  const params = Object.fromEntries(route.params.map((p) => [p.name, goodParam(p.name, world)]));
  const query = goodQuery(route);
  const who = fc.constantFrom<Who>('anonymous', 'member');
  const contentType = route.body?.contentType ?? 'application/json';
  const someBody = route.body
    ? route.body.contentType === FORM
      ? form({ anything: 'x' })
      : JSON.stringify(validValue(route.body.schema))
    : undefined;
  const base = (url: string) => ({
    method: route.method,
    url,
    ...(someBody !== undefined ? { headers: { 'content-type': contentType }, payload: someBody } : {}),
  });
  const out: fc.Arbitrary<Req>[] = [];
  for (const param of route.params) {
    out.push(
      fc
        .record({
          url: badParam(param).map((value) => buildUrl(route, { ...params, [param.name]: value }, query)),
          who,
        })
        .map(({ url, who }) => ({ ...base(url), tokens: 'good' as const, who })),
    );
  }
  for (const param of route.query) {
    out.push(
      fc.record({ value: badParam(param), who }).map(({ value, who }) => ({
        ...base(buildUrl(route, params, { ...query, [param.name]: value })),
        tokens: 'good' as const,
        who,
      })),
    );
    if (param.required) {
      const { [param.name]: _missing, ...rest } = query;
      out.push(who.map((w) => ({ ...base(buildUrl(route, params, rest)), tokens: 'good' as const, who: w })));
    }
  }
  const url = buildUrl(route, params, query);
  if (route.method !== 'GET') {
    out.push(
      fc
        .record({ tokens: fc.constantFrom('none' as const, 'wrong' as const), who })
        .map(({ tokens, who }) => ({ ...base(url), tokens, who })),
    );
  }
  if (route.body) {
    out.push(
      fc
        .record({
          payload: fc.oneof(
            fc.string({ maxLength: 40 }).map((s) => `{${s}`),
            fc.constantFrom('', '{"a":', '[1,', 'null null', '\u0000'),
          ),
          who,
        })
        .map(({ payload, who }) => ({
          method: route.method,
          url,
          headers: { 'content-type': route.body?.contentType === FORM ? 'application/json' : contentType },
          payload,
          tokens: 'good' as const,
          who,
        })),
      fc
        .record({
          type: fc.constantFrom('application/xml', 'image/png', 'multipart/form-data; boundary=x'),
          who,
        })
        .map(({ type, who }) => ({
          method: route.method,
          url,
          headers: { 'content-type': type },
          payload: '<items><item/></items>',
          tokens: 'good' as const,
          who,
        })),
    );
    const badBody = route.body.contentType === FORM ? null : invalidValue(route.body.schema);
    if (badBody) {
      out.push(
        fc.record({ body: badBody, who }).map(({ body, who }) => ({
          method: route.method,
          url,
          headers: { 'content-type': contentType },
          payload: JSON.stringify(body),
          tokens: 'good' as const,
          who,
        })),
      );
    }
  }
  return out;
}

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

/**
 * What each route's own rules refuse, beyond its declared shape: unknown products, limits, forms. Every
 * non-GET route the OpenAPI document hides needs an entry here (the test says which are missing).
 */
function routeCases(world: World): Record<string, fc.Arbitrary<Req>> {
  const item = world.item;
  const badItem = fc.oneof(
    fc.record({ asin: badAsin, offerListingId: fc.constant(item.offerListingId), quantity: fc.constant(1) }),
    fc.record({
      asin: fc.constant(item.asin),
      offerListingId: fc.string({ maxLength: 12 }),
      quantity: fc.constant(1),
    }),
    fc.record({
      asin: fc.constant(item.asin),
      offerListingId: fc.constant(item.offerListingId),
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
      .map((additionalParameters) => ({ ...item, additionalParameters })),
    fc.constant({ ...item, quantity: 11 }),
    fc.constant({
      asin: world.minimumThree.asin,
      offerListingId: `OL-${world.minimumThree.asin}-NEW`,
      quantity: 1,
    }),
    fc.constant({ ...item, unexpected: 'field' }),
    fc.constant({ asin: item.asin }),
  );
  const who = fc.constantFrom<Who>('anonymous', 'member');
  const addToCartForm = fc
    .oneof(
      fc.record({ 'asin.1': badAsin, 'offeringID.1': fc.string({ maxLength: 10 }) }),
      fc.record({
        'asin.1': fc.constant(item.asin),
        'offeringID.1': fc.constant(item.offerListingId),
        'quantity.1': fc.constantFrom('0', '-1', '1.5', '1000', 'abc', '99999', '1e3'),
      }),
      fc.record({ clientName: fc.string({ maxLength: 10 }) }),
      fc.record({ 'asin.1': fc.constant(item.asin) }),
      fc.record({
        verificationSessionID: fc.constant('000-0000000-0000000'),
        'asin.1': fc.constant(item.asin),
        'offeringID.1': fc.constant(item.offerListingId),
      }),
    )
    .map((fields) => form(fields as Record<string, string>));
  const formPost = (
    url: string,
    payload: fc.Arbitrary<string>,
    tokens: fc.Arbitrary<Req['tokens']> = fc.constant('good' as const),
  ) =>
    fc.record({ payload, tokens, who }).map(({ payload, tokens, who }) => ({
      method: 'POST',
      url,
      headers: { 'content-type': FORM },
      payload,
      tokens,
      who,
    }));
  const buyBoxForm = fc
    .oneof(
      fc.record({ offerListingID: fc.constant(item.offerListingId), quantity: fc.constant('1') }),
      fc.record({
        ASIN: fc.constantFrom('', 'B0ZZ0000000000000000000'),
        offerListingID: fc.constant(item.offerListingId),
      }),
      fc.record({ ASIN: fc.constant(item.asin), offerListingID: fc.constantFrom('', 'x'.repeat(201)) }),
      fc.record({
        ASIN: fc.constant(item.asin),
        offerListingID: fc.constant(item.offerListingId),
        quantity: fc.constantFrom('0', '-1', '1.5', '1000', 'abc', '1e3'),
      }),
      fc.record({
        ASIN: fc.constant(item.asin),
        offerListingID: fc.constant(item.offerListingId),
        'gift-wrap': fc.constantFrom('maybe', 'yes', '1'),
      }),
      fc.record({
        ASIN: fc.constant(item.asin),
        offerListingID: fc.constant(item.offerListingId),
        'installments-check': fc.constant('x'.repeat(81)),
      }),
      // Well-formed, but nothing to buy: an unknown product or offer.
      fc.record({
        ASIN: unknownAsin,
        offerListingID: fc.constant('OL-UNKNOWN'),
        'submit.add-to-cart': fc.constant(''),
      }),
      fc.record({
        ASIN: fc.constant(world.minimumThree.asin),
        offerListingID: fc.constant(`OL-${world.minimumThree.asin}-NEW`),
        quantity: fc.constant('1'),
        'submit.add-to-cart': fc.constant(''),
      }),
    )
    .map((fields) => form(fields as Record<string, string>));
  const placeOrderForm = fc
    .oneof(
      fc.record({ fullName: fc.constant('Sam Carter') }),
      fc.record({ source: fc.constantFrom('', 'later', 'CART') }),
      fc.record({ source: fc.constant('buy-now'), asin: fc.constant(item.asin) }),
      fc.record({
        source: fc.constant('buy-now'),
        asin: fc.constant(item.asin),
        offerListingId: fc.constant(item.offerListingId),
        quantity: fc.constantFrom('0', 'abc', '1000', '-2'),
      }),
      fc.record({ source: fc.constant('cart'), state: fc.constant('W'.repeat(21)) }),
      fc.record({ source: fc.constant('cart'), postalCode: fc.constant('9'.repeat(21)) }),
      // Addresses that are well-formed fields but no address (its page comes back with the problems).
      fc.record({
        source: fc.constantFrom('cart', 'buy-now'),
        asin: fc.constant(item.asin),
        offerListingId: fc.constant(item.offerListingId),
        quantity: fc.constant('1'),
        fullName: fc.constantFrom('', ' '),
        line1: fc.constantFrom('', '410 Terry Ave N'),
        city: fc.constant('Seattle'),
        state: fc.constantFrom('', 'XX', 'Washington'),
        postalCode: fc.constantFrom('', '9810', 'ABCDE'),
      }),
    )
    .map((fields) => form(fields as Record<string, string>));
  const cartUpdateForm = fc
    .oneof(
      fc.record({ quantity: fc.constant('2') }),
      fc.record({ lineId: fc.constantFrom('', 'C'.repeat(41)), quantity: fc.constant('2') }),
      // An unknown line, whatever the action.
      fc.record({
        lineId: fc.stringMatching(/^CZZ[0-9A-F]{8}$/),
        quantity: fc.constantFrom('0', '2', 'abc'),
        action: fc.constantFrom('update', 'delete'),
      }),
      // The shopper's own line with a quantity the form cannot mean.
      fc.record({
        lineId: fc.constant(world.lineId),
        quantity: fc.constantFrom('-1', 'abc', '1.5', '1000', '1e9'),
      }),
      fc.record({ lineId: fc.constant(world.lineId), action: fc.constantFrom('explode', 'DELETE', '') }),
    )
    .map((fields) => form(fields as Record<string, string>));

  return {
    [routeKey('GET', '/api/marketplaces/:marketplaceId/products/:asin')]: fc.record({
      method: fc.constant('GET'),
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
          .map((q) => `/api/marketplaces/${US}/products/${item.asin}?${q}`),
        fc
          .string({ minLength: 1, maxLength: 12 })
          .map((m) => `/api/marketplaces/${encodeURIComponent(m)}x/products/${item.asin}`),
      ),
      tokens: fc.constant('good' as const),
    }),
    [routeKey('POST', '/api/marketplaces/:marketplaceId/cart/carts/retail/items')]: fc.oneof(
      fc.record({
        method: fc.constant('POST'),
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
        who,
      }),
      fc.record({
        method: fc.constant('POST'),
        url: fc.constant(`/api/marketplaces/${US}/cart/carts/retail/items`),
        headers: fc.constant({ 'content-type': cartJson }),
        payload: fc.constant(JSON.stringify({ items: [item] })),
        tokens: fc.constantFrom('none' as const, 'wrong' as const),
        who,
      }),
    ),
    [routeKey('GET', '/api/marketplaces/:marketplaceId/cart/items')]: fc.record({
      method: fc.constant('GET'),
      url: fc.oneof(
        fc.constantFrom('count', 'items', 'summary').map((p) => `/api/marketplaces/NOPE/cart/${p}`),
        fc
          .constantFrom('cartTypes=SAVED', 'filter=x', 'cartTypes=')
          .map((q) => `/api/marketplaces/${US}/cart/items?${q}`),
      ),
      tokens: fc.constant('good' as const),
    }),
    [routeKey('POST', '/gp/add-to-cart/json/')]: formPost('/gp/add-to-cart/json/', addToCartForm),
    // The document gives this spec path without its slash; both spellings answer.
    [routeKey('POST', '/gp/add-to-cart/json')]: formPost('/gp/add-to-cart/json', addToCartForm),
    [routeKey('POST', '/alm/atfcGenericErrorModal/')]: fc.record({
      method: fc.constant('POST'),
      url: fc.constant('/alm/atfcGenericErrorModal/'),
      headers: fc.constant({ 'content-type': 'application/json' }),
      payload: fc.oneof(
        junk.map((j) => JSON.stringify({ kind: j })),
        fc.constantFrom('{', '[]', JSON.stringify({ kind: 'cart', language: 7 })),
      ),
      tokens: fc.constantFrom('good' as const, 'none' as const, 'wrong' as const),
    }),
    [routeKey('POST', '/gp/add-to-cart/json/ref=:ref')]: formPost(
      '/gp/add-to-cart/json/ref=ldabb',
      addToCartForm,
    ),
    [routeKey('POST', '/cart/add-to-cart/ref=:ref')]: formPost('/cart/add-to-cart/ref=dp', addToCartForm),
    [routeKey('GET', '/hctp/log/refMarker')]: fc.record({
      method: fc.constant('GET'),
      url: fc.oneof(
        fc.constant('/hctp/log/refMarker'),
        fc
          .constantFrom('', '<x>', 'a b', 'é')
          .map((t) => `/hctp/log/refMarker?ref_=${encodeURIComponent(t)}`),
      ),
      tokens: fc.constant('good' as const),
    }),
    [routeKey('POST', '/gp/digital/fiona/ajax/log.html/ref=:tag')]: fc.record({
      method: fc.constant('POST'),
      url: fc.constant('/gp/digital/fiona/ajax/log.html/ref=dp'),
      headers: fc.constant({ 'content-type': 'application/json' }),
      payload: fc.constant(JSON.stringify({ events: [{ schemaId: 'a', producerId: 'b' }] })),
      tokens: fc.constantFrom('none' as const, 'wrong' as const),
    }),
    [routeKey('POST', '/api/metrics/events')]: fc.oneof(
      fc.record({
        method: fc.constant('POST'),
        url: fc.constant('/api/metrics/events'),
        headers: fc.constant({ 'content-type': 'application/json' }),
        payload: fc.constant(JSON.stringify({ events: [{ schemaId: 'a', producerId: 'b' }] })),
        tokens: fc.constantFrom('none' as const, 'wrong' as const),
      }),
      fc.record({
        method: fc.constant('POST'),
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
    ),
    // Sign-in: malformed forms (asking for JSON), or no token.
    [routeKey('POST', '/gp/sign-in.html')]: fc.record({
      method: fc.constant('POST'),
      url: fc.constant('/gp/sign-in.html'),
      headers: fc.constant({ 'content-type': FORM, accept: 'application/json' }),
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
        .map((fields) => form(fields)),
      tokens: fc.constantFrom('good' as const, 'none' as const),
    }),
    [routeKey('POST', '/gp/product/handle-buy-box')]: formPost('/gp/product/handle-buy-box', buyBoxForm),
    [routeKey('POST', '/gp/product/handle-buy-box/ref=:ref')]: fc.oneof(
      formPost('/gp/product/handle-buy-box/ref=dp_buybox', buyBoxForm),
      formPost(
        `/gp/product/handle-buy-box/ref=${'r'.repeat(129)}`,
        fc.constant(form({ ASIN: item.asin, offerListingID: item.offerListingId })),
      ),
    ),
    [routeKey('POST', '/gp/buy/spc/handlers/place-order.html')]: fc.oneof(
      formPost('/gp/buy/spc/handlers/place-order.html', placeOrderForm),
      formPost(
        '/gp/buy/spc/handlers/place-order.html',
        fc.constant(
          form({
            source: 'cart',
            fullName: 'Sam Carter',
            line1: '410 Terry Ave N',
            city: 'Seattle',
            state: 'WA',
            postalCode: '98109',
          }),
        ),
        fc.constantFrom('none' as const, 'wrong' as const),
      ),
    ),
    // BIZ-003: the fast-forward basket's "add all" (its fields are hidden; only a forged form is bad).
    [routeKey('POST', '/gp/buy/basket/ff.html')]: fc.oneof(
      formPost(
        '/gp/buy/basket/ff.html',
        fc
          .oneof(
            fc.record({ asin: badAsin, quantity: fc.constant('2') }),
            fc.record({
              asin: fc.constant(item.asin),
              quantity: fc.constantFrom('0', '-1', '1.5', '1000', 'abc', ''),
            }),
            fc.record({ asin: unknownAsin, quantity: fc.constant('2') }),
            fc.record({ quantity: fc.constant('2') }),
          )
          .map((fields) => form(fields as Record<string, string>)),
      ),
      formPost(
        '/gp/buy/basket/ff.html',
        fc.constant(form({ asin: item.asin, quantity: '2' })),
        fc.constantFrom('none' as const, 'wrong' as const),
      ),
    ),
    [routeKey('POST', '/afx/slotselection/reserve')]: formPost(
      '/afx/slotselection/reserve',
      fc
        .oneof(
          fc.record({ slotStart: fc.constant('1795428000000') }),
          fc.record({ storeId: fc.constantFrom('', 'X'.repeat(41)), slotStart: fc.constant('1') }),
          fc.record({ storeId: fc.constant('NO-SUCH-STORE'), slotStart: fc.constantFrom('abc', '-5', '12') }),
          // A store of the catalog, at a moment that is no window.
          fc.record({ storeId: fc.constant('HLF-SEATTLE'), slotStart: fc.constantFrom('0', '12', '1.5') }),
        )
        .map((fields) => form(fields as Record<string, string>)),
    ),
    [routeKey('POST', '/alm/checkout/place-order')]: formPost(
      '/alm/checkout/place-order',
      fc
        .oneof(
          fc.record({ storeId: fc.constant('HLF-SEATTLE') }),
          fc.record({
            storeId: fc.constantFrom('', 'HLF-SEATTLE'),
            token: fc.constantFrom('', 'T'.repeat(81)),
          }),
          fc.record({ storeId: fc.constant('HLF-SEATTLE'), token: fc.stringMatching(/^SLOT-[0-9a-f]{24}$/) }),
        )
        .map((fields) => form(fields as Record<string, string>)),
    ),
    [routeKey('POST', '/alm/cart/remove')]: formPost(
      '/alm/cart/remove',
      fc
        .oneof(
          fc.record({}),
          fc.record({ lineId: fc.constantFrom('', 'C'.repeat(41)) }),
          fc.record({ lineId: fc.stringMatching(/^CZZ[0-9A-F]{8}$/) }),
          // A retail line is not a fresh one.
          fc.record({ lineId: fc.constant(world.lineId) }),
        )
        .map((fields) => form(fields as Record<string, string>)),
    ),
    [routeKey('POST', '/gp/cart/update.html')]: fc.oneof(
      formPost('/gp/cart/update.html', cartUpdateForm),
      formPost(
        '/gp/cart/update.html',
        fc.constant(form({ lineId: world.lineId, action: 'delete' })),
        fc.constantFrom('none' as const, 'wrong' as const),
      ),
    ),
    [routeKey('POST', '/api/marketplaces/:marketplaceId/deals/:dealId/claim-and-add-to-cart')]: fc.record({
      method: fc.constant('POST'),
      url: fc.oneof(
        fc.constant(`/api/marketplaces/${US}/deals/${world.dealId}/claim-and-add-to-cart?ref=dp_ld`),
        fc.constant(`/api/marketplaces/${US}/deals/${world.dealId}/claim-and-add-to-cart`),
      ),
      headers: fc.constant({ 'content-type': 'application/json' }),
      payload: fc
        .oneof(
          fc.record({ asin: fc.constant(world.item.asin), quantity: fc.constant(1) }),
          fc.record({ asin: badAsin, quantity: fc.constant(1) }),
          fc.record({ asin: fc.constant(world.item.asin), quantity: badQuantity }),
          fc.record({ asin: junk, quantity: junk, devicePreRegistered: junk }),
        )
        .map((body) => JSON.stringify(body)),
      tokens: fc.constant('good' as const),
      who,
    }),
    [routeKey('POST', '/gp/collect-coupon/handler/redeem-coupon-detailpage.html')]: fc.record({
      method: fc.constant('POST'),
      url: fc.constant('/gp/collect-coupon/handler/redeem-coupon-detailpage.html'),
      headers: fc.constant({ 'content-type': 'application/json' }),
      payload: fc
        .oneof(
          fc.stringMatching(/^ZZNOCOUPON[0-9]{4}$/),
          fc.constantFrom('', 'has space', '<x>', 'x'.repeat(81)),
          junk,
        )
        .map((encryptedPromotionId) => JSON.stringify({ encryptedPromotionId })),
      tokens: fc.constant('good' as const),
      who,
    }),
    [routeKey('POST', '/api/marketplaces/:marketplaceId/products/:asin/invitation')]: fc.record({
      method: fc.constant('POST'),
      url: fc.oneof(
        unknownAsin.map((asin) => `/api/marketplaces/${US}/products/${asin}/invitation`),
        // A product that is not in high demand has no invitations to give.
        fc.constant(`/api/marketplaces/${US}/products/${world.item.asin}/invitation`),
      ),
      headers: fc.constant({ 'content-type': 'application/json' }),
      payload: fc.constantFrom('{}', '{"x":1}'),
      tokens: fc.constant('good' as const),
      who,
    }),
    [routeKey('POST', '/gp/delivery/location')]: fc.record({
      method: fc.constant('POST'),
      url: fc.constant('/gp/delivery/location'),
      headers: fc.constant({ 'content-type': 'application/json' }),
      payload: fc
        .oneof(
          fc.record({ zip: fc.constantFrom('', '1234', '123456', 'ABCDE', '98109-12', ' 9810 ') }),
          fc.record({ dismiss: fc.constantFrom(false, 'true', 1, null) }),
          fc.record({ zip: junk.filter((z) => typeof z !== 'string' || !/^\s*\d{5}(-\d{4})?\s*$/.test(z)) }),
        )
        .map((body) => JSON.stringify(body)),
      tokens: fc.constant('good' as const),
    }),
  };
}

/**
 * The rate limits count every request, refused or not (a script hammering a route with bad requests is
 * still hammering it): their counters are the one table a refused request may change.
 */
const COUNTS_EVERY_REQUEST = new Set(['rate_limit_counters']);

const snapshot = (ctx: TestContext) => snapshotTables(ctx.store, COUNTS_EVERY_REQUEST);

describe.each(dialects)('malformed requests on %s', (dialect) => {
  let ctx: TestContext;
  let shoppers: Record<Who, Shopper>;
  let world: World;
  let doc: OpenApiDocument;
  let tree: string;

  beforeAll(async () => {
    ctx = await createTestApp(dialect, { seed: false });
    const now = ctx.clock.now;
    const product = await createProduct(ctx.store.db, demoProductShape('B0PDPSPK01'), { now });
    const minimumThree = await createProduct(ctx.store.db, demoProductShape('B0PDPFLT01'), { now });
    const deal = await createDeal(ctx.store.db, demoProductShape('B0PDPTAB01'), { now });
    const customer = await createCustomer(ctx.store.db, {}, { now });
    const item = { asin: product.asin, offerListingId: `OL-${product.asin}-NEW`, quantity: 1 };

    const anonymous = new Shopper(ctx.app);
    await anonymous.visit(`/dp/${product.asin}`);
    const added = await anonymous.addItems([{ ...item, quantity: 2 }]);
    expect(added.statusCode).toBe(200);
    const member = new Shopper(ctx.app);
    await member.visit(`/dp/${product.asin}`);
    const signedIn = await member.postForm('/gp/sign-in.html', {
      action: 'sign-in',
      email: customer.email,
      password: customer.password,
      path: `/dp/${product.asin}`,
    });
    expect(signedIn.statusCode).toBe(303);
    await member.visit(`/dp/${product.asin}`);
    shoppers = { anonymous, member };
    world = {
      item,
      minimumThree,
      dealId: deal.deal.dealId ?? '',
      lineId: (added.json() as { entity: { items: { id: string }[] } }).entity.items[0]?.id ?? '',
    };
    doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    tree = ctx.app.printRoutes({ commonPrefix: false });
  });
  afterAll(() => ctx?.close());

  /** Every route to send malformed requests to: the OpenAPI operations, then the form routes it hides. */
  function routesToTest(): Route[] {
    const routes = new Map<string, Route>();
    for (const route of documentedRoutes(doc, MEDIA_TYPES)) {
      routes.set(routeKey(route.method, route.path), { ...route, form: route.body?.contentType === FORM });
    }
    for (const { method, path } of registeredRoutes(tree)) {
      if (['GET', 'HEAD', 'OPTIONS'].includes(method) || routes.has(routeKey(method, path))) continue;
      const params = [...path.matchAll(/:([A-Za-z_]+)/g)].map(
        (m): OpenApiParameter => ({
          in: 'path',
          name: m[1] ?? '',
          required: true,
          schema: { type: 'string', maxLength: 128 },
        }),
      );
      routes.set(routeKey(method, path), {
        method,
        path,
        params,
        query: [],
        body: { contentType: FORM, schema: { type: 'object' } },
        form: true,
      });
    }
    return [...routes.values()];
  }

  test('the route list is read from the app: every non-GET route is in it', () => {
    const registered = registeredRoutes(tree);
    // The tree parse found the routes we know of, at their full paths.
    expect(registered).toContainEqual({ method: 'POST', path: '/gp/cart/update.html' });
    expect(registered).toContainEqual({
      method: 'POST',
      path: '/api/marketplaces/:marketplaceId/products/:asin/invitation',
    });
    expect(registered).toContainEqual({ method: 'POST', path: '/gp/add-to-cart/json/ref=:ref' });
    const tested = new Set(routesToTest().map((r) => routeKey(r.method, r.path)));
    const cases = routeCases(world);
    const untested = registered
      .filter((r) => !['GET', 'HEAD', 'OPTIONS'].includes(r.method))
      .map((r) => routeKey(r.method, r.path))
      .filter((key) => !tested.has(key));
    expect(untested, 'non-GET routes without malformed requests').toEqual([]);
    // A form route the OpenAPI document hides needs its own bad forms (its body schema is not published).
    const hiddenWithoutCases = routesToTest()
      .filter((r) => r.method !== 'GET' && r.form && !cases[routeKey(r.method, r.path)])
      .map((r) => routeKey(r.method, r.path));
    expect(hiddenWithoutCases, 'form routes with no bad forms in routeCases').toEqual([]);
    // And no case is left for a route that is gone.
    const known = new Set(registered.map((r) => routeKey(r.method, r.path)));
    expect(Object.keys(cases).filter((key) => !known.has(key))).toEqual([]);
  });

  test('≥ 1,000 generated malformed requests over every route: each a 4xx JSON error, no 5xx, no table changed', async () => {
    const before = await snapshot(ctx);
    const routes = routesToTest();
    const cases = routeCases(world);
    const perRoute = new Map<string, fc.Arbitrary<Req>>();
    for (const route of routes) {
      const key = routeKey(route.method, route.path);
      const generated = generatedRequests(route, world);
      const own = cases[key];
      // A route's own cases get half of its requests, the generated ones share the other half.
      const weighted = [
        ...generated.map((arbitrary) => ({ arbitrary, weight: 1 })),
        ...(own ? [{ arbitrary: own, weight: Math.max(1, generated.length) }] : []),
      ];
      if (weighted.length) perRoute.set(key, fc.oneof(...weighted));
    }
    const unknownRoutes = fc.record({
      method: fc.constantFrom('GET', 'PUT', 'DELETE'),
      url: fc.webPath().map((p) => `/api/${p.replace(/^\//, '')}zz`),
      tokens: fc.constant('good' as const),
    });
    perRoute.set('unknown routes and methods', unknownRoutes);
    const runs = Math.ceil((MIN_REQUESTS * 1.1) / perRoute.size);
    const sentTo = new Map<string, number>();

    for (const [key, arbitrary] of perRoute) {
      await fc.assert(
        fc.asyncProperty(arbitrary, async (req) => {
          const shopper = shoppers[req.who ?? 'anonymous'];
          const tokens: Record<string, string> =
            req.tokens === 'good'
              ? { 'x-csrf-token': shopper.csrfToken, 'x-encrypted-slate-token': shopper.slateToken }
              : req.tokens === 'wrong'
                ? { 'x-csrf-token': 'forged-token', 'x-encrypted-slate-token': 'forged' }
                : {};
          const response = await shopper.request({
            method: req.method as 'GET',
            url: req.url,
            headers: { ...tokens, ...(req.headers ?? {}) },
            ...(req.payload !== undefined ? { payload: req.payload } : {}),
          });
          sentTo.set(key, (sentTo.get(key) ?? 0) + 1);
          const summary = `[${key}] ${req.who ?? 'anonymous'} ${req.method} ${req.url} ${req.payload ?? ''} → ${response.statusCode} ${response.headers.location ?? ''} ${response.body.slice(0, 200)}`;
          expect(response.body, summary).not.toMatch(/at .+\.(ts|js):\d+/);
          const type = String(response.headers['content-type'] ?? '');
          // A plain HTML form is answered as a person needs: its page again, or back to the cart with the error.
          if (HTML_FORM_ANSWERS.has(key) && !type.includes('json')) {
            if (
              response.statusCode === 303 &&
              key === routeKey('POST', '/gp/buy/spc/handlers/place-order.html')
            ) {
              // A refused order goes back to the checkout URL (decision 0015) with the refusal's 4xx status.
              expect(String(response.headers.location), summary).toMatch(
                /^\/gp\/buy\/spc\/handlers\/display\.html/,
              );
              expect(String(response.headers['x-order-refused']), summary).toMatch(/^4\d\d$/);
            } else if (response.statusCode === 303) {
              // Back to the cart with the error, or (a quantity under the minimum, decision 0016) back to
              // the product's form with the problem's code.
              expect(String(response.headers.location), summary).toMatch(
                /^(\/gp\/cart\/view\.html\?error=|\/dp\/[A-Z0-9]+\?purchase-problem=below_min_order_quantity$|\/alm\/checkout\?(storeId=[^&]*&)?error=|\/gp\/sign-in\.html\?path=%2Falm%2Fcheckout$)/,
              );
            } else {
              expect(response.statusCode, summary).toBeGreaterThanOrEqual(400);
              expect(response.statusCode, summary).toBeLessThan(500);
              expect(type, summary).toContain('text/html');
            }
            return;
          }
          expect(response.statusCode, summary).toBeGreaterThanOrEqual(400);
          expect(response.statusCode, summary).toBeLessThan(500);
          expect(type, summary).toContain('json');
          const body = response.json();
          expect(typeof body.error?.code, summary).toBe('string');
          expect(typeof body.error?.message, summary).toBe('string');
        }),
        { numRuns: runs },
      );
    }
    const sent = [...sentTo.values()].reduce((a, b) => a + b, 0);
    expect(sent).toBeGreaterThanOrEqual(MIN_REQUESTS);
    // Every route had its share.
    expect([...perRoute.keys()].filter((key) => (sentTo.get(key) ?? 0) < runs)).toEqual([]);
    expect(await snapshot(ctx)).toEqual(before);
  }, 300_000);
});
