import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, Shopper, type TestContext } from '../../../../tests/helpers/test-app';
import { dialects } from '../../../../tests/helpers/test-store';

describe.each(dialects)('logging, metrics and operations on %s', (dialect) => {
  let ctx: TestContext;
  let shopper: Shopper;
  beforeAll(async () => {
    ctx = await createTestApp(dialect, { seed: false });
    shopper = new Shopper(ctx.app);
    await shopper.visit('/gp/sign-in.html');
  });
  afterAll(() => ctx?.close());

  const metrics = async () => (await shopper.request({ method: 'GET', url: '/metrics' })).body;

  test('LOG-006 GET /hctp/log/refMarker?ref_= logs the tag', async () => {
    const response = await shopper.request({ method: 'GET', url: '/hctp/log/refMarker?ref_=dp_atc_1' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ logged: true });
    expect(await metrics()).toMatch(/pdp_ref_markers_total\{logger="hctp"\} [1-9]/);
  });

  test('LOG-003 LOG-004 the server refuses a ref marker without a tag', async () => {
    const missing = await shopper.request({ method: 'GET', url: '/hctp/log/refMarker' });
    expect(missing.statusCode).toBe(400);
    const empty = await shopper.request({ method: 'GET', url: '/hctp/log/refMarker?ref_=' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toContain('refTag is not defined');
  });

  test('LOG-007 POST /gp/digital/fiona/ajax/log.html/ref={tag} is the alternate logger (CSRF required)', async () => {
    const response = await shopper.request({
      method: 'POST',
      url: '/gp/digital/fiona/ajax/log.html/ref=kindle_dp_buy',
      headers: { 'x-csrf-token': shopper.csrfToken },
    });
    expect(response.statusCode).toBe(200);
    expect(await metrics()).toMatch(/pdp_ref_markers_total\{logger="fiona"\} 1/);
    const noToken = await shopper.request({
      method: 'POST',
      url: '/gp/digital/fiona/ajax/log.html/ref=kindle_dp_buy',
    });
    expect(noToken.statusCode).toBe(403);
  });

  test('LOG-008 metric events carry schema and producer ids and are counted in /metrics', async () => {
    const response = await shopper.request({
      method: 'POST',
      url: '/api/metrics/events',
      headers: { 'content-type': 'application/json', 'x-csrf-token': shopper.csrfToken },
      payload: JSON.stringify({
        events: [
          { schemaId: 'pdp.add-to-cart.intention/v1', producerId: 'buybox', data: { asin: 'B0TESTSPK1' } },
          { schemaId: 'pdp.add-to-cart.submitted/v1', producerId: 'buybox' },
        ],
      }),
    });
    expect(response.json()).toEqual({ accepted: 2 });
    expect(await metrics()).toContain(
      'pdp_client_events_total{schemaId="pdp.add-to-cart.intention/v1",producerId="buybox"} 1',
    );
    const missingIds = await shopper.request({
      method: 'POST',
      url: '/api/metrics/events',
      headers: { 'content-type': 'application/json', 'x-csrf-token': shopper.csrfToken },
      payload: JSON.stringify({ events: [{ data: {} }] }),
    });
    expect(missingIds.statusCode).toBe(400);
  });

  test('/metrics reports request counts and latencies by route', async () => {
    const body = await metrics();
    expect(body).toMatch(
      /http_requests_total\{method="GET",route="\/hctp\/log\/refMarker",status="200"\} \d+/,
    );
    expect(body).toContain('http_request_duration_seconds_bucket');
  });

  test('/healthz checks the database', async () => {
    const response = await shopper.request({ method: 'GET', url: '/healthz' });
    expect(response.json()).toEqual({ status: 'ok', database: 'up' });
  });

  test('/api/openapi.json documents the calls from the zod contracts', async () => {
    const doc = (await shopper.request({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/marketplaces/{marketplaceId}/cart/carts/retail/items',
        '/api/marketplaces/{marketplaceId}/products/{asin}',
        '/api/marketplaces/{marketplaceId}/cart/count',
        '/hctp/log/refMarker',
      ]),
    );
    const add = doc.paths['/api/marketplaces/{marketplaceId}/cart/carts/retail/items'].post;
    expect(JSON.stringify(add.requestBody)).toContain('CartAddItemsRequest');
    expect(JSON.stringify(doc.components.schemas.CartAddItemsRequest)).toContain('offerListingId');
  });

  test('unknown API paths answer a 404 JSON error', async () => {
    const response = await shopper.request({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('not_found');
  });
});
