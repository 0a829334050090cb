import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCustomer, demoAccountShape } from '../../../../tests/factories/customer-factory';
import { createDemoCopies } from '../../../../tests/factories/demo-products';
import { createTestApp, Shopper, type TestContext } from '../../../../tests/helpers/test-app';
import { dialects } from '../../../../tests/helpers/test-store';

const COUPON = 'A2PDPCOUPON5OFF';
const REDEEM = '/gp/collect-coupon/handler/redeem-coupon-detailpage.html?ref_=apl_redeem_coupon';
const invite = (asin: string) => `/api/marketplaces/ATVPDKIKX0DER/products/${asin}/invitation`;
const INVITE_TYPE = 'application/vnd.com.amazon.api+json; type="invite.request/v1"';

describe.each(dialects)('coupon and invitation calls on %s', (dialect) => {
  let ctx: TestContext;
  // The test's own speaker with its coupon (shaped like the demo one), invite-only console and accounts.
  let SPK = '';
  let CONSOLE = '';
  let INVITE = '';
  const account = {
    shopper: { email: '', password: '' },
    business: { email: '', password: '' },
    prime: { email: '', password: '' },
  };
  beforeAll(async () => {
    ctx = await createTestApp(dialect, { seed: false });
    const now = ctx.clock.now;
    const copies = await createDemoCopies(ctx.store.db, ['B0PDPSPK01', 'B0PDPCNS01'], { now });
    SPK = copies.asin('B0PDPSPK01');
    CONSOLE = copies.asin('B0PDPCNS01');
    INVITE = invite(CONSOLE);
    for (const name of ['shopper', 'business', 'prime'] as const)
      account[name] = await createCustomer(ctx.store.db, demoAccountShape(name), { now });
  });
  afterAll(() => ctx?.close());

  const signedIn = async (email: string, password: string) => {
    const s = new Shopper(ctx.app);
    await s.visit('/gp/sign-in.html');
    await s.postForm('/gp/sign-in.html', { action: 'sign-in', email, password, path: '/' });
    await s.visit(`/dp/${SPK}`);
    return s;
  };
  const redemptions = async () =>
    (
      await ctx.store.db
        .selectFrom('coupon_redemptions')
        .selectAll()
        .where('promotion_id', '=', COUPON)
        .execute()
    ).length;

  test('BB-032 redeeming answers status 1 and records the coupon once per customer', async () => {
    const s = await signedIn(account.shopper.email, account.shopper.password);
    const before = await redemptions();
    const post = () =>
      s.request({
        method: 'POST',
        url: REDEEM,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-csrf-token': s.csrfToken },
        payload: `encryptedPromotionId=${COUPON}`,
      });
    expect((await post()).json()).toEqual({ status: 1, redeemed: true });
    expect((await post()).json()).toEqual({ status: 1, redeemed: true });
    expect(await redemptions()).toBe(before + 1);
  });

  test('BB-032 a signed-out shopper or an unknown coupon gets a 4xx error', async () => {
    const anonymous = new Shopper(ctx.app);
    await anonymous.visit(`/dp/${SPK}`);
    const response = await anonymous.request({
      method: 'POST',
      url: REDEEM,
      headers: { 'content-type': 'application/json', 'x-csrf-token': anonymous.csrfToken },
      payload: JSON.stringify({ encryptedPromotionId: COUPON }),
    });
    expect(response.statusCode).toBe(401);
    const s = await signedIn(account.shopper.email, account.shopper.password);
    const unknown = await s.request({
      method: 'POST',
      url: REDEEM,
      headers: { 'content-type': 'application/json', 'x-csrf-token': s.csrfToken },
      payload: JSON.stringify({ encryptedPromotionId: 'NOPE-1' }),
    });
    expect(unknown.statusCode).toBe(404);
  });

  test('BB-028 after sign-in the redeem handler redeems and returns to the product page', async () => {
    const s = new Shopper(ctx.app);
    await s.visit(`/dp/${SPK}`);
    const handler = `/gp/collect-coupon/handler/redeem_coupon_after_login.html?encryptedPromotionId=${COUPON}&returnTo=%2Fdp%2F${SPK}`;
    const first = await s.request({ method: 'GET', url: handler });
    expect(first.statusCode).toBe(303);
    expect(first.headers.location).toBe(`/gp/sign-in.html?path=${encodeURIComponent(handler)}`);
    const before = await redemptions();
    const signIn = await s.postForm('/gp/sign-in.html', {
      action: 'sign-in',
      email: account.business.email,
      password: account.business.password,
      path: handler,
    });
    expect(signIn.headers.location).toBe(handler);
    const back = await s.request({ method: 'GET', url: handler });
    expect(back.headers.location).toBe(`/dp/${SPK}`);
    expect(await redemptions()).toBe(before + 1);
  });

  test('BB-036 the invite call takes an empty JSON body with the invite content type, credentials and CSRF token', async () => {
    const s = await signedIn(account.prime.email, account.prime.password);
    const response = await s.request({
      method: 'POST',
      url: INVITE,
      headers: { 'content-type': INVITE_TYPE, 'x-csrf-token': s.csrfToken },
      payload: '{}',
    });
    expect(response.json()).toEqual({ type: 'invite.response/v1', entity: { status: 'REQUESTED' } });
    const rows = await ctx.store.db
      .selectFrom('invitation_requests')
      .selectAll()
      .where('asin', '=', CONSOLE)
      .execute();
    expect(rows).toHaveLength(1);
    const noToken = await s.request({
      method: 'POST',
      url: INVITE,
      headers: { 'content-type': INVITE_TYPE },
      payload: '{}',
    });
    expect(noToken.statusCode).toBe(403);
  });

  test('BB-033 the invite needs a signed-in shopper and an invite-only product', async () => {
    const anonymous = new Shopper(ctx.app);
    await anonymous.visit(`/dp/${SPK}`);
    const signedOut = await anonymous.request({
      method: 'POST',
      url: INVITE,
      headers: { 'content-type': INVITE_TYPE, 'x-csrf-token': anonymous.csrfToken },
      payload: '{}',
    });
    expect(signedOut.statusCode).toBe(401);
    const s = await signedIn(account.shopper.email, account.shopper.password);
    const normal = await s.request({
      method: 'POST',
      url: `/api/marketplaces/ATVPDKIKX0DER/products/${SPK}/invitation`,
      headers: { 'content-type': INVITE_TYPE, 'x-csrf-token': s.csrfToken },
      payload: '{}',
    });
    expect(normal.statusCode).toBe(409);
  });
});

describe.each(dialects)('the buy box form and the minimum order quantity on %s', (dialect) => {
  let ctx: TestContext;
  // The test's own water filter, sold in quantities of at least 3 like the demo one.
  let FILTER = '';
  beforeAll(async () => {
    ctx = await createTestApp(dialect, { seed: false });
    FILTER = (await createDemoCopies(ctx.store.db, ['B0PDPFLT01'], { now: ctx.clock.now })).asin(
      'B0PDPFLT01',
    );
  });
  afterAll(() => ctx?.close());

  const filterForm = (quantity: string, button: 'add-to-cart' | 'buy-now') => ({
    ASIN: FILTER,
    offerListingID: `OL-${FILTER}-NEW`,
    ...(quantity === 'none' ? {} : { quantity }),
    [`submit.${button}`]: button === 'buy-now' ? 'Buy Now' : 'Add to Cart',
  });

  test('BB-024 a quantity under the minimum comes back to the product form with a message, nothing added', async () => {
    const s = new Shopper(ctx.app);
    await s.visit(`/dp/${FILTER}`);
    for (const [quantity, button] of [
      ['none', 'add-to-cart'],
      ['', 'add-to-cart'],
      ['2', 'add-to-cart'],
      ['1', 'buy-now'],
    ] as const) {
      const response = await s.postForm('/gp/product/handle-buy-box', filterForm(quantity, button));
      expect(response.statusCode, `${quantity} ${button}`).toBe(303);
      expect(response.headers.location).toBe(`/dp/${FILTER}?purchase-problem=below_min_order_quantity`);
    }
    expect(await s.cartCount()).toBe(0);
    const page = await s.visit(`/dp/${FILTER}?purchase-problem=below_min_order_quantity`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/role="alert"[^>]*>This item is sold in quantities of at least <!-- -->3/);
    // The buttons are locked by the script only: the server's form can always be posted.
    expect(page.body).not.toMatch(/<button[^>]*disabled=""[^>]*id="add-to-cart-button"/);
    expect(page.body).not.toMatch(/<button[^>]*id="add-to-cart-button"[^>]*disabled=""/);
  });

  test('BB-025 the minimum itself goes to the cart', async () => {
    const s = new Shopper(ctx.app);
    await s.visit(`/dp/${FILTER}`);
    const response = await s.postForm('/gp/product/handle-buy-box', filterForm('3', 'add-to-cart'));
    expect(response.headers.location).toBe('/gp/cart/view.html?notice=added');
    expect(await s.cartCount()).toBe(3);
  });
});

describe.each(dialects)('coupon and invitation as plain forms on %s', (dialect) => {
  let ctx: TestContext;
  // The test's own speaker with its coupon and invite-only console, shaped like the demo ones.
  let SPK = '';
  let CONSOLE = '';
  let INVITE = '';
  beforeAll(async () => {
    ctx = await createTestApp(dialect, { seed: false });
    const copies = await createDemoCopies(ctx.store.db, ['B0PDPSPK01', 'B0PDPCNS01'], { now: ctx.clock.now });
    SPK = copies.asin('B0PDPSPK01');
    CONSOLE = copies.asin('B0PDPCNS01');
    INVITE = invite(CONSOLE);
  });
  afterAll(() => ctx?.close());

  const REDEEM_FORM = '/gp/collect-coupon/handler/redeem-coupon-detailpage.html?ref_=apl_redeem_coupon';

  test('BB-028 BB-032 the coupon form redeems and returns to the product; signed out it goes to sign in first', async () => {
    const anonymous = new Shopper(ctx.app);
    await anonymous.visit(`/dp/${SPK}`);
    const signedOut = await anonymous.postForm(REDEEM_FORM, {
      encryptedPromotionId: COUPON,
      returnTo: `/dp/${SPK}`,
    });
    expect(signedOut.statusCode).toBe(303);
    const handler = `/gp/collect-coupon/handler/redeem_coupon_after_login.html?encryptedPromotionId=${COUPON}&returnTo=%2Fdp%2F${SPK}`;
    expect(signedOut.headers.location).toBe(`/gp/sign-in.html?path=${encodeURIComponent(handler)}`);

    const customer = await createCustomer(ctx.store.db);
    const s = new Shopper(ctx.app);
    await s.signIn(customer.email, customer.password);
    await s.visit(`/dp/${SPK}`);
    const redeemed = await s.postForm(REDEEM_FORM, {
      encryptedPromotionId: COUPON,
      returnTo: `/dp/${SPK}`,
    });
    expect(redeemed.statusCode).toBe(303);
    expect(redeemed.headers.location).toBe(`/dp/${SPK}`);
    expect((await s.visit(`/dp/${SPK}`)).body).toContain('applied at checkout');
    // Without the token nothing is redeemed (the form carries it).
    const noToken = await s.postForm(REDEEM_FORM, { encryptedPromotionId: COUPON }, { csrf: false });
    expect(noToken.statusCode).toBe(403);
  });

  test('BB-033 BB-034 the invitation form records the request and returns to the product', async () => {
    const anonymous = new Shopper(ctx.app);
    await anonymous.visit(`/dp/${CONSOLE}`);
    const signedOut = await anonymous.postForm(INVITE, { returnTo: `/dp/${CONSOLE}` });
    expect(signedOut.statusCode).toBe(303);
    expect(signedOut.headers.location).toBe(`/gp/sign-in.html?path=%2Fdp%2F${CONSOLE}`);

    const customer = await createCustomer(ctx.store.db);
    const s = new Shopper(ctx.app);
    await s.signIn(customer.email, customer.password);
    await s.visit(`/dp/${CONSOLE}`);
    const requested = await s.postForm(INVITE, { returnTo: `/dp/${CONSOLE}` });
    expect(requested.statusCode).toBe(303);
    expect(requested.headers.location).toBe(`/dp/${CONSOLE}`);
    const rows = await ctx.store.db
      .selectFrom('invitation_requests')
      .selectAll()
      .where('customer_id', '=', customer.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect((await s.visit(`/dp/${CONSOLE}`)).body).toContain('Invitation requested');
  });
});
