import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { buildService, createServiceWorld } from '../../../tests/factories/add-on-service-factory';
import { createCustomer } from '../../../tests/factories/customer-factory';
import { buildProduct, importProducts } from '../../../tests/factories/product-factory';
import { expectConsoleError } from '../../../tests/helpers/console-errors';
import { strictAnswerCheck } from '../../../tests/helpers/openapi-answers';
import { createTestApp, Shopper, type TestContext } from '../../../tests/helpers/test-app';
import { createTestStore, type TestStore } from '../../../tests/helpers/test-store';
import { PRODUCT_EXPANSIONS } from '../../shared/contracts/products';
import { buildApp } from '../app';
import { readEnv } from '../env';
import { OPENAPI_PATH } from './openapi';

const US = 'ATVPDKIKX0DER';
type Operation = {
  operationId?: string;
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; style?: string; explode?: boolean; schema: unknown }[];
};
type Document = { openapi: string; servers?: unknown[]; paths: Record<string, Record<string, Operation>> };

describe('the OpenAPI document', () => {
  let ctx: TestContext;
  let document: Document;
  let source: string;
  beforeAll(async () => {
    ctx = await createTestApp('sqlite', { seed: false });
    const answer = await ctx.app.inject({ method: 'GET', url: OPENAPI_PATH });
    source = answer.body;
    document = answer.json();
  });
  afterAll(() => ctx?.close());

  const operations = () =>
    Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
    );

  test("passes Redocly's recommended rules with no error", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config });
    const errors = problems.filter((p) => p.severity === 'error');
    expect(errors.map((p) => `${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`)).toEqual([]);
    // What is left are warnings about reads that can only succeed (/healthz and two static answers).
    expect(new Set(problems.map((p) => p.ruleId))).toEqual(new Set(['operation-4xx-response']));
  });

  test('is OpenAPI 3.1 with a server, and every operation has its own operationId', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers).toEqual([{ url: '/', description: expect.any(String) }]);
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(document.paths['/api/marketplaces/{marketplaceId}/cart/count']?.get?.operationId).toBe(
      'getApiMarketplacesCartCount',
    );
  });

  test('every state-changing call declares the tokens the csrf plugin asks for; cart API calls the slate token too', () => {
    for (const { path, method, operation } of operations()) {
      if (method === 'get') expect(operation.security, path).toEqual([{}, { session: [] }]);
      else expect(operation.security?.[0], `${method} ${path}`).toMatchObject({ session: [], csrf: [] });
    }
    const security = (path: string, method: string) => document.paths[path]?.[method]?.security;
    expect(security('/api/metrics/events', 'post')).toEqual([{ session: [], csrf: [] }]);
    expect(security('/gp/delivery/location', 'post')).toEqual([{ session: [], csrf: [] }]);
    expect(security('/api/marketplaces/{marketplaceId}/cart/carts/retail/items', 'post')).toEqual([
      { session: [], csrf: [], slate: [] },
    ]);
  });

  test('expand and buyingOptionTypes are comma-separated lists of the values the server allows', () => {
    const parameters = document.paths['/api/marketplaces/{marketplaceId}/products/{asin}']?.get?.parameters;
    const parameter = (name: string) => parameters?.find((p) => p.name === name);
    expect(parameter('expand')).toMatchObject({
      in: 'query',
      style: 'form',
      explode: false,
      schema: { type: 'array', items: { type: 'string', enum: [...PRODUCT_EXPANSIONS] } },
    });
    expect(parameter('buyingOptionTypes')).toMatchObject({
      style: 'form',
      explode: false,
      schema: { type: 'array', items: { enum: expect.arrayContaining(['LIGHTNING_DEAL', 'B2B_NEW']) } },
    });
  });

  test('a spec path ending in a slash is documented without it, and answers at both addresses', async () => {
    expect(document.paths['/gp/add-to-cart/json']?.post).toBeDefined();
    expect(document.paths['/gp/add-to-cart/json/']).toBeUndefined();
    const shopper = new Shopper(ctx.app);
    await shopper.visit('/gp/sign-in.html');
    const [documented, spec] = await Promise.all(
      ['/gp/add-to-cart/json', '/gp/add-to-cart/json/'].map((url) =>
        shopper.postForm(url, { 'ASIN.1': 'B0NOSUCH00', 'offerListingID.1': 'OL-NONE', 'quantity.1': '1' }),
      ),
    );
    expect(documented?.statusCode).toBeGreaterThanOrEqual(400);
    expect(documented?.statusCode).toBeLessThan(500);
    expect([documented?.statusCode, documented?.json()]).toEqual([spec?.statusCode, spec?.json()]);
  });
});

describe('answers checked against the document by a strict validator', () => {
  let ctx: TestContext;
  let shopper: Shopper;
  const service = buildService({ offers: [{ price: 99 }] });
  const plain = buildProduct();
  const noListPrice = buildProduct({ offers: [{ price: 20 }] });
  beforeAll(async () => {
    ctx = await createTestApp('sqlite', { seed: false });
    await createServiceWorld(ctx.store.db, [service]);
    await importProducts(ctx.store.db, [plain, noListPrice]);
    await createCustomer(ctx.store.db);
    shopper = new Shopper(ctx.app);
    await shopper.visit(`/dp/${plain.asin}`);
  });
  afterAll(() => ctx?.close());

  const get = (url: string) => shopper.request({ method: 'GET', url });

  test('the nulls strict validators refused in the OpenAPI 3.0 document validate: no add-on services, no next offer, no list price', async () => {
    const slice = await get(`/api/marketplaces/${US}/products/${plain.asin}/page-slices/add-on-services`);
    expect(slice.statusCode, slice.body).toBe(200);
    expect(slice.json().addOnServices).toBeNull();
    const zip = await get(
      `/gp/ls/vas-ajax-handlers/vas-zipcode-refresh.html?asinlist=${service.asin}&vasZipcode=98109&clientName=vas_dp`,
    );
    expect(zip.statusCode, zip.body).toBe(200);
    expect(zip.json()[service.asin]).toMatchObject({ isOfferAvailable: true, nextOfferPrice: null });
    const offers = await get(`/api/marketplaces/${US}/products/${noListPrice.asin}/offers`);
    expect(offers.statusCode, offers.body).toBe(200);
    expect(offers.json().entity.offers[0].listPrice).toBeNull();
  });

  test('a refusal is checked too: the CSRF 403 and a 400 match the house error', async () => {
    const refused = await shopper.request({
      method: 'POST',
      url: '/api/metrics/events',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ events: [] }),
    });
    expect(refused.statusCode, refused.body).toBe(403);
    const bad = await get(`/api/marketplaces/${US}/products/${plain.asin}?expand=secrets`);
    expect(bad.statusCode, bad.body).toBe(400);
  });
});

describe('an answer off its documented schema', () => {
  let store: TestStore;
  beforeAll(async () => {
    store = await createTestStore('sqlite');
  });
  afterAll(() => store?.drop());

  test('answers 500 naming the difference, and says so on the console', async () => {
    const env = readEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SESSION_SECRET: 'test-secret-test-secret-test-secret-42',
    });
    const app = await buildApp({ env, store, checkAnswer: strictAnswerCheck() });
    // The price is documented as a number or null; the handler writes its JSON by hand, past the serializer.
    app.get(
      '/api/answer-check',
      { schema: { response: { 200: z.object({ price: z.number().nullable() }) } } },
      async (_request, reply) => reply.type('application/json').send('{"price":"free"}'),
    );
    app.get(
      '/api/answer-check/nullable',
      { schema: { response: { 200: z.object({ price: z.number().nullable() }) } } },
      async (_request, reply) => reply.type('application/json').send('{"price":null}'),
    );
    await app.ready();
    try {
      expect((await app.inject({ method: 'GET', url: '/api/answer-check/nullable' })).statusCode).toBe(200);
      expectConsoleError(/answered 200 off its documented schema: answer\/price must be number,null/);
      const answer = await app.inject({ method: 'GET', url: '/api/answer-check' });
      expect(answer.statusCode).toBe(500);
      expect(answer.json().error).toMatchObject({ code: 'answer_off_contract' });
      expect(answer.json().error.message).toContain('answer/price must be number,null');
    } finally {
      await app.close();
    }
  });
});
