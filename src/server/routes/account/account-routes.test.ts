import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, Shopper, type TestContext } from '../../../../tests/helpers/test-app';
import { dialects } from '../../../../tests/helpers/test-store';

describe.each(dialects)('the account page on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(dialect);
  });
  afterAll(() => ctx?.close());

  test('decision 0015: the account entry leads to the shopper’s name, orders and Sign out, not to a "Sign in" page', async () => {
    const s = new Shopper(ctx.app);
    await s.visit('/gp/sign-in.html');
    await s.postForm('/gp/sign-in.html', {
      action: 'sign-in',
      email: 'registry@example.com',
      password: 'registry-demo',
      path: '/',
    });
    const product = await s.visit();
    expect(product.body).toContain('href="/gp/css/homepage.html"');
    const placed = await s.postForm('/gp/product/handle-buy-box', {
      ASIN: 'B0PDPSPK01',
      offerListingID: 'OL-B0PDPSPK01-NEW',
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
