import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  buildDevice,
  buildService,
  type CreatedService,
  createServiceWorld,
} from '../../../../tests/factories/add-on-service-factory';
import { createCustomer } from '../../../../tests/factories/customer-factory';
import type { CreatedProduct } from '../../../../tests/factories/product-factory';
import { createTestApp, Shopper, type TestContext } from '../../../../tests/helpers/test-app';
import { dialects } from '../../../../tests/helpers/test-store';

const US = 'ATVPDKIKX0DER';
const GB = 'A1F83G8C2ARO7P';
const ZIP_REFRESH = '/gp/ls/vas-ajax-handlers/vas-zipcode-refresh.html';
const DASH = '/gp/digital-dash/ajax/create-button.html';
const HOME = { id: 'A3NWHOMESVC1', name: 'Northwind Home Services' };
const METRO = { id: 'A2METROMOUNT', name: 'Metro Mounts LLC' };
const STORE = { id: 'ATVPDKIKX0DER', name: 'Northwind Market (store pick-up)' };
const ADDRESS = {
  fullName: 'Sam Carter',
  line1: '410 Terry Ave N',
  city: 'Seattle',
  state: 'WA',
  postalCode: '98109',
};

type Line = {
  id: string;
  asin: string;
  offerListingId: string;
  quantity: number;
  associatedItemId?: string;
  additionalParameters?: unknown;
};
type PageData = {
  product: {
    addOnServices: {
      widget: string;
      initialChoice: string | null;
      model: Record<string, unknown>;
      services: {
        serviceAsin: string;
        offer: { offerListingId: string; price: { displayString: string } } | null;
      }[];
    } | null;
  };
};

const amazonProtect = (associatedItemId: string) => ({
  itemAssociation: {
    associatedItemId,
    renderType: 'renderAll',
    programType: 'AmazonProtect',
    deleteConstraint: { mutuallyInclusive: false },
  },
});

describe.each(dialects)('add-on services on %s', (dialect) => {
  let ctx: TestContext;
  let installation: CreatedService;
  let plan: CreatedService;
  let plan3: CreatedService;
  let tv: CreatedProduct;
  let dashDevice: CreatedProduct;
  let gbService: CreatedService;

  beforeAll(async () => {
    ctx = await createTestApp(dialect, { seed: false });
    installation = buildService({
      offers: [
        {
          price: 99,
          merchant: HOME,
          postalCodes: ['980', '981'],
          positiveRatingPercent: 98,
          ratingCount: 2140,
          merchantAddress: {
            AddressLine1: '2101 Westlake Ave',
            City: 'Seattle',
            StateOrRegion: 'WA',
            PostalCode: '98121',
          },
        },
        { price: 109, merchant: METRO, postalCodes: ['100'] },
        { price: 119, merchant: STORE, postalCodes: ['1', '2'], fulfillmentType: 'in_store', isCBM: true },
      ],
    });
    plan = buildService({ kind: 'protection', offers: [{ price: 59.99, fulfillmentType: 'online' }] });
    plan3 = buildService({ kind: 'protection', offers: [{ price: 89.99, fulfillmentType: 'online' }] });
    gbService = buildService({ offers: [{ price: 80, postalCodes: ['SW1A'] }] });
    gbService.offers = gbService.offers.map((o) => ({ ...o, marketplaceId: GB }));
    tv = buildDevice(
      [
        { service: plan, upgrade: plan3, topChoice: true },
        { service: installation, isUpsellCritical: true },
      ],
      { widget: 'enhancedPPD', interstitial: 'buyable' },
      { offers: [{ price: 479.99, stock: 50 }] },
    );
    dashDevice = buildDevice([{ service: buildService() }], { widget: 'serviceBanner', digitalDash: true });
    const dashService = (dashDevice.features as { addOnServices: { services: { asin: string }[] } })
      .addOnServices.services[0]?.asin;
    await createServiceWorld(ctx.store.db, [
      installation,
      plan,
      plan3,
      gbService,
      buildService({}, { asin: dashService ?? '' }),
      tv,
      dashDevice,
    ]);
  });
  afterAll(() => ctx?.close());

  const TV_OFFER = () => ({ asin: tv.asin, offerListingId: `OL-${tv.asin}-NEW` });
  const shopper = async (zip?: string) => {
    const s = new Shopper(ctx.app);
    if (zip) s.cookie = `delivery-zip=${zip}`;
    await s.visit(`/dp/${tv.asin}`);
    return s;
  };
  const lines = async (s: Shopper) =>
    (await s.request({ method: 'GET', url: `/api/marketplaces/${US}/cart/items?cartTypes=RETAIL` })).json()
      .entity.items as Line[];
  const pageData = (body: string) =>
    JSON.parse(
      /<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(body)?.[1] ?? '{}',
    ) as PageData;
  const refresh = (s: Shopper, query: Record<string, string>) =>
    s.request({ method: 'GET', url: `${ZIP_REFRESH}?${new URLSearchParams(query)}` });

  test('VAS-031 VAS-008 the zip refresh answers each asin with the offer for that zip', async () => {
    const s = await shopper();
    const seattle = await refresh(s, {
      asinlist: `${installation.asin},${plan.asin}`,
      vasZipcode: '98109',
      clientName: 'vas_dp',
      includeMerchantAddress: 'true',
    });
    expect(seattle.statusCode).toBe(200);
    const body = seattle.json();
    expect(Object.keys(body).sort()).toEqual([installation.asin, plan.asin].sort());
    expect(body[installation.asin]).toMatchObject({
      hasError: false,
      isOfferAvailable: true,
      offerListingId: installation.offerIds[0],
      merchantId: HOME.id,
      merchantName: HOME.name,
      price: { displayString: '$99.00' },
      winningServiceMinPrice: { displayString: '$99.00' },
      nextOfferPrice: null,
      fulfillmentType: 'in_home',
      merchantAddress: {
        AddressLine1: '2101 Westlake Ave',
        City: 'Seattle',
        StateOrRegion: 'WA',
        PostalCode: '98121',
      },
    });
    expect(body[installation.asin].positiveRatingHtml).toContain('98% positive');
    expect(body[installation.asin].sellerReviewLink).toBe(
      `/gp/product/${installation.asin}/ref=vas_seller_reviews?seller=${HOME.id}#seller-reviews`,
    );
    expect(body[plan.asin]).toMatchObject({ hasError: false, price: { displayString: '$59.99' } });

    // New York: two offers serve it; the cheaper wins and the next price comes with it.
    const ny = (
      await refresh(s, { asinlist: installation.asin, vasZipcode: '10001', clientName: 'vas_dp' })
    ).json();
    expect(ny[installation.asin]).toMatchObject({
      merchantId: METRO.id,
      price: { displayString: '$109.00' },
      nextOfferPrice: { displayString: '$119.00' },
      merchantAddress: null,
    });
  });

  test('VAS-009 VAS-039 an in_store offer is ship-to-store; a zip no offer serves has none; an unknown asin errs', async () => {
    const s = await shopper();
    const chicago = (
      await refresh(s, { asinlist: installation.asin, vasZipcode: '20500', clientName: 'x' })
    ).json();
    expect(chicago[installation.asin]).toMatchObject({
      fulfillmentType: 'in_store',
      isCBM: true,
      merchantName: STORE.name,
    });
    const anchorage = (
      await refresh(s, { asinlist: `${installation.asin},B0ZZZZZZZZ`, vasZipcode: '99501', clientName: 'x' })
    ).json();
    expect(anchorage[installation.asin]).toMatchObject({
      hasError: false,
      isOfferAvailable: false,
      offerListingId: null,
    });
    expect(anchorage.B0ZZZZZZZZ).toMatchObject({ hasError: true });
  });

  test('VAS-028 the server reads gb and ca postal codes shortened', async () => {
    const s = await shopper();
    for (const zip of ['SW1A 1AA', 'SW1A']) {
      const answer = (
        await refresh(s, { asinlist: gbService.asin, vasZipcode: zip, clientName: 'x', marketplaceId: GB })
      ).json();
      expect(answer[gbService.asin]).toMatchObject({
        isOfferAvailable: true,
        price: { displayString: '£80.00' },
      });
    }
    const elsewhere = (
      await refresh(s, { asinlist: gbService.asin, vasZipcode: 'M1 1AE', clientName: 'x', marketplaceId: GB })
    ).json();
    expect(elsewhere[gbService.asin].isOfferAvailable).toBe(false);
  });

  test('bad zip refresh requests are 400 naming the field, never a 500', async () => {
    const s = await shopper();
    for (const [query, field] of [
      [{ asinlist: 'nope', vasZipcode: '98109', clientName: 'x' }, 'asinlist'],
      [{ asinlist: installation.asin, vasZipcode: '<x>', clientName: 'x' }, 'vasZipcode'],
      [{ asinlist: installation.asin, vasZipcode: '98109' }, 'clientName'],
    ] as const) {
      const answer = await refresh(s, query as Record<string, string>);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().error.field).toBe(field);
    }
  });

  test('VAS-026 a code that is no postal code of the marketplace is 400 naming vasZipcode, and nothing is priced', async () => {
    const s = await shopper();
    for (const [vasZipcode, marketplaceId] of [
      ['ZZZZZ', US],
      ['9810', US],
      ['98109', GB],
    ] as const) {
      const answer = await refresh(s, {
        asinlist: installation.asin,
        vasZipcode,
        clientName: 'x',
        marketplaceId,
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().error).toMatchObject({ code: 'invalid_postal_code', field: 'vasZipcode' });
    }
    // The shortened gb code the page sends stays good (VAS-028).
    const gb = await refresh(s, {
      asinlist: gbService.asin,
      vasZipcode: 'SW1A',
      clientName: 'x',
      marketplaceId: GB,
    });
    expect(gb.statusCode).toBe(200);
  });

  test('VAS-003 VAS-010 VAS-001 the page carries the widget, its model and the service chosen in the address', async () => {
    const s = new Shopper(ctx.app);
    s.cookie = 'delivery-zip=98109';
    const page = await s.visit(`/dp/${tv.asin}?vas=${encodeURIComponent(`{'vw':'${installation.asin}'}`)}`);
    const view = pageData(page.body).product.addOnServices;
    expect(view?.widget).toBe('enhancedPPD');
    expect(view?.initialChoice).toBe(installation.asin);
    expect(Object.keys(view?.model ?? {}).sort()).toEqual(
      [
        'productAsin',
        'zipCode',
        'merchantId',
        'buyboxPrice',
        'mappingSet',
        'sessionId',
        'multiQuantityPurchaseEnabled',
        'businessCustomer',
        'hijackATC',
        'doRedirect',
        'showSIATC',
        'showSTSServiceInterstitial',
        'isShipToStoreAsinSelected',
        'attachToLdbb',
      ].sort(),
    );
    expect(view?.model).toMatchObject({
      productAsin: tv.asin,
      zipCode: '98109',
      hijackATC: true,
      businessCustomer: false,
    });
    expect(view?.services.find((x) => x.serviceAsin === installation.asin)?.offer).toMatchObject({
      offerListingId: installation.offerIds[0],
      price: { displayString: '$99.00' },
    });
    // The chosen service's checkbox is ticked in the server's HTML, and posts without the script.
    // One field per row (decision 0041): the installation is the second row.
    expect(page.body).toContain(`name="vasService.2" checked="" value="${installation.asin}"`);
    const plain = pageData((await s.visit(`/dp/${tv.asin}?vas=garbage`)).body).product.addOnServices;
    expect(plain?.initialChoice).toBeNull();
  });

  test('VAS-030 VAS-029 the add-on cart add ties the service to its device; never more than the device', async () => {
    const s = await shopper('98109');
    const added = await s.addItems(
      [
        { ...TV_OFFER(), quantity: 1 },
        {
          asin: installation.asin,
          offerListingId: installation.offerIds[0],
          quantity: 1,
          additionalParameters: amazonProtect(tv.asin),
        },
      ],
      { query: '?ref=vas_add_upsell' },
    );
    expect(added.statusCode).toBe(200);
    const cart = await lines(s);
    const device = cart.find((l) => l.asin === tv.asin);
    expect(cart.find((l) => l.asin === installation.asin)).toMatchObject({
      quantity: 1,
      associatedItemId: device?.id,
      additionalParameters: amazonProtect(device?.id ?? ''),
    });
    // One per device unit: a second one for the same single TV is refused and changes nothing.
    const again = await s.addItems(
      [
        {
          asin: installation.asin,
          offerListingId: installation.offerIds[0],
          quantity: 1,
          additionalParameters: amazonProtect(device?.id ?? ''),
        },
      ],
      { query: '?ref=vas_add_upsell' },
    );
    expect(again.statusCode).toBe(422);
    expect(again.json().error).toMatchObject({ code: 'service_exceeds_device', field: 'items.0.quantity' });
    expect(await lines(s)).toEqual(cart);
  });

  test('decision 0041: a service is sold at the offer for the shopper ZIP, never the one the page sent when it does not serve it', async () => {
    // The page sent the store pick-up offer ($119, east-coast prefixes); the shopper delivers to 98109.
    const s = await shopper('98109');
    const added = await s.addItems([
      { ...TV_OFFER(), quantity: 1 },
      {
        asin: installation.asin,
        offerListingId: installation.offerIds[2] ?? '',
        quantity: 1,
        additionalParameters: amazonProtect(tv.asin),
      },
    ]);
    expect(added.statusCode).toBe(200);
    expect((await lines(s)).find((l) => l.asin === installation.asin)?.offerListingId).toBe(
      installation.offerIds[0],
    );
    // At 10001 the store's offer serves too: the one sent is kept (a seller the shopper chose).
    const ny = await shopper('10001');
    await ny.addItems([
      { ...TV_OFFER(), quantity: 1 },
      {
        asin: installation.asin,
        offerListingId: installation.offerIds[2] ?? '',
        quantity: 1,
        additionalParameters: amazonProtect(tv.asin),
      },
    ]);
    expect((await lines(ny)).find((l) => l.asin === installation.asin)?.offerListingId).toBe(
      installation.offerIds[2],
    );
    // Where no offer serves the ZIP: 422 naming the ZIP, nothing written.
    const far = await shopper('59001');
    const refused = await far.addItems([
      { ...TV_OFFER(), quantity: 1 },
      {
        asin: installation.asin,
        offerListingId: installation.offerIds[0] ?? '',
        quantity: 1,
        additionalParameters: amazonProtect(tv.asin),
      },
    ]);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({
      code: 'service_not_offered',
      message: `service ${installation.asin} is not offered at ZIP code 59001`,
      field: 'items.1.offerListingId',
    });
    expect(await lines(far)).toEqual([]);
  });

  test('decision 0041: a service added with N devices covers N; asked alone it covers what it asks, up to the device', async () => {
    const s = await shopper('98109');
    await s.addItems([
      { ...TV_OFFER(), quantity: 3 },
      {
        asin: plan.asin,
        offerListingId: plan.offerIds[0] ?? '',
        quantity: 1,
        additionalParameters: amazonProtect(tv.asin),
      },
      {
        asin: installation.asin,
        offerListingId: installation.offerIds[0] ?? '',
        quantity: 1,
        additionalParameters: amazonProtect(tv.asin),
      },
    ]);
    const cart = await lines(s);
    expect(cart.map((l) => [l.asin, l.quantity]).sort()).toEqual(
      [
        [tv.asin, 3],
        [plan.asin, 3],
        [installation.asin, 3],
      ].sort(),
    );
  });

  test('VAS-035 a service without its device in the cart is an incomplete add: 422, nothing written', async () => {
    const s = await shopper('98109');
    const answer = await s.addItems(
      [
        {
          asin: installation.asin,
          offerListingId: installation.offerIds[0],
          quantity: 1,
          additionalParameters: amazonProtect(tv.asin),
        },
      ],
      { query: '?ref=vas_add_upsell' },
    );
    expect(answer.statusCode).toBe(422);
    expect(answer.json().error.code).toBe('service_without_device');
    expect(await lines(s)).toEqual([]);
  });

  test('a service follows its device: down with its quantity, gone with it', async () => {
    const s = await shopper('98109');
    await s.addItems([{ ...TV_OFFER(), quantity: 2 }]);
    const device = (await lines(s))[0] as Line;
    for (let i = 0; i < 2; i++) {
      const r = await s.addItems(
        [
          {
            asin: plan.asin,
            offerListingId: plan.offerIds[0],
            quantity: 1,
            additionalParameters: amazonProtect(device.id),
          },
        ],
        { query: '?ref=vas_add_upsell' },
      );
      expect(r.statusCode).toBe(200);
    }
    expect((await lines(s)).find((l) => l.asin === plan.asin)?.quantity).toBe(2);
    await s.postForm('/gp/cart/update.html', { lineId: device.id, quantity: '1', action: 'update' });
    expect((await lines(s)).find((l) => l.asin === plan.asin)?.quantity).toBe(1);
    // The cart page lists the service right under its device, with no quantity choice of its own.
    const cartPage = await s.visit('/gp/cart/view.html');
    expect(cartPage.body.indexOf(tv.title ?? '')).toBeLessThan(cartPage.body.indexOf(plan.title ?? ''));
    expect(cartPage.body).toContain('cart-line--child');
    expect(cartPage.body).not.toContain(`aria-label="Quantity of ${plan.title}"`);
    await s.postForm('/gp/cart/update.html', { lineId: device.id, action: 'delete' });
    expect(await lines(s)).toEqual([]);
  });

  test('two adds of the one service a single device allows, at once: exactly one succeeds', async () => {
    const s = await shopper('98109');
    await s.addItems([{ ...TV_OFFER(), quantity: 1 }]);
    const device = (await lines(s))[0] as Line;
    const add = () =>
      s.addItems(
        [
          {
            asin: plan.asin,
            offerListingId: plan.offerIds[0],
            quantity: 1,
            additionalParameters: amazonProtect(device.id),
          },
        ],
        { query: '?ref=vas_add_upsell' },
      );
    const results = await Promise.all([add(), add(), add()]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422, 422]);
    expect((await lines(s)).find((l) => l.asin === plan.asin)?.quantity).toBe(1);
  });

  test('VAS-032 the buy box form with ref=vas_dphbb_{asin}_{serviceAsin} adds the product and the service together', async () => {
    const s = await shopper('10001');
    const posted = await s.postForm(
      `/gp/product/handle-buy-box/ref=vas_dphbb_${tv.asin}_${installation.asin}`,
      {
        ASIN: tv.asin,
        offerListingID: TV_OFFER().offerListingId,
        merchantID: US,
        quantity: '1',
        'submit.add-to-cart': 'Add to Cart',
      },
    );
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).toBe('/gp/cart/view.html?notice=added');
    const cart = await lines(s);
    const device = cart.find((l) => l.asin === tv.asin);
    // New York's offer: the shopper's zip decides which installer's offer is bought.
    expect(cart.find((l) => l.asin === installation.asin)).toMatchObject({
      offerListingId: installation.offerIds[1],
      quantity: 1,
      associatedItemId: device?.id,
    });
  });

  test('VAS-032 VAS-050 the page script posts the service as the next item of the form; before the script, as vasService.{n}', async () => {
    const scripted = await shopper();
    await scripted.postForm('/gp/product/handle-buy-box', {
      ASIN: tv.asin,
      offerListingID: TV_OFFER().offerListingId,
      quantity: '2',
      'asin.1': plan.asin,
      'offeringID.1': plan.offerIds[0] ?? '',
      'quantity.1': '1',
      'submit.add-to-cart': 'Add to Cart',
    });
    // Decision 0041: one service item, added with 2 TVs, covers both.
    expect((await lines(scripted)).map((l) => [l.asin, l.quantity]).sort()).toEqual(
      [
        [tv.asin, 2],
        [plan.asin, 2],
      ].sort(),
    );
    const plain = await shopper();
    const posted = await plain.postForm('/gp/product/handle-buy-box', {
      ASIN: tv.asin,
      offerListingID: TV_OFFER().offerListingId,
      quantity: '1',
      'vasService.1': plan3.asin,
      'submit.add-to-cart': 'Add to Cart',
    });
    expect(posted.statusCode).toBe(303);
    const cart = await lines(plain);
    expect(cart.find((l) => l.asin === plan3.asin)?.associatedItemId).toBe(
      cart.find((l) => l.asin === tv.asin)?.id,
    );
  });

  test('VAS-032 a buy box ref naming a service the product does not offer adds nothing', async () => {
    const s = await shopper();
    const posted = await s.postForm(`/gp/product/handle-buy-box/ref=vas_dphbb_${tv.asin}_${gbService.asin}`, {
      ASIN: tv.asin,
      offerListingID: TV_OFFER().offerListingId,
      quantity: '1',
      'submit.add-to-cart': 'Add to Cart',
    });
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).toMatch(/^\/gp\/cart\/view\.html\?error=/);
    expect(await lines(s)).toEqual([]);
  });

  test('the order shows the service under its device', async () => {
    const customer = await createCustomer(ctx.store.db, {
      shippingAddress: ADDRESS,
      paymentMethod: 'Visa ending 4242',
    });
    const s = new Shopper(ctx.app);
    await s.signIn(customer.email, customer.password);
    await s.visit(`/dp/${tv.asin}`);
    await s.addItems([{ ...TV_OFFER(), quantity: 1 }]);
    const device = (await lines(s))[0] as Line;
    await s.addItems(
      [
        {
          asin: plan.asin,
          offerListingId: plan.offerIds[0],
          quantity: 1,
          additionalParameters: amazonProtect(device.id),
        },
      ],
      { query: '?ref=vas_add_upsell' },
    );
    const placed = await s.postForm('/gp/buy/spc/handlers/place-order.html', { source: 'cart', ...ADDRESS });
    expect(placed.statusCode).toBe(303);
    const orderId = new URL(placed.headers.location as string, 'http://x').searchParams.get(
      'orderId',
    ) as string;
    const items = await ctx.store.db
      .selectFrom('order_items')
      .selectAll()
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute();
    const tvItem = items.find((i) => i.asin === tv.asin);
    expect(items.find((i) => i.asin === plan.asin)?.parent_item_id).toBe(tvItem?.id);
    const confirmation = await s.visit(placed.headers.location as string);
    expect(confirmation.body).toContain('order-line--child');
  });

  test('VAS-033 the variation refresh answers the page parts for merchant m; unknown ones are 404', async () => {
    const s = await shopper('10001');
    const post = (asin: string, m: string, body: Record<string, string>) =>
      s.request({
        method: 'POST',
        url: `/gp/product/${asin}?m=${m}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-csrf-token': s.csrfToken },
        payload: new URLSearchParams(body).toString(),
      });
    const vas = `{'vw':'${installation.asin}'}`;
    const answer = await post(tv.asin, STORE.id, { isVariationalParent: '1', vas });
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body).toMatchObject({ asin: tv.asin, merchantId: STORE.id, isVariationalParent: true, vas });
    // The store's own (ship-to-store) offer comes first for merchant m, even though Metro's is cheaper.
    const shown = body.addOnServices.services.find(
      (x: { serviceAsin: string }) => x.serviceAsin === installation.asin,
    );
    expect(shown.offer).toMatchObject({
      merchantId: STORE.id,
      fulfillmentType: 'in_store',
      price: { displayString: '$119.00' },
    });
    expect(body.addOnServices.initialChoice).toBe(installation.asin);
    expect((await post(tv.asin, 'A9NOBODY', { isVariationalParent: '0' })).statusCode).toBe(404);
    expect((await post('B0ZZZZZZZZ', STORE.id, { isVariationalParent: '0' })).statusCode).toBe(404);
    expect((await post(tv.asin, STORE.id, { isVariationalParent: 'maybe' })).statusCode).toBe(400);
    const noToken = await s.request({
      method: 'POST',
      url: `/gp/product/${tv.asin}?m=${STORE.id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'isVariationalParent=1',
    });
    expect(noToken.statusCode).toBe(403);
  });

  test('VAS-051 a business customer is told so by the widget model and the refresh takes their quantity', async () => {
    const buyer = await createCustomer(ctx.store.db, { business: true });
    const s = new Shopper(ctx.app);
    await s.signIn(buyer.email, buyer.password);
    const view = pageData((await s.visit(`/dp/${tv.asin}`)).body).product.addOnServices;
    expect(view?.model.businessCustomer).toBe(true);
    const answer = await s.request({
      method: 'POST',
      url: `/gp/product/${tv.asin}?m=${US}`,
      headers: { 'content-type': 'application/json', 'x-csrf-token': s.csrfToken },
      payload: JSON.stringify({ isVariationalParent: '0', quantity: 5 }),
    });
    expect(answer.json()).toMatchObject({
      quantity: 5,
      addOnServices: { model: { businessCustomer: true } },
    });
  });

  test('VAS-034 VAS-040 VAS-042 digital dash: signed out 401 with the url; created; a second one is 510', async () => {
    const anonymous = new Shopper(ctx.app);
    await anonymous.visit(`/dp/${dashDevice.asin}`);
    const dash = (s: Shopper, asin: string) => s.postForm(DASH, { isAjax: '1', asin });
    const signedOut = await dash(anonymous, dashDevice.asin);
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().url).toBe(
      `/gp/sign-in.html?path=${encodeURIComponent(`/dp/${dashDevice.asin}`)}`,
    );
    const customer = await createCustomer(ctx.store.db);
    const s = new Shopper(ctx.app);
    await s.signIn(customer.email, customer.password);
    await s.visit(`/dp/${dashDevice.asin}`);
    expect((await dash(s, dashDevice.asin)).json()).toEqual({ success: true });
    expect((await dash(s, dashDevice.asin)).json()).toMatchObject({
      success: false,
      error: { errorCode: '510' },
    });
    const refused = (await dash(s, tv.asin)).json();
    expect(refused).toMatchObject({
      success: false,
      error: { errorCode: '404', errorTitle: 'Dash button not available' },
    });
    expect((await s.postForm(DASH, { isAjax: '1', asin: 'nope' })).statusCode).toBe(400);
    const buttons = await ctx.store.db
      .selectFrom('digital_dash_buttons')
      .selectAll()
      .where('customer_id', '=', customer.id)
      .execute();
    expect(buttons).toHaveLength(1);
  });

  test('VAS-005 the service page is a real page: offers for the zip, the seller the rating link names, its devices', async () => {
    const s = await shopper('98109');
    const page = await s.visit(`/gp/product/${installation.asin}/ref=vas_seller_reviews?seller=${HOME.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Offers for ZIP code 98109');
    expect(page.body).toContain(HOME.name);
    expect(page.body).not.toContain(METRO.name);
    expect(page.body).toContain('aria-current="true"');
    expect(page.body).toContain(`href="/dp/${tv.asin}" target="_blank"`);
    expect((await s.visit(`/gp/product/${installation.asin}`)).statusCode).toBe(200);
    expect((await s.visit(`/gp/product/${tv.asin}/ref=x`)).statusCode).toBe(404);
  });

  test('the deferred add-on slice answers on its own call', async () => {
    const s = await shopper('98109');
    const answer = await s.request({
      method: 'GET',
      url: `/api/marketplaces/${US}/products/${tv.asin}/page-slices/add-on-services`,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      type: 'page-slice.add-on-services/v1',
      addOnServices: { widget: 'enhancedPPD' },
    });
    const none = await s.request({
      method: 'GET',
      url: `/api/marketplaces/${US}/products/${installation.asin}/page-slices/add-on-services`,
    });
    expect(none.json().addOnServices).toBeNull();
    expect(
      (
        await s.request({
          method: 'GET',
          url: `/api/marketplaces/${US}/products/B0ZZZZZZZZ/page-slices/add-on-services`,
        })
      ).statusCode,
    ).toBe(404);
  });
});
