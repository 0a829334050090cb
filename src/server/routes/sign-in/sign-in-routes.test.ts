import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  type CreatedCustomer,
  createCustomer,
  demoAccountShape,
} from '../../../../tests/factories/customer-factory';
import { createProduct } from '../../../../tests/factories/product-factory';
import { createTestApp, Shopper, type TestContext } from '../../../../tests/helpers/test-app';
import { dialects } from '../../../../tests/helpers/test-store';
import { SIGN_IN_FAILURE_LIMIT, SIGN_IN_FAILURE_WINDOW_MS } from '../../services/sign-in/sign-in';

describe.each(dialects)('sessions and sign-in on %s', (dialect) => {
  let ctx: TestContext;
  // The test's own products (a speaker, batteries) and accounts shaped like the demo ones.
  let SPK = '';
  let BATTERIES = '';
  let SPEAKER = { asin: '', offerListingId: '' };
  const account: Record<'shopper' | 'prime' | 'business', CreatedCustomer> = Object.create(null);
  beforeAll(async () => {
    ctx = await createTestApp(dialect, { seed: false });
    const now = ctx.clock.now;
    const speaker = await createProduct(ctx.store.db, { title: 'Test speaker' }, { now });
    SPK = speaker.asin;
    SPEAKER = { asin: SPK, offerListingId: `OL-${SPK}-NEW` };
    BATTERIES = (await createProduct(ctx.store.db, { title: 'Test batteries' }, { now })).asin;
    for (const name of ['shopper', 'prime', 'business'] as const)
      account[name] = await createCustomer(ctx.store.db, demoAccountShape(name), { now });
  });
  afterAll(() => ctx?.close());

  const signIn = (s: Shopper, email: string, password: string, path = `/dp/${SPK}`) =>
    s.postForm('/gp/sign-in.html', { action: 'sign-in', email, password, path });

  test('a first request gets an anonymous session cookie, HttpOnly and SameSite=Lax', async () => {
    const response = await new Shopper(ctx.app).visit(`/dp/${SPK}`);
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/^session-token=/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
  });

  test('every page carries csrf-token and encrypted-slate-token meta tags bound to its session', async () => {
    const a = new Shopper(ctx.app);
    const b = new Shopper(ctx.app);
    await a.visit(`/dp/${SPK}`);
    await b.visit('/gp/sign-in.html');
    expect(a.csrfToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.slateToken.length).toBeGreaterThan(40);
    expect(a.csrfToken).not.toBe(b.csrfToken);
    const again = a.csrfToken;
    await a.visit(`/dp/${SPK}`);
    expect(a.csrfToken).toBe(again);
  });

  test('SEC-001 SEC-003 the store knows only signed-in and anonymous shoppers', async () => {
    const s = new Shopper(ctx.app);
    const anonymous = await s.visit(`/dp/${SPK}`);
    expect(anonymous.body).toContain('Hello, sign in');
    await signIn(s, account.shopper.email, account.shopper.password);
    const signedIn = await s.visit(`/dp/${SPK}`);
    expect(signedIn.body).toMatch(/Hello, \w+/);
    expect(signedIn.body).not.toContain('Hello, sign in');
  });

  test('SEC-004 sign-in redirects go to the sign-in page with a return-to of the current page', async () => {
    const s = new Shopper(ctx.app);
    const page = await s.visit(`/dp/${BATTERIES}`);
    expect(page.body).toContain(`href="/gp/sign-in.html?path=%2Fdp%2F${BATTERIES}"`);
    const signInPage = await s.visit(`/gp/sign-in.html?path=%2Fdp%2F${BATTERIES}`);
    expect(signInPage.body).toContain(`name="path" value="/dp/${BATTERIES}"`);
    const response = await signIn(s, account.shopper.email, account.shopper.password, `/dp/${BATTERIES}`);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/dp/${BATTERIES}`);
  });

  test('the return-to path never leaves the site', async () => {
    const s = new Shopper(ctx.app);
    await s.visit('/gp/sign-in.html?path=https%3A%2F%2Fevil.example');
    const response = await signIn(s, account.shopper.email, account.shopper.password, '//evil.example/x');
    expect(response.headers.location).toBe('/');
  });

  test('the session id changes at sign-in and the old cookie is not signed in', async () => {
    const s = new Shopper(ctx.app);
    await s.visit('/gp/sign-in.html');
    const before = s.cookie;
    await signIn(s, account.prime.email, account.prime.password);
    expect(s.cookie).not.toBe(before);
    const old = new Shopper(ctx.app);
    old.cookie = before;
    expect((await old.visit(`/dp/${SPK}`)).body).toContain('Hello, sign in');
  });

  test('the anonymous cart merges into the customer cart exactly once', async () => {
    const s = new Shopper(ctx.app);
    await s.visit(`/dp/${SPK}`);
    await s.addItems([{ ...SPEAKER, quantity: 2 }]);
    const anonymousCookie = s.cookie;
    await signIn(s, account.business.email, account.business.password);
    expect(await s.cartCount()).toBe(2);
    // Signing in again from the stale anonymous cookie finds nothing left to merge.
    const replay = new Shopper(ctx.app);
    replay.cookie = anonymousCookie;
    await replay.visit('/gp/sign-in.html');
    await signIn(replay, account.business.email, account.business.password);
    expect(await replay.cartCount()).toBe(2);
    expect(await s.cartCount()).toBe(2);
  });

  test('create-account makes a customer, signs them in and keeps their cart', async () => {
    const s = new Shopper(ctx.app);
    await s.visit(`/dp/${SPK}`);
    await s.addItems([{ ...SPEAKER, quantity: 1 }]);
    await s.visit('/gp/sign-in.html?mode=create-account');
    const response = await s.postForm('/gp/sign-in.html', {
      action: 'create-account',
      name: 'Robin Example',
      email: `robin-${dialect}@example.com`,
      password: 'long-enough-password',
      path: `/dp/${SPK}`,
    });
    expect(response.statusCode).toBe(303);
    expect((await s.visit(`/dp/${SPK}`)).body).toContain('Hello, Robin Example');
    expect(await s.cartCount()).toBe(1);
    const again = await s.postForm('/gp/sign-in.html', {
      action: 'create-account',
      name: 'Robin Again',
      email: `robin-${dialect}@example.com`,
      password: 'long-enough-password',
    });
    expect(again.statusCode).toBe(409);
  });

  test('sign-out ends the signed-in session', async () => {
    const s = new Shopper(ctx.app);
    await s.visit('/gp/sign-in.html');
    await signIn(s, account.shopper.email, account.shopper.password);
    const signedIn = s.cookie;
    // The Sign out button is on the account page (decision 0015).
    await s.visit('/gp/css/homepage.html');
    const response = await s.postForm('/gp/sign-in.html', { action: 'sign-out', path: `/dp/${SPK}` });
    expect(response.statusCode).toBe(303);
    const stale = new Shopper(ctx.app);
    stale.cookie = signedIn;
    expect((await stale.visit(`/dp/${SPK}`)).body).toContain('Hello, sign in');
  });

  test('a wrong password shows the sign-in page again with a clear message', async () => {
    const s = new Shopper(ctx.app);
    await s.visit('/gp/sign-in.html');
    const response = await signIn(s, account.shopper.email, 'wrong-password');
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('Your email or password is incorrect.');
  });

  test('a malformed form shows the page with the problem, never a 5xx', async () => {
    const s = new Shopper(ctx.app);
    await s.visit('/gp/sign-in.html');
    const response = await s.postForm('/gp/sign-in.html', {
      action: 'sign-in',
      email: 'not-an-email',
      password: 'x',
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Enter a valid email address');
  });

  test('failed sign-ins are rate limited per email', async () => {
    const s = new Shopper(ctx.app);
    await s.visit('/gp/sign-in.html');
    const email = `limit-${dialect}@example.com`;
    for (let i = 0; i < SIGN_IN_FAILURE_LIMIT; i++) {
      expect((await signIn(s, email, 'wrong')).statusCode).toBe(401);
    }
    const limited = await signIn(s, email, 'wrong');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe(String(SIGN_IN_FAILURE_WINDOW_MS / 1000));
    ctx.clock.now += SIGN_IN_FAILURE_WINDOW_MS + 1;
    expect((await signIn(s, email, 'wrong')).statusCode).toBe(401);
  });

  test('a state-changing request without the CSRF token is a 403 JSON error and changes nothing', async () => {
    const s = new Shopper(ctx.app);
    await s.visit('/gp/sign-in.html');
    const response = await s.postForm(
      '/gp/sign-in.html',
      { action: 'sign-in', email: account.shopper.email, password: account.shopper.password },
      { csrf: false },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('csrf_token_invalid');
    expect((await s.visit(`/dp/${SPK}`)).body).toContain('Hello, sign in');
  });
});
