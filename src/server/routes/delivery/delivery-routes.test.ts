import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCustomer, demoAccountShape } from '../../../../tests/factories/customer-factory';
import { createProduct } from '../../../../tests/factories/product-factory';
import { createTestApp, Shopper, type TestContext } from '../../../../tests/helpers/test-app';
import { dialects } from '../../../../tests/helpers/test-store';

describe.each(dialects)('delivery location on %s', (dialect) => {
  let ctx: TestContext;
  // A product page of the test's own.
  let page = '';
  beforeAll(async () => {
    ctx = await createTestApp(dialect, { seed: false });
    page = `/dp/${(await createProduct(ctx.store.db, {}, { now: ctx.clock.now })).asin}`;
  });
  afterAll(() => ctx?.close());

  const pageData = (body: string) =>
    JSON.parse(/<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(body)?.[1] ?? '{}');
  const post = (s: Shopper, body: unknown, withToken = true) =>
    s.request({
      method: 'POST',
      url: '/gp/delivery/location',
      headers: { 'content-type': 'application/json', ...(withToken ? { 'x-csrf-token': s.csrfToken } : {}) },
      payload: JSON.stringify(body),
    });

  test('DP-005 a new shopper is eligible for the location prompt; choosing a ZIP or dismissing ends that', async () => {
    const s = new Shopper(ctx.app);
    const first = pageData((await s.visit(page)).body);
    expect(first.shopper).toMatchObject({ deliveryZip: null, locationPromptEligible: true });
    expect((await post(s, { zip: '98109' })).json()).toEqual({ zip: '98109' });
    expect(pageData((await s.visit(page)).body).shopper).toMatchObject({
      deliveryZip: '98109',
      locationPromptEligible: false,
    });

    const other = new Shopper(ctx.app);
    await other.visit(page);
    await post(other, { dismiss: true });
    expect(pageData((await other.visit(page)).body).shopper).toMatchObject({
      deliveryZip: null,
      locationPromptEligible: false,
    });
  });

  test('a bad ZIP is a 400 naming it, and a missing CSRF token a 403; nothing is set', async () => {
    const s = new Shopper(ctx.app);
    await s.visit(page);
    const bad = await post(s, { zip: '9810' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('enter a 5-digit US ZIP code');
    expect((await post(s, { zip: '98109' }, false)).statusCode).toBe(403);
    expect(pageData((await s.visit(page)).body).shopper.deliveryZip).toBeNull();
  });

  test('a signed-in customer delivers to their own ZIP and is not prompted', async () => {
    // An account of the test's own, shaped like the demo Prime member (ZIP 98109).
    const prime = await createCustomer(ctx.store.db, demoAccountShape('prime'), { now: ctx.clock.now });
    const s = new Shopper(ctx.app);
    await s.signIn(prime.email, prime.password);
    expect(pageData((await s.visit(page)).body).shopper).toMatchObject({
      deliveryZip: '98109',
      locationPromptEligible: false,
    });
  });
});
