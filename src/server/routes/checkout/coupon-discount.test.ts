import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCustomer } from '../../../../tests/factories/customer-factory';
import { createDemoCopies } from '../../../../tests/factories/demo-products';
import { createTestApp, Shopper, type TestContext } from '../../../../tests/helpers/test-app';
import { dialects } from '../../../../tests/helpers/test-store';
import { placeOrder } from '../../services/checkout/place-order';

const US = 'ATVPDKIKX0DER';
const COUPON = 'A2PDPCOUPON5OFF';
const REDEEM = '/gp/collect-coupon/handler/redeem-coupon-detailpage.html?ref_=apl_redeem_coupon';
const ADDRESS = {
  fullName: 'Sam Carter',
  line1: '410 Terry Ave N',
  city: 'Seattle',
  state: 'WA',
  postalCode: '98109',
};
/** The page's HTML without React's text separators. */
const text = (html: string) => html.replaceAll('<!-- -->', '');
const usd = (amount: number) => ({ amount, currencyCode: 'USD', displayString: `$${amount.toFixed(2)}` });

describe.each(dialects)('decision 0014: a clipped coupon comes off the order on %s', (dialect) => {
  let ctx: TestContext;
  // The test's own speaker ($49.99, a $5.00 coupon) and stand ($19.99), shaped like the demo ones.
  let SPEAKER = { asin: '', offerListingId: '' };
  let STAND = { asin: '', offerListingId: '' };
  beforeAll(async () => {
    ctx = await createTestApp(dialect, { seed: false });
    const now = ctx.clock.now;
    const copies = await createDemoCopies(ctx.store.db, ['B0PDPSPK01'], { now });
    SPEAKER = copies.item('B0PDPSPK01');
    STAND = copies.item('B0PDPSTD01');
  });
  afterAll(() => ctx?.close());

  /** A customer of their own (the coupon is once per customer), signed in. */
  const newCustomer = async () => {
    const customer = await createCustomer(ctx.store.db);
    const s = new Shopper(ctx.app);
    await s.visit('/gp/sign-in.html');
    await s.postForm('/gp/sign-in.html', {
      action: 'sign-in',
      email: customer.email,
      password: customer.password,
      path: '/',
    });
    await s.visit(`/dp/${SPEAKER.asin}`);
    return { s, customer };
  };
  const clip = async (s: Shopper) => {
    const response = await s.request({
      method: 'POST',
      url: REDEEM,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-csrf-token': s.csrfToken },
      payload: `encryptedPromotionId=${COUPON}`,
    });
    expect(response.json()).toMatchObject({ status: 1 });
  };
  const summary = async (s: Shopper) =>
    (await s.request({ method: 'GET', url: `/api/marketplaces/${US}/cart/summary?cartTypes=RETAIL` })).json()
      .entity.summary[0];
  const clearCart = async (s: Shopper) => {
    const items = (
      await s.request({ method: 'GET', url: `/api/marketplaces/${US}/cart/items?cartTypes=RETAIL` })
    ).json().entity.items as { id: string }[];
    for (const item of items) {
      await s.postForm('/gp/cart/update.html', { lineId: item.id, action: 'delete' });
    }
  };
  const placeCartOrder = async (s: Shopper) => {
    const placed = await s.postForm('/gp/buy/spc/handlers/place-order.html', { source: 'cart', ...ADDRESS });
    expect(placed.statusCode).toBe(303);
    return new URL(placed.headers.location as string, 'http://x').searchParams.get('orderId') as string;
  };
  const discountsOf = (orderId: string) =>
    ctx.store.db.selectFrom('order_discounts').selectAll().where('order_id', '=', orderId).execute();

  test('BB-032: the summary, checkout and order take the coupon off, as its own line', async () => {
    const { s } = await newCustomer();
    await s.addItems([{ ...SPEAKER, quantity: 1 }]);
    expect(await summary(s)).toMatchObject({ subtotal: usd(49.99), discounts: [], total: usd(49.99) });

    await clip(s);
    expect(await summary(s)).toEqual({
      cartType: 'RETAIL',
      itemCount: 1,
      subtotal: usd(49.99),
      discounts: [{ description: 'Save $5.00 with coupon', amount: usd(5) }],
      total: usd(44.99),
    });
    const cart = await s.visit('/gp/cart/view.html');
    expect(text(cart.body)).toContain('Coupon: Save $5.00 with coupon');
    const checkout = await s.visit('/gp/buy/spc/handlers/display.html');
    expect(text(checkout.body)).toContain('Coupon: Save $5.00 with coupon');
    expect(text(checkout.body)).toMatch(/Order total:<\/dt><dd class="checkout__total">\$44\.99</);

    const orderId = await placeCartOrder(s);
    expect(await discountsOf(orderId)).toEqual([
      { order_id: orderId, promotion_id: COUPON, description: 'Save $5.00 with coupon', amount_minor: 500 },
    ]);
    const confirmation = await s.visit(`/gp/buy/thankyou/handlers/display.html?orderId=${orderId}`);
    // $44.99 after the coupon, plus WA's estimated tax on it (decision 0015): $2.92.
    expect(text(confirmation.body)).toContain('Order total: $47.91');
    expect(text(confirmation.body)).toContain('Coupon: Save $5.00 with coupon');
  });

  test('decision 0014: the coupon applies only while its product is in the cart, and once per customer', async () => {
    const { s } = await newCustomer();
    await clip(s);
    await s.addItems([{ ...STAND, quantity: 1 }]);
    expect(await summary(s)).toMatchObject({ discounts: [], total: usd(19.99) });
    const withoutSpeaker = await placeCartOrder(s);
    expect(await discountsOf(withoutSpeaker)).toEqual([]);

    // Still clipped: the next order with the speaker takes it off; the one after does not.
    await s.addItems([{ ...SPEAKER, quantity: 2 }]);
    expect((await summary(s)).total).toEqual(usd(94.98));
    await clearCart(s);
    await s.addItems([{ ...SPEAKER, quantity: 2 }]);
    const first = await placeCartOrder(s);
    expect((await discountsOf(first)).map((d) => d.amount_minor)).toEqual([500]);
    await s.addItems([{ ...SPEAKER, quantity: 1 }]);
    expect(await summary(s)).toMatchObject({ discounts: [], total: usd(49.99) });
    const second = await placeCartOrder(s);
    expect(await discountsOf(second)).toEqual([]);
  });

  test('decision 0014: two orders placed at once take the coupon off only one of them', async () => {
    const { s, customer } = await newCustomer();
    await clip(s);
    const order = () =>
      placeOrder(ctx.store.db, {
        customerId: customer.id,
        marketplaceId: US,
        lines: [{ ...SPEAKER, quantity: 1 }],
        address: ADDRESS,
        paymentMethod: 'Visa ending 4242',
        prime: false,
        via: 'buy-now',
        now: Date.now(),
      });
    const results = await Promise.all([order(), order(), order()]);
    expect(results.every((r) => r.ok)).toBe(true);
    const totals = results.map((r) => (r.ok ? r.totalMinor : 0)).sort();
    expect(totals).toEqual([4499, 4999, 4999]);
  });
});
