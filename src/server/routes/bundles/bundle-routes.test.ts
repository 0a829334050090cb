import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type CreatedBundle, createBundle } from '../../../../tests/factories/bundle-factory';
import { createCustomer } from '../../../../tests/factories/customer-factory';
import { createProduct } from '../../../../tests/factories/product-factory';
import { createTestApp, Shopper, type TestContext } from '../../../../tests/helpers/test-app';
import { dialects } from '../../../../tests/helpers/test-store';
import { BUNDLE_MEDIA_PATH } from '../../../domain/bundles/bundles';

const US = 'ATVPDKIKX0DER';
const ADDRESS = {
  fullName: 'Sam Carter',
  line1: '410 Terry Ave N',
  city: 'Seattle',
  state: 'WA',
  postalCode: '98109',
};

type Summary = {
  entity: {
    summary: {
      cartType: string;
      itemCount: number;
      subtotal: { displayString: string };
      discounts: { description: string; amount: { displayString: string } }[];
      total: { displayString: string };
    }[];
  };
};

describe.each(dialects)('bundles on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(dialect, { seed: false });
  });
  afterAll(() => ctx?.close());

  const now = () => ({ now: ctx.clock.now });

  /** A speaker ($49.99, list $59.99) with a plug ($24.99, at most 2) and two bulbs ($14.99) for $84.99. */
  const homeBundle = async (stock: { plug?: number } = {}) => {
    const speaker = await createProduct(
      ctx.store.db,
      {
        title: 'Test speaker',
        productGroup: 'gl_digital_products_3',
        bullets: ['Loud'],
        reviews: { rating: 4.5, count: 120 },
        offers: [{ price: 49.99, listPrice: 59.99, maxOrderQuantity: 10 }],
      },
      now(),
    );
    const plug = await createProduct(
      ctx.store.db,
      { title: 'Test plug', offers: [{ price: 24.99, maxOrderQuantity: 2, stock: stock.plug ?? 100 }] },
      now(),
    );
    const bulb = await createProduct(ctx.store.db, { title: 'Test bulb', offers: [{ price: 14.99 }] }, now());
    const upsell = await createProduct(
      ctx.store.db,
      { title: 'Test stand', offers: [{ price: 19.99 }] },
      now(),
    );
    const bundle = await createBundle(
      ctx.store.db,
      {
        components: [{ product: speaker }, { product: plug }, { product: bulb, quantity: 2 }],
        price: 84.99,
        upsells: [upsell],
      },
      now(),
    );
    return { speaker, plug, bulb, upsell, bundle };
  };

  const shopper = async (asin: string) => {
    const s = new Shopper(ctx.app);
    await s.visit(`/dp/${asin}`);
    return s;
  };
  const addBundle = (s: Shopper, bundleId: string, body: Record<string, unknown> = {}) =>
    s.request({
      method: 'POST',
      url: `/api/marketplaces/${US}/cart/carts/retail/bundles`,
      headers: {
        'content-type': 'application/json',
        'x-csrf-token': s.csrfToken,
        'x-encrypted-slate-token': s.slateToken,
      },
      payload: JSON.stringify({ bundleId, ...body }),
    });
  const drawer = (s: Shopper, asin: string) =>
    s.request({
      method: 'POST',
      url: `/gp/product/ajax/bundlesAjaxExperience?asin=${asin}`,
      headers: { 'x-csrf-token': s.csrfToken },
    });
  const items = async (s: Shopper, query = '?filter=RETAIL') =>
    (await s.request({ method: 'GET', url: `/api/marketplaces/${US}/cart/items${query}` })).json().entity
      .items as { id: string; asin: string; quantity: number }[];
  const summary = async (s: Shopper) =>
    (
      (
        await s.request({ method: 'GET', url: `/api/marketplaces/${US}/cart/summary?cartTypes=RETAIL` })
      ).json() as Summary
    ).entity.summary[0];
  const savingRows = (bundle: CreatedBundle) =>
    ctx.store.db
      .selectFrom('cart_bundle_savings')
      .select('id')
      .where('bundle_id', '=', bundle.bundleId)
      .execute();

  test('BDL-019 BDL-005 BDL-025 the drawer call answers the card state and each bundle with its prices', async () => {
    const { speaker, bundle } = await homeBundle();
    const s = await shopper(speaker.asin);
    const response = await drawer(s, speaker.asin);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.type).toBe('bundles.drawer/v1');
    expect(body.cardState).toEqual({
      currencySymbol: '$',
      cartEndpoint: `/api/marketplaces/${US}/cart/carts/retail/bundles`,
      language: 'en-US',
      csrfToken: s.csrfToken,
      marketplace: US,
      session: s.sessionId,
      landingAsin: speaker.asin,
      isdevices: true,
      preferredCurrency: 'USD',
      endpoints: {
        product: `/api/marketplaces/${US}/products/{asin}`,
        cartItems: `/api/marketplaces/${US}/cart/items?filter=RETAIL`,
        cartCount: `/api/marketplaces/${US}/cart/count`,
        cartSummary: `/api/marketplaces/${US}/cart/summary?cartTypes=RETAIL`,
      },
    });
    expect(body.bundles).toHaveLength(1);
    const [card] = body.bundles;
    expect(card).toMatchObject({
      bundleId: bundle.bundleId,
      price: { displayString: '$84.99' },
      separatelyPrice: { displayString: '$104.96' },
      saving: { displayString: '$19.97' },
      inCart: false,
    });
    expect(card.image.url.startsWith(BUNDLE_MEDIA_PATH)).toBe(true);
    expect(card.components.map((c: { quantity: number }) => c.quantity)).toEqual([1, 1, 2]);
  });

  test('BDL-006 BDL-003 each component is a product entity: asin, title, images, buying option, bullets, reviews', async () => {
    const { speaker } = await homeBundle();
    const s = await shopper(speaker.asin);
    const [card] = (await drawer(s, speaker.asin)).json().bundles;
    const entity = card.components[0].product;
    expect(entity.asin).toBe(speaker.asin);
    expect(entity.title.displayString).toBe('Test speaker');
    expect(entity.images.length).toBeGreaterThan(0);
    expect(entity.featureBullets).toEqual(['Loud']);
    expect(entity.customerReviewsSummary).toMatchObject({ starRating: 4.5, ratingCount: 120 });
    const [option] = entity.buyingOptions;
    expect(option.price.priceToPay.displayString).toBe('$49.99');
    expect(option.price.basisPrice.displayString).toBe('$59.99');
    expect(option.callToAction.addToCart.data).toEqual({
      canAddToCart: true,
      offerListingId: speaker.offers[0]?.offerListingId,
    });
    expect(option.quantity.maxOrderQuantity).toBe(10);
  });

  test('the drawer of a product without bundles is empty; an unknown product is a 404; no token is a 403', async () => {
    const plain = await createProduct(ctx.store.db, {}, now());
    const s = await shopper(plain.asin);
    expect((await drawer(s, plain.asin)).json().bundles).toEqual([]);
    const unknown = await drawer(s, 'B0ZZZZZZZZ');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('unknown_product');
    const bad = await drawer(s, 'nope');
    expect(bad.statusCode).toBe(400);
    const forged = await s.request({
      method: 'POST',
      url: `/gp/product/ajax/bundlesAjaxExperience?asin=${plain.asin}`,
    });
    expect(forged.statusCode).toBe(403);
  });

  test('the bundles page slice gives the ingress card its teaser, null without bundles', async () => {
    const { speaker } = await homeBundle();
    const s = await shopper(speaker.asin);
    const slice = await s.request({
      method: 'GET',
      url: `/api/marketplaces/${US}/products/${speaker.asin}/page-slices/bundles`,
    });
    expect(slice.statusCode).toBe(200);
    expect(slice.json().bundles).toMatchObject({
      count: 1,
      fromPrice: { displayString: '$84.99' },
      bestSaving: { displayString: '$19.97' },
    });
    const plain = await createProduct(ctx.store.db, {}, now());
    const none = await s.request({
      method: 'GET',
      url: `/api/marketplaces/${US}/products/${plain.asin}/page-slices/bundles`,
    });
    expect(none.json()).toEqual({ type: 'page-slice.bundles/v1', bundles: null });
    const unknown = await s.request({
      method: 'GET',
      url: `/api/marketplaces/${US}/products/B0ZZZZZZZZ/page-slices/bundles`,
    });
    expect(unknown.statusCode).toBe(404);
  });

  test('BDL-011 a bundle add puts every component in the cart and its saving as a line of its own', async () => {
    const { speaker, plug, bulb, bundle } = await homeBundle();
    const s = await shopper(speaker.asin);
    const response = await addBundle(s, bundle.bundleId);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.type).toBe('cart.add-bundle/v1');
    expect(body.entity.saving.displayString).toBe('$19.97');
    expect(body.entity.count.entity.items).toBe(4);
    expect(
      (await items(s))
        .map((line) => [line.asin, line.quantity])
        .sort(([a], [b]) => String(a).localeCompare(String(b))),
    ).toEqual(
      [
        [speaker.asin, 1],
        [plug.asin, 1],
        [bulb.asin, 2],
      ].sort(([a], [b]) => String(a).localeCompare(String(b))),
    );
    const line = await summary(s);
    expect(line).toMatchObject({
      itemCount: 4,
      subtotal: { displayString: '$104.96' },
      discounts: [{ description: `Bundle saving: ${bundle.title}`, amount: { displayString: '$19.97' } }],
      total: { displayString: '$84.99' },
    });
    // The cart page shows it as its own line too.
    const cart = await s.visit('/gp/cart/view.html');
    expect(cart.body).toContain(`Bundle saving: ${bundle.title}`);
  });

  test('BDL-017 a bundle add is quantity 1: any other quantity is refused and nothing is added', async () => {
    const { speaker, bundle } = await homeBundle();
    const s = await shopper(speaker.asin);
    const response = await addBundle(s, bundle.bundleId, { quantity: 2 });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain('bundle add-to-cart quantity is always 1');
    expect(await s.cartCount()).toBe(0);
    expect((await addBundle(s, bundle.bundleId, { quantity: 1 })).statusCode).toBe(200);
    expect(await s.cartCount()).toBe(4);
  });

  test('all or nothing: one component short of stock refuses the whole bundle and writes nothing', async () => {
    const { speaker, bundle } = await homeBundle({ plug: 0 });
    const s = await shopper(speaker.asin);
    const response = await addBundle(s, bundle.bundleId);
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toMatchObject({ code: 'insufficient_stock', field: 'components.1' });
    expect(await items(s)).toEqual([]);
    expect(await savingRows(bundle)).toEqual([]);
  });

  test('all or nothing: a component over its per-order limit with what the cart holds refuses the bundle', async () => {
    const { speaker, plug, bundle } = await homeBundle();
    const s = await shopper(speaker.asin);
    expect(
      (await s.addItems([{ asin: plug.asin, offerListingId: plug.offers[0]?.offerListingId, quantity: 2 }]))
        .statusCode,
    ).toBe(200);
    const response = await addBundle(s, bundle.bundleId);
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toMatchObject({ code: 'above_max_order_quantity', field: 'components.1' });
    expect((await items(s)).map((line) => [line.asin, line.quantity])).toEqual([[plug.asin, 2]]);
    expect(await savingRows(bundle)).toEqual([]);
  });

  test('BDL-013 a bundle already in the cart is refused, and the drawer says it is in the cart', async () => {
    const { speaker, bundle } = await homeBundle();
    const s = await shopper(speaker.asin);
    expect((await addBundle(s, bundle.bundleId)).statusCode).toBe(200);
    const again = await addBundle(s, bundle.bundleId);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('bundle_in_cart');
    expect(await s.cartCount()).toBe(4);
    expect((await drawer(s, speaker.asin)).json().bundles[0].inCart).toBe(true);
  });

  test('two adds of one bundle at once: one succeeds, the other is refused, the cart holds it once', async () => {
    const { speaker, bundle } = await homeBundle();
    const s = await shopper(speaker.asin);
    const answers = await Promise.all([addBundle(s, bundle.bundleId), addBundle(s, bundle.bundleId)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await s.cartCount()).toBe(4);
    expect(await savingRows(bundle)).toHaveLength(1);
  });

  test('removing any component removes the bundle saving; the bundle can then be added again', async () => {
    const { speaker, plug, bundle } = await homeBundle();
    const s = await shopper(speaker.asin);
    await addBundle(s, bundle.bundleId);
    const plugLine = (await items(s)).find((line) => line.asin === plug.asin);
    const removed = await s.postForm('/gp/cart/update.html', {
      lineId: plugLine?.id ?? '',
      action: 'delete',
    });
    expect(removed.statusCode).toBe(303);
    const after = await summary(s);
    expect(after?.discounts).toEqual([]);
    expect(after?.subtotal.displayString).toBe('$79.97');
    expect((await drawer(s, speaker.asin)).json().bundles[0].inCart).toBe(false);
    expect((await addBundle(s, bundle.bundleId)).statusCode).toBe(200);
    expect((await summary(s))?.discounts).toHaveLength(1);
  });

  test('lowering a component below what the bundle put in removes the saving', async () => {
    const { speaker, bulb, bundle } = await homeBundle();
    const s = await shopper(speaker.asin);
    await addBundle(s, bundle.bundleId);
    const bulbLine = (await items(s)).find((line) => line.asin === bulb.asin);
    await s.postForm('/gp/cart/update.html', { lineId: bulbLine?.id ?? '', quantity: '1', action: 'update' });
    expect((await summary(s))?.discounts).toEqual([]);
  });

  test('a component already in the cart grows by the bundle; lowering it back to what was there before keeps nothing extra', async () => {
    const { speaker, bundle } = await homeBundle();
    const s = await shopper(speaker.asin);
    await s.addItems([
      { asin: speaker.asin, offerListingId: speaker.offers[0]?.offerListingId, quantity: 1 },
    ]);
    const response = await addBundle(s, bundle.bundleId);
    expect(response.statusCode).toBe(200);
    expect((await items(s)).find((line) => line.asin === speaker.asin)?.quantity).toBe(2);
    // One speaker of the two is the bundle's: down to one, the bundle is still whole.
    const speakerLine = (await items(s)).find((line) => line.asin === speaker.asin);
    await s.postForm('/gp/cart/update.html', {
      lineId: speakerLine?.id ?? '',
      quantity: '1',
      action: 'update',
    });
    expect((await summary(s))?.discounts).toHaveLength(1);
  });

  test('signing in keeps a bundle added while signed out, also when a component merges into a line of the account', async () => {
    const { speaker, bundle } = await homeBundle();
    const customer = await createCustomer(ctx.store.db, {}, now());
    // The account already holds a speaker: the signed-out speaker line merges into it.
    const member = await shopper(speaker.asin);
    await member.postForm('/gp/sign-in.html', {
      action: 'sign-in',
      email: customer.email,
      password: customer.password,
      path: '/',
    });
    await member.visit(`/dp/${speaker.asin}`);
    await member.addItems([
      { asin: speaker.asin, offerListingId: speaker.offers[0]?.offerListingId, quantity: 1 },
    ]);
    const s = await shopper(speaker.asin);
    expect((await addBundle(s, bundle.bundleId)).statusCode).toBe(200);
    const signedIn = await s.postForm('/gp/sign-in.html', {
      action: 'sign-in',
      email: customer.email,
      password: customer.password,
      path: `/dp/${speaker.asin}`,
    });
    expect(signedIn.statusCode).toBe(303);
    await s.visit(`/dp/${speaker.asin}`);
    expect((await items(s)).find((line) => line.asin === speaker.asin)?.quantity).toBe(2);
    expect((await summary(s))?.discounts).toMatchObject([
      { description: `Bundle saving: ${bundle.title}`, amount: { displayString: '$19.97' } },
    ]);
    expect((await drawer(s, speaker.asin)).json().bundles[0].inCart).toBe(true);
  });

  test('an order of the cart keeps the bundle saving as its own discount line', async () => {
    const { speaker, bundle } = await homeBundle();
    const customer = await createCustomer(ctx.store.db, {}, now());
    const s = await shopper(speaker.asin);
    await s.postForm('/gp/sign-in.html', {
      action: 'sign-in',
      email: customer.email,
      password: customer.password,
      path: `/dp/${speaker.asin}`,
    });
    await s.visit(`/dp/${speaker.asin}`);
    expect((await addBundle(s, bundle.bundleId)).statusCode).toBe(200);
    const placed = await s.postForm('/gp/buy/spc/handlers/place-order.html', { source: 'cart', ...ADDRESS });
    expect(placed.statusCode).toBe(303);
    const orderId = new URL(placed.headers.location as string, 'http://x').searchParams.get('orderId') ?? '';
    const discounts = await ctx.store.db
      .selectFrom('order_discounts')
      .selectAll()
      .where('order_id', '=', orderId)
      .execute();
    expect(discounts).toEqual([
      {
        order_id: orderId,
        promotion_id: `bundle:${bundle.bundleId}`,
        description: `Bundle saving: ${bundle.title}`,
        amount_minor: 1997,
      },
    ]);
    const order = await ctx.store.db
      .selectFrom('orders')
      .select(['subtotal_minor', 'shipping_minor'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ subtotal_minor: 10496, shipping_minor: 0 });
    const thanks = await s.visit(placed.headers.location as string);
    expect(thanks.body).toContain(`Bundle saving: ${bundle.title}`);
  });

  test('an unknown bundle is a 404, a bundle of another marketplace too; no slate token is a 403', async () => {
    const { speaker, bundle } = await homeBundle();
    const s = await shopper(speaker.asin);
    const unknown = await addBundle(s, 'BDL-NOPE');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('bundle_not_found');
    const elsewhere = await s.request({
      method: 'POST',
      url: '/api/marketplaces/A1VC38T7YXB528/cart/carts/retail/bundles',
      headers: {
        'content-type': 'application/json',
        'x-csrf-token': s.csrfToken,
        'x-encrypted-slate-token': s.slateToken,
      },
      payload: JSON.stringify({ bundleId: bundle.bundleId }),
    });
    expect(elsewhere.statusCode).toBe(404);
    const noSlate = await s.request({
      method: 'POST',
      url: `/api/marketplaces/${US}/cart/carts/retail/bundles`,
      headers: { 'content-type': 'application/json', 'x-csrf-token': s.csrfToken },
      payload: JSON.stringify({ bundleId: bundle.bundleId }),
    });
    expect(noSlate.statusCode).toBe(403);
    expect(await s.cartCount()).toBe(0);
  });

  test('BDL-020 the product call answers the expansions the sheet asks for', async () => {
    const { upsell } = await homeBundle();
    const s = await shopper(upsell.asin);
    const response = await s.request({
      method: 'GET',
      url: `/api/marketplaces/${US}/products/${upsell.asin}?expand=images,title,price,reviewsSummary,featureBullets,quantity,callToAction`,
      headers: { 'x-csrf-token': s.csrfToken, 'accept-language': 'en-US', 'x-currency-of-preference': 'USD' },
    });
    expect(response.statusCode).toBe(200);
    const entity = response.json().entity;
    expect(Object.keys(entity).sort()).toEqual(
      ['asin', 'buyingOptions', 'customerReviewsSummary', 'featureBullets', 'images', 'title'].sort(),
    );
    expect(Object.keys(entity.buyingOptions[0]).sort()).toEqual(
      ['callToAction', 'merchant', 'offerListingId', 'price', 'quantity', 'type'].sort(),
    );
  });

  test('BDL-021 BDL-022 BDL-023 BDL-007 cart items (filter RETAIL), count and summary (cartTypes RETAIL) serve the sheet', async () => {
    const { speaker, bundle } = await homeBundle();
    const s = await shopper(speaker.asin);
    await addBundle(s, bundle.bundleId);
    const list = await items(s, '?filter=RETAIL');
    expect(list.every((line) => typeof line.asin === 'string' && line.quantity > 0)).toBe(true);
    expect(list.reduce((sum, line) => sum + line.quantity, 0)).toBe(4);
    const count = (await s.request({ method: 'GET', url: `/api/marketplaces/${US}/cart/count` })).json();
    expect(count).toEqual({ type: 'cart.count/v1', entity: { items: 4 } });
    const answer = (
      await s.request({ method: 'GET', url: `/api/marketplaces/${US}/cart/summary?cartTypes=RETAIL` })
    ).json() as Summary;
    expect(answer.entity.summary).toHaveLength(1);
    expect(answer.entity.summary[0]?.cartType).toBe('RETAIL');
    expect(answer.entity.summary[0]?.subtotal.displayString).toBe('$104.96');
  });
});
