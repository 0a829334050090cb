import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCustomer, demoAccountShape } from '../../../../tests/factories/customer-factory';
import { createProduct } from '../../../../tests/factories/product-factory';
import { createTestApp, Shopper, type TestContext } from '../../../../tests/helpers/test-app';
import { dialects } from '../../../../tests/helpers/test-store';

describe.each(dialects)('the account page on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(dialect, { seed: false });
  });
  afterAll(() => ctx?.close());

  test('decision 0015: the account entry leads to the shopper’s name, orders and Sign out, not to a "Sign in" page', async () => {
    // An account of the test's own, shaped like the demo registry owner (Jordan Ellis, Visa ending 1881).
    const customer = await createCustomer(ctx.store.db, demoAccountShape('registry'), { now: ctx.clock.now });
    const speaker = await createProduct(ctx.store.db, {}, { now: ctx.clock.now });
    const s = new Shopper(ctx.app);
    await s.visit('/gp/sign-in.html');
    await s.postForm('/gp/sign-in.html', {
      action: 'sign-in',
      email: customer.email,
      password: customer.password,
      path: '/',
    });
    const product = await s.visit(`/dp/${speaker.asin}`);
    expect(product.body).toContain('href="/gp/css/homepage.html"');
    const placed = await s.postForm('/gp/product/handle-buy-box', {
      ASIN: speaker.asin,
      offerListingID: speaker.offers[0]?.offerListingId ?? '',
      quantity: '1',
      'submit.one-click': 'Buy now with 1-Click',
    });
    const orderId = new URL(placed.headers.location as string, 'http://x').searchParams.get('orderId');
    expect(orderId).toMatch(/^111-/);

    // The sign-in page is for signing in; a signed-in shopper is sent to their account.
    const signInPage = await s.visit('/gp/sign-in.html');
    expect(signInPage.statusCode).toBe(303);
    expect(signInPage.headers.location).toBe('/gp/css/homepage.html');

    const account = await s.visit('/gp/css/homepage.html');
    expect(account.statusCode).toBe(200);
    expect(account.body).toContain('<title>Your Account | Northwind Market</title>');
    expect(account.body).toContain('Jordan Ellis');
    expect(account.body).toContain(`Order ${orderId}`);
    expect(account.body).toContain('Visa ending 1881');
    expect(account.body).toContain('value="sign-out"');

    await s.postForm('/gp/sign-in.html', { action: 'sign-out', path: '/' });
    const after = await s.visit('/gp/css/homepage.html');
    expect(after.statusCode).toBe(303);
    expect(after.headers.location).toBe('/gp/sign-in.html?path=%2Fgp%2Fcss%2Fhomepage.html');
  });
});
