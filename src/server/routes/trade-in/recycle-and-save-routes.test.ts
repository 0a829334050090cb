import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCustomer } from '../../../../tests/factories/customer-factory';
import { createProduct } from '../../../../tests/factories/product-factory';
import { createRecycleAndSaveProduct } from '../../../../tests/factories/trade-in-factory';
import { createTestApp, Shopper, type TestContext } from '../../../../tests/helpers/test-app';
import { dialects } from '../../../../tests/helpers/test-store';

const VIEW = '/tradein/hzw/recycleAndSave/getView';
const CLAIM = '/tradein/hzw/recycleAndSave/claimPromo';
const GROUP = 'gl_digital_products_3';
const ADDRESS = {
  fullName: 'Sam Carter',
  line1: '410 Terry Ave N',
  city: 'Seattle',
  state: 'WA',
  postalCode: '98109',
};

describe.each(dialects)('recycle-and-save calls on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(dialect);
  });
  afterAll(() => ctx?.close());

  const signedIn = async () => {
    const customer = await createCustomer(ctx.store.db);
    const s = new Shopper(ctx.app);
    await s.signIn(customer.email, customer.password);
    await s.visit();
    return Object.assign(s, { customerId: customer.id });
  };
  const viewOf = (s: Shopper, asin: string, productGroup = GROUP) =>
    s.request({
      method: 'GET',
      url: `${VIEW}?deviceType=web&productGroup=${productGroup}&ref_=dp_rs&pageRenderTarget=dp&currentAsin=${asin}`,
    });
  const claim = (s: Shopper, asin: string, token = s.csrfToken, productGroup = GROUP) =>
    s.request({
      method: 'POST',
      url: `${CLAIM}?productGroup=${productGroup}&requestToken=${encodeURIComponent(token)}&ref_=dp_rs&currentAsin=${asin}`,
    });
  const claims = async (asin: string) =>
    (await ctx.store.db.selectFrom('recycle_and_save_claims').selectAll().where('asin', '=', asin).execute())
      .length;

  test('RS-009 the view names the promotion, what it saves on one unit and that it is available', async () => {
    const product = await createRecycleAndSaveProduct(ctx.store.db, { percentOff: 25, price: 49.99 });
    const s = await signedIn();
    const response = await viewOf(s, product.asin);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toMatchObject({
      currentAsin: product.asin,
      productGroup: GROUP,
      pageRenderTarget: 'dp',
      promoAccessState: 'available',
      percentOff: 25,
      productTitle: product.title,
      savings: { amount: 12.49, currencyCode: 'USD', displayString: '$12.49' },
    });
  });

  test('RS-010 RS-011 RS-003 a claim answers success, then ALREADY_CLAIMED; the view says claimed', async () => {
    const product = await createRecycleAndSaveProduct(ctx.store.db);
    const s = await signedIn();
    const first = await claim(s, product.asin);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ claimPromoSuccess: true, claimPromoFailureReason: null });
    expect((await claim(s, product.asin)).json()).toEqual({
      claimPromoSuccess: false,
      claimPromoFailureReason: 'ALREADY_CLAIMED',
    });
    expect((await viewOf(s, product.asin)).json().promoAccessState).toBe('claimed');
    expect(await claims(product.asin)).toBe(1);
  });

  test('RS-001 20 parallel claims by one customer give exactly one success', async () => {
    const product = await createRecycleAndSaveProduct(ctx.store.db);
    const s = await signedIn();
    const answers = await Promise.all(Array.from({ length: 20 }, () => claim(s, product.asin)));
    const bodies = answers.map((answer) => answer.json());
    expect(bodies.filter((body) => body.claimPromoSuccess)).toHaveLength(1);
    expect(bodies.filter((body) => body.claimPromoFailureReason === 'ALREADY_CLAIMED')).toHaveLength(19);
    expect(await claims(product.asin)).toBe(1);
  });

  test('RS-009 RS-010 signed out: 401 for the view and the claim, nothing recorded', async () => {
    const product = await createRecycleAndSaveProduct(ctx.store.db);
    const anonymous = new Shopper(ctx.app);
    await anonymous.visit();
    const view = await viewOf(anonymous, product.asin);
    expect(view.statusCode).toBe(401);
    expect(view.json().error.code).toBe('sign_in_required');
    expect((await claim(anonymous, product.asin)).statusCode).toBe(401);
    expect(await claims(product.asin)).toBe(0);
  });

  test('RS-010 bad input is a 4xx naming the problem and changes nothing', async () => {
    const product = await createRecycleAndSaveProduct(ctx.store.db);
    const plain = await createProduct(ctx.store.db);
    const s = await signedIn();
    const missingGroup = await s.request({ method: 'GET', url: `${VIEW}?currentAsin=${product.asin}` });
    expect(missingGroup.statusCode).toBe(400);
    expect(JSON.stringify(missingGroup.json())).toContain('productGroup');
    const otherGroup = await claim(s, product.asin, s.csrfToken, 'gl_wireless');
    expect(otherGroup.statusCode).toBe(400);
    expect(otherGroup.json().error).toMatchObject({ code: 'product_group_mismatch', field: 'productGroup' });
    const unknownGroup = await claim(s, product.asin, s.csrfToken, 'gl_toys');
    expect(unknownGroup.statusCode).toBe(400);
    const noPromotion = await claim(s, plain.asin);
    expect(noPromotion.statusCode).toBe(404);
    expect(noPromotion.json().error).toMatchObject({ code: 'unknown_promotion', field: 'currentAsin' });
    const badAsin = await claim(s, 'not-an-asin');
    expect(badAsin.statusCode).toBe(400);
    const noToken = await claim(s, product.asin, 'wrong-token');
    expect(noToken.statusCode).toBe(403);
    expect(await claims(product.asin)).toBe(0);
  });

  test('RS-001 the claimed discount comes off one unit in the cart and at checkout, then the order uses it up', async () => {
    const product = await createRecycleAndSaveProduct(ctx.store.db, { percentOff: 20, price: 50 });
    const s = await signedIn();
    await claim(s, product.asin);
    const offer = product.offers[0] as { offerListingId: string };
    await s.addItems([{ asin: product.asin, offerListingId: offer.offerListingId, quantity: 2 }]);
    const cart = await s.visit('/gp/cart/view.html');
    expect(cart.body).toContain('Recycle and save: 20% off when you recycle an old speaker');
    expect(cart.body).toMatch(/<dd>-(<!-- -->)?\$10\.00<\/dd>/);
    const checkout = await s.visit('/gp/buy/spc/handlers/display.html');
    expect(checkout.body).toContain('Recycle and save: 20% off when you recycle an old speaker');
    const placed = await s.postForm('/gp/buy/spc/handlers/place-order.html', { source: 'cart', ...ADDRESS });
    expect(placed.statusCode).toBe(303);
    const orderId = new URL(placed.headers.location as string, 'http://x').searchParams.get(
      'orderId',
    ) as string;
    const discounts = await ctx.store.db
      .selectFrom('order_discounts')
      .selectAll()
      .where('order_id', '=', orderId)
      .execute();
    expect(discounts.map((d) => [d.promotion_id, Number(d.amount_minor)])).toEqual([
      [`recycle-and-save:${product.asin}`, 1000],
    ]);
    // Used up: a later order of the same product pays full price.
    await s.addItems([{ asin: product.asin, offerListingId: offer.offerListingId, quantity: 1 }]);
    expect((await s.visit('/gp/cart/view.html')).body).not.toContain('Recycle and save:');
  });
});
