import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  type CreatedCustomer,
  createCustomer,
  demoAccountShape,
} from '../../../../tests/factories/customer-factory';
import { createDemoCopies } from '../../../../tests/factories/demo-products';
import { createTestApp, Shopper, type TestContext } from '../../../../tests/helpers/test-app';
import { dialects } from '../../../../tests/helpers/test-store';

const ADDRESS = {
  fullName: 'Sam Carter',
  line1: '410 Terry Ave N',
  city: 'Seattle',
  state: 'WA',
  postalCode: '98109',
};

describe.each(dialects)('buy box forms, cart page and checkout on %s', (dialect) => {
  let ctx: TestContext;
  // The test's own speaker ($49.99, at most 10), smart plug (at most 2), batteries and console, shaped
  // like the demo ones, and accounts like the demo shopper (CA address, Mastercard) and Prime member.
  let SPK = '';
  let PLUG = '';
  let BATTERIES = '';
  let CONSOLE = '';
  let SPEAKER = { asin: '', offerListingId: '' };
  let shopperAccount: CreatedCustomer;
  let primeAccount: CreatedCustomer;
  beforeAll(async () => {
    ctx = await createTestApp(dialect, { seed: false });
    const now = ctx.clock.now;
    const copies = await createDemoCopies(ctx.store.db, ['B0PDPSPK01', 'B0PDPBAT01', 'B0PDPCNS01'], { now });
    SPK = copies.asin('B0PDPSPK01');
    PLUG = copies.asin('B0PDPPLG02');
    BATTERIES = copies.asin('B0PDPBAT01');
    CONSOLE = copies.asin('B0PDPCNS01');
    SPEAKER = { asin: SPK, offerListingId: `OL-${SPK}-NEW` };
    shopperAccount = await createCustomer(ctx.store.db, demoAccountShape('shopper'), { now });
    primeAccount = await createCustomer(ctx.store.db, demoAccountShape('prime'), { now });
  });
  afterAll(() => ctx?.close());

  const signedIn = async (email = shopperAccount.email, password = shopperAccount.password) => {
    const s = new Shopper(ctx.app);
    await s.visit('/gp/sign-in.html');
    await s.postForm('/gp/sign-in.html', { action: 'sign-in', email, password, path: '/' });
    await s.visit(`/dp/${SPK}`);
    return s;
  };
  const stock = async (offerId: string) =>
    (
      await ctx.store.db
        .selectFrom('offers')
        .select('stock')
        .where('id', '=', offerId)
        .executeTakeFirstOrThrow()
    ).stock;

  test('BB-001 an anonymous shopper adds to cart with the plain buy box form (no JavaScript)', async () => {
    const s = new Shopper(ctx.app);
    await s.visit(`/dp/${SPK}`);
    const response = await s.postForm('/gp/product/handle-buy-box', {
      ASIN: SPEAKER.asin,
      offerListingID: SPEAKER.offerListingId,
      quantity: '2',
      'submit.add-to-cart': 'Add to Cart',
      'gift-wrap': 'true',
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/gp/cart/view.html?notice=added');
    expect(await s.cartCount()).toBe(2);
    const cart = await s.visit('/gp/cart/view.html?notice=added');
    expect(cart.body).toContain('Added to cart');
    expect(cart.body).toContain('$99.98');
  });

  test('BB-001 buy now goes to checkout, which asks an anonymous shopper to sign in first', async () => {
    const s = new Shopper(ctx.app);
    await s.visit(`/dp/${SPK}`);
    const response = await s.postForm('/gp/product/handle-buy-box', {
      ASIN: SPEAKER.asin,
      offerListingID: SPEAKER.offerListingId,
      quantity: '1',
      'submit.buy-now': 'Buy Now',
    });
    expect(response.statusCode).toBe(303);
    const checkout = response.headers.location as string;
    expect(checkout).toBe(
      `/gp/buy/spc/handlers/display.html?asin=${SPK}&offerListingId=OL-${SPK}-NEW&quantity=1`,
    );
    const page = await s.request({ method: 'GET', url: checkout, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(303);
    expect(page.headers.location).toBe(`/gp/sign-in.html?path=${encodeURIComponent(checkout)}`);
  });

  test('a refused buy box form add goes to the cart page with the reason', async () => {
    const s = new Shopper(ctx.app);
    await s.visit(`/dp/${SPK}`);
    const response = await s.postForm('/gp/product/handle-buy-box', {
      ASIN: PLUG,
      offerListingID: `OL-${PLUG}-NEW`,
      quantity: '5',
      'submit.add-to-cart': 'Add to Cart',
    });
    expect(response.headers.location).toContain('error=');
    const cart = await s.visit(response.headers.location as string);
    expect(cart.body).toContain('You can buy at most 2 of this item per order.');
    expect(await s.cartCount()).toBe(0);
  });

  test('the cart page changes quantities and removes lines with plain forms', async () => {
    const s = new Shopper(ctx.app);
    await s.visit(`/dp/${SPK}`);
    const added = await s.addItems([{ ...SPEAKER, quantity: 1 }]);
    const lineId = added.json().entity.items[0].id;
    const update = await s.postForm('/gp/cart/update.html', { lineId, quantity: '3', action: 'update' });
    expect(update.headers.location).toBe('/gp/cart/view.html?notice=updated');
    expect(await s.cartCount()).toBe(3);
    const tooMany = await s.postForm('/gp/cart/update.html', { lineId, quantity: '11', action: 'update' });
    expect(new URL(tooMany.headers.location as string, 'http://x').searchParams.get('error')).toBe(
      'You can buy at most 10 of this item per order.',
    );
    expect(await s.cartCount()).toBe(3);
    const remove = await s.postForm('/gp/cart/update.html', { lineId, action: 'delete' });
    expect(remove.headers.location).toBe('/gp/cart/view.html?notice=removed');
    expect(await s.cartCount()).toBe(0);
    expect((await s.visit('/gp/cart/view.html')).body).toContain('Your Northwind Cart is empty');
  });

  test('checkout places an order from the cart: recorded, stock taken, cart emptied, confirmation shown', async () => {
    const s = await signedIn();
    await s.addItems([{ ...SPEAKER, quantity: 2 }]);
    const before = await stock(SPEAKER.offerListingId);
    const page = await s.visit('/gp/buy/spc/handlers/display.html');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Place your order');
    const placed = await s.postForm('/gp/buy/spc/handlers/place-order.html', { source: 'cart', ...ADDRESS });
    expect(placed.statusCode).toBe(303);
    const confirmation = placed.headers.location as string;
    const orderId = new URL(confirmation, 'http://x').searchParams.get('orderId') as string;
    expect(orderId).toMatch(/^111-\d{7}-\d{7}$/);
    expect(await stock(SPEAKER.offerListingId)).toBe(before - 2);
    expect(await s.cartCount()).toBe(0);
    const order = await ctx.store.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({
      subtotal_minor: 9998,
      currency_code: 'USD',
      status: 'PLACED',
      placed_via: 'cart',
    });
    const thanks = await s.visit(confirmation);
    expect(thanks.body).toContain('Order placed, thank you!');
    expect(thanks.body).toContain(orderId);
    expect(thanks.body).toContain('$99.98');
  });

  const newAccount = async () => {
    const s = new Shopper(ctx.app);
    await s.visit('/gp/sign-in.html');
    await s.postForm('/gp/sign-in.html', {
      action: 'create-account',
      name: 'Ana New',
      email: `new-${crypto.randomUUID()}@example.com`,
      password: 'new-account-123',
      path: '/',
    });
    await s.visit(`/dp/${SPK}`);
    return s;
  };

  test('buy now orders only that item and leaves the cart alone; the address is remembered', async () => {
    // A new account has no saved address: the first one it orders to is kept.
    const s = await newAccount();
    await s.addItems([{ asin: BATTERIES, offerListingId: `OL-${BATTERIES}-NEW`, quantity: 1 }]);
    const placed = await s.postForm('/gp/buy/spc/handlers/place-order.html', {
      source: 'buy-now',
      ...SPEAKER,
      quantity: '1',
      ...ADDRESS,
    });
    expect(placed.statusCode).toBe(303);
    expect(await s.cartCount()).toBe(1);
    const next = await s.visit('/gp/buy/spc/handlers/display.html');
    expect(next.body).toContain('value="410 Terry Ave N"');
  });

  test('a bad address shows the checkout again with each problem, and nothing is ordered', async () => {
    const s = await signedIn();
    await s.addItems([{ ...SPEAKER, quantity: 1 }]);
    const before = await stock(SPEAKER.offerListingId);
    const inCart = await s.cartCount();
    const response = await s.postForm('/gp/buy/spc/handlers/place-order.html', {
      source: 'cart',
      ...ADDRESS,
      postalCode: '98',
      state: 'Washington',
    });
    // Decision 0015: back to the checkout URL (post/redirect/get); the refusal's status rides in a header.
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/gp/buy/spc/handlers/display.html');
    expect(response.headers['x-order-refused']).toBe('400');
    const page = await s.visit(response.headers.location as string);
    expect(page.body).toContain('Enter a 5-digit ZIP code.');
    expect(page.body).toContain('Enter a 2-letter state code.');
    expect(page.body).toContain('value="WASHINGTON"');
    // Shown once: a reload shows the checkout as it starts.
    expect((await s.visit(response.headers.location as string)).body).not.toContain(
      'Enter a 5-digit ZIP code.',
    );
    expect(await stock(SPEAKER.offerListingId)).toBe(before);
    expect(await s.cartCount()).toBe(inCart);
  });

  test('an order confirmation is only shown to the customer who placed it', async () => {
    const owner = await signedIn();
    const placed = await owner.postForm('/gp/buy/spc/handlers/place-order.html', {
      source: 'buy-now',
      ...SPEAKER,
      quantity: '1',
      ...ADDRESS,
    });
    const other = await signedIn(primeAccount.email, primeAccount.password);
    const response = await other.visit(placed.headers.location as string);
    expect(response.statusCode).toBe(404);
  });

  test('placing orders concurrently for the last units never takes more than the stock', async () => {
    const offer = `OL-${CONSOLE}-NEW`;
    const asin = CONSOLE;
    await ctx.store.db.updateTable('offers').set({ stock: 3 }).where('id', '=', offer).execute();
    const buyers = await Promise.all(Array.from({ length: 6 }, () => signedIn()));
    const results = await Promise.all(
      buyers.flatMap((b) =>
        [1, 2].map(() =>
          b.postForm('/gp/buy/spc/handlers/place-order.html', {
            source: 'buy-now',
            asin,
            offerListingId: offer,
            quantity: '1',
            ...ADDRESS,
          }),
        ),
      ),
    );
    expect(results.every((r) => r.statusCode < 500)).toBe(true);
    expect(results.every((r) => r.statusCode === 303)).toBe(true);
    const placed = results.filter((r) => String(r.headers.location).startsWith('/gp/buy/thankyou/'));
    expect(placed).toHaveLength(3);
    expect(results.filter((r) => r.headers['x-order-refused'] === '409')).toHaveLength(9);
    expect(await stock(offer)).toBe(0);
    const sold = await ctx.store.db
      .selectFrom('order_items')
      .select((eb) => eb.fn.sum<number>('quantity').as('n'))
      .where('offer_id', '=', offer)
      .executeTakeFirst();
    expect(Number(sold?.n)).toBe(3);
  });

  test('decision 0015: 1-Click orders at once with the saved address and payment method', async () => {
    const s = await signedIn(primeAccount.email, primeAccount.password);
    const response = await s.postForm('/gp/product/handle-buy-box', {
      ASIN: SPEAKER.asin,
      offerListingID: SPEAKER.offerListingId,
      quantity: '1',
      'submit.one-click': 'Buy now with 1-Click',
    });
    expect(response.statusCode).toBe(303);
    const location = response.headers.location as string;
    expect(location).toMatch(/^\/gp\/buy\/thankyou\/handlers\/display\.html\?orderId=111-/);
    const orderId = new URL(location, 'http://x').searchParams.get('orderId') as string;
    const order = await ctx.store.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({
      placed_via: 'one-click',
      payment_method: 'Visa ending 4242',
      subtotal_minor: 4999,
      shipping_minor: 0,
      tax_minor: 325,
      total_minor: 5324,
    });
    expect(JSON.parse(order.shipping_address as string)).toMatchObject({
      line1: '410 Terry Ave N',
      state: 'WA',
    });
    const thanks = await s.visit(location);
    expect(thanks.body).toContain('Order placed, thank you!');
    expect(thanks.body).toContain('Visa ending 4242');
    expect(thanks.body).toContain('$53.24');
  });

  test('decision 0015: 1-Click without a saved address explains and goes to checkout; nothing is ordered', async () => {
    const s = await newAccount();
    const response = await s.postForm('/gp/product/handle-buy-box', {
      ASIN: SPEAKER.asin,
      offerListingID: SPEAKER.offerListingId,
      quantity: '1',
      'submit.one-click': 'Buy now with 1-Click',
    });
    expect(response.statusCode).toBe(303);
    const location = response.headers.location as string;
    expect(location).toMatch(/^\/gp\/buy\/spc\/handlers\/display\.html\?.*oneClick=setup/);
    const page = await s.visit(location);
    expect(page.body).toContain('1-Click needs a saved shipping address and payment method.');
    expect(page.body).toContain('Place your order');
  });

  test('decision 0015: checkout shows the address, payment method, items, shipping, estimated tax and total', async () => {
    const s = await signedIn();
    const page = await s.visit(
      `/gp/buy/spc/handlers/display.html?asin=${SPEAKER.asin}&offerListingId=${SPEAKER.offerListingId}&quantity=1`,
    );
    expect(page.statusCode).toBe(200);
    // The saved details of an account shaped like the demo shopper (catalog/demo/accounts.json); CA tax 7.25% of $49.99.
    expect(page.body).toContain('value="1200 Market St"');
    expect(page.body).toContain('Mastercard ending 4444');
    expect(page.body).toContain('Shipping &amp; handling:');
    expect(page.body).toContain('Estimated tax to be collected:');
    expect(page.body).toContain('$3.62');
    expect(page.body).toContain('$53.61');
  });
});
