import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  type CreatedCustomer,
  createCustomer,
  demoAccountShape,
} from '../../../../tests/factories/customer-factory';
import { createDemoCopies } from '../../../../tests/factories/demo-products';
import { createProduct } from '../../../../tests/factories/product-factory';
import { createTestApp, Shopper, T0, type TestContext } from '../../../../tests/helpers/test-app';
import { dialects } from '../../../../tests/helpers/test-store';
import { claimResponse, dealSetup, lightningDealBuyingOption } from '../../../shared/contracts/deals';
import {
  CLAIM_CUSTOMER_STATES,
  CLAIM_DEAL_ASIN_STATES,
  CLAIM_QUANTITY_RESTRICTION_ERROR,
  DEAL_HOLD_MS,
} from '../../../shared/deal-constants';

const MIN = 60_000;
const US = 'ATVPDKIKX0DER';
const ADDRESS = {
  fullName: 'Priya Raman',
  line1: '410 Terry Ave N',
  city: 'Seattle',
  state: 'WA',
  postalCode: '98109',
};

type Deal = { asin: string; dealId: string; offerListingId: string };

type DealWorld = {
  TABLET: Deal;
  STICK: Deal;
  CAMERA: Deal;
  READER: Deal;
  PLUGS: Deal;
  /** The tablet's protection plan. */
  PLAN: string;
  /** A product without a deal. */
  PLAIN: string;
  primeAccount: CreatedCustomer;
  shopperAccount: CreatedCustomer;
  businessAccount: CreatedCustomer;
};

const dealOf = (asin: string): Deal => ({ asin, dealId: `LD-${asin}`, offerListingId: `OL-${asin}-LD` });

/**
 * A describe block's own deals, shaped like the demo ones: the tablet (AVAILABLE, 200 units, 30% claimed,
 * 2 each, a protection plan), the streaming stick (UPCOMING, Prime early access), the camera
 * (WAITLISTFULL), the e-reader (PRIME_ONLY, 1 each), the smart plugs (APP_ONLY_LD); a plain product;
 * accounts shaped like the demo Prime member, shopper and business customer.
 */
async function createDealWorld(ctx: TestContext): Promise<DealWorld> {
  const now = ctx.clock.now;
  const demo = ['B0PDPTAB01', 'B0PDPSTK01', 'B0PDPCAM01', 'B0PDPRDR01', 'B0PDPPLG01'];
  const copies = await createDemoCopies(ctx.store.db, demo, { now });
  const deal = (asin: string) => dealOf(copies.asin(asin));
  return {
    TABLET: deal('B0PDPTAB01'),
    STICK: deal('B0PDPSTK01'),
    CAMERA: deal('B0PDPCAM01'),
    READER: deal('B0PDPRDR01'),
    PLUGS: deal('B0PDPPLG01'),
    PLAN: copies.asin('B0PDPPRT01'),
    PLAIN: (await createProduct(ctx.store.db, {}, { now })).asin,
    primeAccount: await createCustomer(ctx.store.db, demoAccountShape('prime'), { now }),
    shopperAccount: await createCustomer(ctx.store.db, demoAccountShape('shopper'), { now }),
    businessAccount: await createCustomer(ctx.store.db, demoAccountShape('business'), { now }),
  };
}

describe.each(dialects)('lightning deals on %s', (dialect) => {
  let ctx: TestContext;
  // The file's own deals and accounts, shaped like the demo ones (see createDealWorld).
  let TABLET: Deal;
  let STICK: Deal;
  let CAMERA: Deal;
  let READER: Deal;
  let PLUGS: Deal;
  let PLAN: string;
  let PLAIN: string;
  let primeAccount: CreatedCustomer;
  let shopperAccount: CreatedCustomer;
  beforeAll(async () => {
    ctx = await createTestApp(dialect, { seed: false });
    ({ TABLET, STICK, CAMERA, READER, PLUGS, PLAN, PLAIN, primeAccount, shopperAccount } =
      await createDealWorld(ctx));
  });
  afterAll(() => ctx?.close());

  const shopper = async (page = `/dp/${TABLET.asin}`) => {
    const s = new Shopper(ctx.app);
    await s.visit(page);
    return s;
  };
  const signedIn = async (email: string, password: string) => {
    const s = new Shopper(ctx.app);
    await s.visit('/gp/sign-in.html');
    await s.postForm('/gp/sign-in.html', { action: 'sign-in', email, password, path: '/' });
    await s.visit(`/dp/${TABLET.asin}`);
    return s;
  };
  const claim = (
    s: Shopper,
    deal: Deal,
    body: Record<string, unknown> = { asin: deal.asin, quantity: 1 },
    options: { query?: string; headers?: Record<string, string>; payload?: string } = {},
  ) =>
    s.request({
      method: 'POST',
      url: `/api/marketplaces/${US}/deals/${deal.dealId}/claim-and-add-to-cart${options.query ?? '?ref=dp_ld_claim'}`,
      headers: {
        'content-type': 'application/json',
        'x-csrf-token': s.csrfToken,
        ...(options.headers ?? {}),
      },
      payload: options.payload ?? JSON.stringify(body),
    });
  const dealAnswer = async (s: Shopper, deal: Deal, headers: Record<string, string> = {}) => {
    const response = await s.request({
      method: 'GET',
      url: `/api/marketplaces/${US}/products/${deal.asin}?buyingOptionTypes=LIGHTNING_DEAL&offerListingId=${deal.offerListingId}`,
      headers,
    });
    expect(response.statusCode).toBe(200);
    return response;
  };
  const dealRow = (dealId: string) =>
    ctx.store.db.selectFrom('deals').selectAll().where('id', '=', dealId).executeTakeFirstOrThrow();
  const cartLines = async (s: Shopper) =>
    (await s.request({ method: 'GET', url: `/api/marketplaces/${US}/cart/items?cartTypes=RETAIL` })).json()
      .entity.items as {
      id: string;
      asin: string;
      offerListingId: string;
      quantity: number;
      price: { amount: number };
    }[];

  const pageData = (html: string) =>
    JSON.parse(/<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(html)?.[1] ?? 'null');

  test('DEAL-008 the product page data of a deal product carries the deal setup data', async () => {
    const s = new Shopper(ctx.app);
    const page = await s.visit(`/dp/${TABLET.asin}`);
    const setup = dealSetup.parse(pageData(page.body).deal);
    expect(setup).toMatchObject({
      dealId: TABLET.dealId,
      asin: TABLET.asin,
      aapiEndpoint: `/api/marketplaces/${US}/products/${TABLET.asin}`,
      offerListingId: TABLET.offerListingId,
      claimDealAapiEndpoint: `/api/marketplaces/${US}/deals/`,
      cartCountAapiEndpoint: `/api/marketplaces/${US}/cart/count`,
      cartAddItemsAapiEndpoint: `/api/marketplaces/${US}/cart/carts/retail/items`,
      aapiCsrfToken: s.csrfToken,
      languageOfPreference: 'en-US',
      systemTime: ctx.clock.now,
      pollingIntervalMs: 15_000,
      mobile: false,
      app: false,
      hasPrimeSavingsBenefit: false,
      showAppOnlyDealCx: false,
      itemCustomerState: 'NONE',
      claimRefTag: 'dp_ld_claim',
    });
    expect(setup.initialBuyingOption.dealDetails.state).toBe('AVAILABLE');
    // The page's claim URL, built from the setup data, is the claim route.
    const url = `${setup.claimDealAapiEndpoint}${setup.dealId}/claim-and-add-to-cart?ref=${setup.claimRefTag}`;
    const claimed = await s.request({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', 'x-csrf-token': setup.aapiCsrfToken },
      payload: JSON.stringify({ asin: setup.asin, quantity: 1 }),
    });
    expect(claimed.statusCode).toBe(200);
    const again = dealSetup.parse(pageData((await s.visit(`/dp/${TABLET.asin}`)).body).deal);
    expect(again.itemCustomerState).toBe('IN_CART');
    expect(pageData((await s.visit(`/dp/${PLAIN}`)).body).deal).toBeNull();
  });

  test('DEAL-004 a deal product with a protection plan offers it in the setup data; others offer none', async () => {
    const s = new Shopper(ctx.app);
    const tablet = dealSetup.parse(pageData((await s.visit(`/dp/${TABLET.asin}`)).body).deal);
    expect(tablet.warrantyOffer).toEqual({
      asin: PLAN,
      offerListingId: `OL-${PLAN}-NEW`,
      title: '2-Year Protection Plan for Nimbus Kids Tablet',
      price: { amount: 14.99, currencyCode: 'USD', displayString: '$14.99' },
    });
    const camera = dealSetup.parse(pageData((await s.visit(`/dp/${CAMERA.asin}`)).body).deal);
    expect(camera.warrantyOffer).toBeUndefined();
  });

  test('DEAL-004 once the deal is in the cart with the plan on its unit, a reload offers the plan no more', async () => {
    // A deal of its own, shaped like the demo tablet's (with its plan), so other tests' claim counts hold.
    const copies = await createDemoCopies(ctx.store.db, ['B0PDPTAB01'], { now: ctx.clock.now });
    const deal = dealOf(copies.asin('B0PDPTAB01'));
    const PLAN = copies.asin('B0PDPPRT01');
    const s = await shopper(`/dp/${deal.asin}`);
    const claimed = await claim(s, deal);
    expect(claimed.statusCode).toBe(200);
    const dealLine = claimed.json().entity.cartItemId as string;
    const before = dealSetup.parse(pageData((await s.visit(`/dp/${deal.asin}`)).body).deal);
    expect(before.itemCustomerState).toBe('IN_CART');
    expect(before.warrantyOffer?.asin).toBe(PLAN);
    const plan = await s.addItems([
      {
        asin: PLAN,
        offerListingId: `OL-${PLAN}-NEW`,
        quantity: 1,
        additionalParameters: {
          itemAssociation: {
            associatedItemId: dealLine,
            renderType: 'renderAll',
            programType: 'AmazonProtect',
            deleteConstraint: { mutuallyInclusive: false },
          },
        },
      },
    ]);
    expect(plan.statusCode).toBe(200);
    const after = dealSetup.parse(pageData((await s.visit(`/dp/${deal.asin}`)).body).deal);
    expect(after.itemCustomerState).toBe('IN_CART');
    expect(after.warrantyOffer).toBeUndefined();
  });

  test('DEAL-008 mobile, app, Prime benefit and the app-only call to action follow the shopper', async () => {
    const desktop = new Shopper(ctx.app);
    const plugs = dealSetup.parse(pageData((await desktop.visit(`/dp/${PLUGS.asin}`)).body).deal);
    expect(plugs).toMatchObject({ mobile: false, app: false, showAppOnlyDealCx: true });
    const phone = await desktop.request({
      method: 'GET',
      url: `/dp/${PLUGS.asin}`,
      headers: {
        accept: 'text/html',
        'user-agent': 'Mozilla/5.0 (Linux; Android 14; Pixel 7) Mobile Safari',
      },
    });
    expect(dealSetup.parse(pageData(phone.body).deal)).toMatchObject({
      mobile: true,
      app: false,
      showAppOnlyDealCx: true,
    });
    const inApp = await desktop.request({
      method: 'GET',
      url: `/dp/${PLUGS.asin}`,
      headers: { accept: 'text/html', 'user-agent': 'Mozilla/5.0 (iPhone) PdpStoreApp/3.1' },
    });
    expect(dealSetup.parse(pageData(inApp.body).deal)).toMatchObject({ app: true, showAppOnlyDealCx: false });
    const prime = await signedIn(primeAccount.email, primeAccount.password);
    const stick = dealSetup.parse(pageData((await prime.visit(`/dp/${STICK.asin}`)).body).deal);
    expect(stick.hasPrimeSavingsBenefit).toBe(true);
    expect(stick.initialBuyingOption.dealDetails.startTime).toBe(T0 + 3 * MIN);
  });

  test('DEAL-036 the product call with LIGHTNING_DEAL answers the deal option with details, call to action and status', async () => {
    const s = await shopper();
    const body = (await dealAnswer(s, TABLET)).json();
    expect(body.entity.buyingOptions).toHaveLength(1);
    const option = lightningDealBuyingOption.parse(body.entity.buyingOptions[0]);
    expect(option.type).toBe('LIGHTNING_DEAL');
    expect(option.dealDetails).toMatchObject({
      dealId: TABLET.dealId,
      type: 'LIGHTNING_DEAL',
      state: 'AVAILABLE',
      startTime: T0 - 60 * MIN,
      endTime: T0 + 360 * MIN,
      percentClaimed: 30,
      percentClaimedMessage: '30% claimed',
      earlyAccessDurationInMilliseconds: 0,
      maxPerCustomer: 2,
      accessible: true,
    });
    expect(option.dealDetails.dealPrice.displayString).toBe('$97.99');
    expect(option.callToAction).toEqual({
      addToCart: { data: { canAddToCart: true, offerListingId: TABLET.offerListingId } },
    });
    expect(option.dealCustomerStatus).toEqual({ state: 'NONE', quantity: 0, claimableQuantity: 2 });
  });

  test('DEAL-005 DEAL-006 deal details carry type, times, access behaviour, early access and percent claimed', async () => {
    const s = await shopper();
    const stick = lightningDealBuyingOption.parse(
      (await dealAnswer(s, STICK)).json().entity.buyingOptions[0],
    );
    expect(stick.dealDetails).toMatchObject({
      state: 'UPCOMING',
      accessBehavior: 'PRIME_EARLY_ACCESS',
      earlyAccessDurationInMilliseconds: 30 * MIN,
      startTime: T0 + 33 * MIN,
      endTime: T0 + 240 * MIN,
      percentClaimed: 0,
      percentClaimedMessage: '0% claimed',
    });
    const camera = lightningDealBuyingOption.parse(
      (await dealAnswer(s, CAMERA)).json().entity.buyingOptions[0],
    );
    expect(camera.dealDetails).toMatchObject({ state: 'WAITLISTFULL', percentClaimed: 100 });
    const reader = lightningDealBuyingOption.parse(
      (await dealAnswer(s, READER)).json().entity.buyingOptions[0],
    );
    expect(reader.dealDetails).toMatchObject({
      accessBehavior: 'PRIME_ONLY',
      accessible: false,
      maxPerCustomer: 1,
    });
    expect(reader.callToAction?.addToCart.data.canAddToCart).toBe(false);
    const plugs = lightningDealBuyingOption.parse(
      (await dealAnswer(s, PLUGS)).json().entity.buyingOptions[0],
    );
    expect(plugs.dealDetails).toMatchObject({ state: 'AVAILABLE', accessBehavior: 'APP_ONLY_LD' });
    expect(plugs.callToAction?.addToCart.data.canAddToCart).toBe(false);
    const inApp = (await dealAnswer(s, PLUGS, { 'x-device-type': 'app' })).json().entity.buyingOptions[0];
    expect(inApp.callToAction.addToCart.data.canAddToCart).toBe(true);
  });

  test('DEAL-021 a Prime member is sent the early start; DEAL-022 a non-member the public start', async () => {
    const prime = await signedIn(primeAccount.email, primeAccount.password);
    const member = (await dealAnswer(prime, STICK)).json().entity.buyingOptions[0];
    expect(member.dealDetails.startTime).toBe(T0 + 3 * MIN);
    const other = (await dealAnswer(await shopper(), STICK)).json().entity.buyingOptions[0];
    expect(other.dealDetails.startTime).toBe(T0 + 33 * MIN);
  });

  test('DEAL-036 the plain product answer leaves deal offers out and stays shared; the deal answer is never cached', async () => {
    const s = await shopper();
    const plain = await s.request({ method: 'GET', url: `/api/marketplaces/${US}/products/${TABLET.asin}` });
    expect(plain.json().entity.buyingOptions.map((o: { type: string }) => o.type)).not.toContain(
      'LIGHTNING_DEAL',
    );
    const deal = await dealAnswer(s, TABLET);
    expect(deal.headers['cache-control']).toBe('private, no-store');
  });

  test('DEAL-039 DEAL-009 a claim holds units in the cart at the deal price and answers INCART with msUntilExpiration', async () => {
    const s = await shopper();
    const before = (await dealRow(TABLET.dealId)).claimed_units;
    const response = await claim(s, TABLET, { asin: TABLET.asin, quantity: 2 });
    expect(response.statusCode).toBe(200);
    const body = claimResponse.parse(response.json());
    expect(CLAIM_CUSTOMER_STATES).toContain(body.entity.customerState);
    expect(CLAIM_DEAL_ASIN_STATES).toContain(body.entity.dealAsinState);
    expect(body.entity).toMatchObject({
      customerState: 'INCART',
      dealAsinState: 'AVAILABLE',
      msUntilExpiration: DEAL_HOLD_MS,
      quantity: 2,
    });
    expect((await dealRow(TABLET.dealId)).claimed_units).toBe(before + 2);
    const lines = await cartLines(s);
    expect(lines).toEqual([
      expect.objectContaining({
        id: body.entity.cartItemId,
        asin: TABLET.asin,
        offerListingId: TABLET.offerListingId,
        quantity: 2,
      }),
    ]);
    expect(lines[0]?.price.amount).toBe(97.99);
    expect(await s.cartCount()).toBe(2);

    const status = (await dealAnswer(s, TABLET)).json().entity.buyingOptions[0];
    expect(status.dealCustomerStatus).toEqual({
      state: 'IN_CART',
      expiryTime: T0 + DEAL_HOLD_MS,
      quantity: 2,
      claimableQuantity: 0,
    });
    // DEAL-020: an in-cart deal has no call to action.
    expect(status.callToAction).toBeUndefined();
  });

  test('DEAL-039 claiming again while holding answers the same hold and takes nothing more', async () => {
    const s = await shopper();
    const first = (await claim(s, TABLET)).json();
    const before = (await dealRow(TABLET.dealId)).claimed_units;
    ctx.clock.now += 60_000;
    const again = await claim(s, TABLET);
    ctx.clock.now -= 60_000;
    expect(again.statusCode).toBe(200);
    expect(again.json().entity).toMatchObject({
      customerState: 'INCART',
      cartItemId: first.entity.cartItemId,
      msUntilExpiration: DEAL_HOLD_MS - 60_000,
    });
    expect((await dealRow(TABLET.dealId)).claimed_units).toBe(before);
  });

  test('DEAL-039 optional installmentsProgramId and devicePreRegistered travel with the cart line', async () => {
    const s = await shopper();
    const response = await claim(s, TABLET, {
      asin: TABLET.asin,
      quantity: 1,
      installmentsProgramId: 'NIMBUS_5_PAY',
      devicePreRegistered: true,
    });
    expect(response.statusCode).toBe(200);
    const items = (
      await s.request({ method: 'GET', url: `/api/marketplaces/${US}/cart/items?cartTypes=RETAIL` })
    ).json().entity.items;
    expect(items[0].additionalParameters).toEqual({
      installments: { programId: 'NIMBUS_5_PAY' },
      devicePreregistration: { selected: true },
    });
  });

  test('DEAL-042 DEAL-044 over the per-customer limit answers the quantity-restriction type with entity.status', async () => {
    const s = await shopper();
    const response = await claim(s, TABLET, { asin: TABLET.asin, quantity: 3 });
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.type).toBe(CLAIM_QUANTITY_RESTRICTION_ERROR);
    expect(body.entity).toMatchObject({ status: 422, reason: 'QUANTITY_LIMIT' });
    expect(body.error).toEqual({ code: 'deal_quantity_restriction_violation', message: expect.any(String) });
    expect(await s.cartCount()).toBe(0);
  });

  test('DEAL-025 DEAL-042 a Prime-only deal refuses a shopper without Prime and holds for a Prime member', async () => {
    const anonymous = await shopper();
    const refused = await claim(anonymous, READER);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      type: CLAIM_QUANTITY_RESTRICTION_ERROR,
      entity: { status: 403, reason: 'PRIME_ONLY' },
    });
    const nonMember = await signedIn(shopperAccount.email, shopperAccount.password);
    expect((await claim(nonMember, READER)).statusCode).toBe(403);
    const prime = await signedIn(primeAccount.email, primeAccount.password);
    const held = await claim(prime, READER);
    expect(held.statusCode).toBe(200);
    expect(held.json().entity.customerState).toBe('INCART');
    // 1 per customer: the member asks for 2 elsewhere → refused by the limit.
    const other = await signedIn(primeAccount.email, primeAccount.password);
    expect((await claim(other, READER)).json().entity.customerState).toBe('INCART');
  });

  test('DEAL-024 DEAL-021 DEAL-044 in the early-access window only Prime members may claim; before it nobody', async () => {
    const prime = await signedIn(primeAccount.email, primeAccount.password);
    const nonMember = await shopper();
    ctx.clock.now = T0 + MIN;
    const early = await claim(prime, STICK);
    expect(early.statusCode).toBe(409);
    // DEAL-044: entity.status repeats the HTTP status for every refusal.
    expect(early.json()).toMatchObject({
      type: 'deal.claim.deal-not-active.error/v1',
      entity: { status: 409, reason: 'NOT_STARTED' },
      error: { code: 'deal_not_active' },
    });
    ctx.clock.now = T0 + 5 * MIN;
    const refused = await claim(nonMember, STICK);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      type: CLAIM_QUANTITY_RESTRICTION_ERROR,
      entity: { status: 403, reason: 'PRIME_EARLY_ACCESS' },
    });
    const status = (await dealAnswer(nonMember, STICK)).json().entity.buyingOptions[0];
    expect(status.dealDetails).toMatchObject({ state: 'UPCOMING', accessible: false });
    expect((await claim(prime, STICK)).statusCode).toBe(200);
    ctx.clock.now = T0 + 34 * MIN;
    expect((await claim(nonMember, STICK)).statusCode).toBe(200);
    ctx.clock.now = T0;
  });

  test('DEAL-039 an app-only deal is claimed only from the app', async () => {
    const s = await shopper();
    const refused = await claim(s, PLUGS);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      type: CLAIM_QUANTITY_RESTRICTION_ERROR,
      entity: { reason: 'APP_ONLY' },
    });
    const mobile = await claim(s, PLUGS, undefined, {
      headers: { 'user-agent': 'Mozilla/5.0 (iPhone) Mobile Safari' },
    });
    expect(mobile.statusCode).toBe(403);
    const app = await claim(s, PLUGS, undefined, {
      headers: { 'user-agent': 'Mozilla/5.0 PdpStoreApp/3.1 (iPhone)' },
    });
    expect(app.statusCode).toBe(200);
  });

  test('DEAL-034 a claim needs the deal id, the item id, the purchase tag and a quantity', async () => {
    const s = await shopper();
    const noRef = await claim(s, TABLET, undefined, { query: '' });
    expect(noRef.statusCode).toBe(400);
    expect(noRef.json().error.code).toBe('invalid_request');
    const noAsin = await claim(s, TABLET, { quantity: 1 });
    expect(noAsin.statusCode).toBe(400);
    expect(noAsin.json().error.field).toBe('asin');
    const noQuantity = await claim(s, TABLET, { asin: TABLET.asin });
    expect(noQuantity.statusCode).toBe(400);
    expect(noQuantity.json().error.field).toBe('quantity');
    const noDeal = await s.request({
      method: 'POST',
      url: `/api/marketplaces/${US}/deals//claim-and-add-to-cart?ref=x`,
      headers: { 'content-type': 'application/json', 'x-csrf-token': s.csrfToken },
      payload: JSON.stringify({ asin: TABLET.asin, quantity: 1 }),
    });
    expect(noDeal.statusCode).toBe(400);
    expect(await s.cartCount()).toBe(0);
  });

  test('DEAL-034 bad claim input answers 400 (or 404/403) with the error shape and changes nothing', async () => {
    const s = await shopper();
    const before = (await dealRow(TABLET.dealId)).claimed_units;
    for (const body of [
      { asin: TABLET.asin, quantity: 0 },
      { asin: TABLET.asin, quantity: -1 },
      { asin: TABLET.asin, quantity: 1.5 },
      { asin: TABLET.asin, quantity: '1' },
      { asin: TABLET.asin, quantity: 100 },
      { asin: '', quantity: 1 },
      { asin: TABLET.asin, quantity: 1, extra: true },
      { asin: TABLET.asin, quantity: 1, devicePreRegistered: 'yes' },
      { asin: TABLET.asin, quantity: 1, installmentsProgramId: '' },
    ]) {
      const response = await claim(s, TABLET, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'invalid_request', message: expect.any(String) });
    }
    const malformed = await claim(s, TABLET, undefined, { payload: '{"asin":' });
    expect(malformed.statusCode).toBe(400);
    const badRef = await claim(s, TABLET, undefined, { query: '?ref=%3Cscript%3E' });
    expect(badRef.statusCode).toBe(400);
    const wrongAsin = await claim(s, TABLET, { asin: PLAIN, quantity: 1 });
    expect(wrongAsin.statusCode).toBe(404);
    expect(wrongAsin.json()).toMatchObject({
      entity: { status: 404, reason: 'NOT_FOUND' },
      error: { code: 'deal_not_found' },
    });
    const unknownDeal = await claim(s, { ...TABLET, dealId: 'LD-NOPE' });
    expect(unknownDeal.statusCode).toBe(404);
    const unknownMarketplace = await s.request({
      method: 'POST',
      url: `/api/marketplaces/NOPE/deals/${TABLET.dealId}/claim-and-add-to-cart?ref=x`,
      headers: { 'content-type': 'application/json', 'x-csrf-token': s.csrfToken },
      payload: JSON.stringify({ asin: TABLET.asin, quantity: 1 }),
    });
    expect(unknownMarketplace.statusCode).toBe(404);
    const noCsrf = await claim(s, TABLET, undefined, { headers: { 'x-csrf-token': '' } });
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json().error.code).toBe('csrf_token_invalid');
    expect((await dealRow(TABLET.dealId)).claimed_units).toBe(before);
    expect(await s.cartCount()).toBe(0);
    const badQuery = await s.request({
      method: 'GET',
      url: `/api/marketplaces/${US}/products/${TABLET.asin}?buyingOptionTypes=LIGHTNING_DEALS`,
    });
    expect(badQuery.statusCode).toBe(400);
  });

  test('DEAL-039 /api/openapi.json documents the claim call from its zod contracts', async () => {
    const s = await shopper();
    const doc = (await s.request({ method: 'GET', url: '/api/openapi.json' })).json();
    const path = doc.paths['/api/marketplaces/{marketplaceId}/deals/{dealId}/claim-and-add-to-cart'];
    expect(path?.post).toBeDefined();
    expect(JSON.stringify(path.post.requestBody)).toContain('DealClaimRequest');
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining(['DealClaimRequest', 'DealClaimResponse', 'DealClaimError', 'DealDetails']),
    );
  });

  test('DEAL-040 the cart count call answers entity.items after a claim', async () => {
    const s = await shopper();
    await claim(s, TABLET, { asin: TABLET.asin, quantity: 2 });
    const response = await s.request({ method: 'GET', url: `/api/marketplaces/${US}/cart/count` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ type: 'cart.count/v1', entity: { items: 2 } });
  });

  test('DEAL-041 cart add-items with ?ref= answers cart.add-items/v1 with the count; a deal offer needs a claim', async () => {
    const s = await shopper();
    const added = await s.addItems(
      [{ asin: TABLET.asin, offerListingId: `OL-${TABLET.asin}-NEW`, quantity: 1, additionalParameters: {} }],
      {
        query: '?ref=ldabb',
      },
    );
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({
      type: 'cart.add-items/v1',
      entity: { count: { entity: { items: 1 } } },
    });
    const dealOffer = await s.addItems(
      [{ asin: TABLET.asin, offerListingId: TABLET.offerListingId, quantity: 1 }],
      {
        query: '?ref=ldabb',
      },
    );
    expect(dealOffer.statusCode).toBe(422);
    expect(dealOffer.json().error.code).toBe('deal_claim_required');
    const empty = await s.addItems([], { query: '?ref=ldabb' });
    expect(empty.statusCode).toBe(400);
  });

  test('DEAL-039 DEAL-009 a sold-out deal puts the shopper on the waitlist: PENDINGATC, WAITLISTFULL, place in line', async () => {
    const a = await shopper();
    const b = await shopper();
    const first = await claim(a, CAMERA);
    expect(first.statusCode).toBe(200);
    expect(first.json().entity).toMatchObject({
      customerState: 'PENDINGATC',
      dealAsinState: 'WAITLISTFULL',
      waitlistPosition: 1,
    });
    const second = (await claim(b, CAMERA)).json().entity;
    expect(second.waitlistPosition).toBe(2);
    const status = (await dealAnswer(b, CAMERA)).json().entity.buyingOptions[0].dealCustomerStatus;
    expect(status).toMatchObject({ state: 'PENDING_ADD_TO_CART', waitlistPosition: 2, quantity: 1 });
    expect(await a.cartCount()).toBe(0);
  });
});

describe.each(dialects)('deal holds over time on %s', (dialect) => {
  let ctx: TestContext;
  // The file's own deals and accounts, shaped like the demo ones (see createDealWorld).
  let TABLET: Deal;
  let STICK: Deal;
  let primeAccount: CreatedCustomer;
  let shopperAccount: CreatedCustomer;
  let businessAccount: CreatedCustomer;
  beforeAll(async () => {
    ctx = await createTestApp(dialect, { seed: false });
    ({ TABLET, STICK, primeAccount, shopperAccount, businessAccount } = await createDealWorld(ctx));
  });
  afterAll(() => ctx?.close());

  const shopper = async () => {
    const s = new Shopper(ctx.app);
    await s.visit(`/dp/${TABLET.asin}`);
    return s;
  };
  const claim = (s: Shopper, quantity: number) =>
    s.request({
      method: 'POST',
      url: `/api/marketplaces/${US}/deals/${TABLET.dealId}/claim-and-add-to-cart?ref=dp_ld_claim`,
      headers: { 'content-type': 'application/json', 'x-csrf-token': s.csrfToken },
      payload: JSON.stringify({ asin: TABLET.asin, quantity }),
    });
  const status = async (s: Shopper) =>
    (
      await s.request({
        method: 'GET',
        url: `/api/marketplaces/${US}/products/${TABLET.asin}?buyingOptionTypes=LIGHTNING_DEAL&offerListingId=${TABLET.offerListingId}`,
      })
    ).json().entity.buyingOptions[0];
  const dealOrderLines = async () =>
    (
      await ctx.store.db
        .selectFrom('order_items')
        .select('id')
        .where('offer_id', '=', TABLET.offerListingId)
        .execute()
    ).length;
  const claimed = async () =>
    (
      await ctx.store.db
        .selectFrom('deals')
        .select('claimed_units')
        .where('id', '=', TABLET.dealId)
        .executeTakeFirstOrThrow()
    ).claimed_units;

  test('DEAL-039 expired holds return their units, which go to the waitlist in order', async () => {
    ctx.clock.now = T0;
    // Leave 3 units free.
    await ctx.store.db
      .updateTable('deals')
      .set({ claimed_units: 197 })
      .where('id', '=', TABLET.dealId)
      .execute();
    const holder = await shopper();
    expect((await claim(holder, 2)).json().entity.customerState).toBe('INCART');
    const early = await shopper();
    expect((await claim(early, 1)).json().entity.customerState).toBe('INCART');
    expect(await claimed()).toBe(200);
    const first = await shopper();
    const second = await shopper();
    const third = await shopper();
    ctx.clock.now = T0 + MIN;
    expect((await claim(first, 1)).json().entity).toMatchObject({
      customerState: 'PENDINGATC',
      waitlistPosition: 1,
    });
    expect((await claim(second, 1)).json().entity).toMatchObject({
      customerState: 'PENDINGATC',
      waitlistPosition: 2,
    });
    expect((await claim(third, 2)).json().entity).toMatchObject({
      customerState: 'PENDINGATC',
      waitlistPosition: 3,
    });

    // Not yet: 1 ms before the first holds run out nothing moves.
    ctx.clock.now = T0 + DEAL_HOLD_MS - 1;
    expect((await status(first)).dealCustomerStatus.state).toBe('PENDING_ADD_TO_CART');
    expect(await claimed()).toBe(200);

    ctx.clock.now = T0 + DEAL_HOLD_MS;
    const holderNow = await status(holder);
    expect(holderNow.dealCustomerStatus.state).toBe('EXPIRED');
    expect(await holder.cartCount()).toBe(0);
    // 3 units came back: the first two in line get theirs; the third needs 2 of the 1 left and waits.
    expect((await status(first)).dealCustomerStatus).toMatchObject({
      state: 'IN_CART',
      quantity: 1,
      expiryTime: T0 + 2 * DEAL_HOLD_MS,
    });
    expect(await first.cartCount()).toBe(1);
    expect((await status(second)).dealCustomerStatus.state).toBe('IN_CART');
    expect((await status(third)).dealCustomerStatus).toMatchObject({
      state: 'PENDING_ADD_TO_CART',
      waitlistPosition: 1,
    });
    expect(await claimed()).toBe(199);

    // The expired shopper may claim again, behind the queue.
    expect((await claim(holder, 1)).json().entity).toMatchObject({
      customerState: 'PENDINGATC',
      waitlistPosition: 2,
    });
    ctx.clock.now = T0 + DEAL_HOLD_MS + MIN;
  });

  test('DEAL-039 a removed deal line returns its units at once; an order keeps them past the hold', async () => {
    ctx.clock.now = T0 + 2 * DEAL_HOLD_MS + 2 * MIN;
    await ctx.store.db
      .updateTable('deals')
      .set({ claimed_units: 100 })
      .where('id', '=', TABLET.dealId)
      .execute();
    await ctx.store.db.deleteFrom('deal_claims').where('deal_id', '=', TABLET.dealId).execute();
    const s = new Shopper(ctx.app);
    await s.signIn(primeAccount.email, primeAccount.password);
    await s.visit(`/dp/${TABLET.asin}`);
    const held = (await claim(s, 2)).json().entity;
    expect(held.customerState).toBe('INCART');
    expect(await claimed()).toBe(102);
    const changed = await s.postForm('/gp/cart/update.html', { lineId: held.cartItemId, quantity: '1' });
    expect(changed.statusCode).toBe(303);
    const location = new URL(changed.headers.location as string, 'http://store.test');
    expect(location.searchParams.get('error')).toBe('The quantity of a deal is set when you claim it.');
    expect(await s.cartCount()).toBe(2);
    await s.postForm('/gp/cart/update.html', { lineId: held.cartItemId, action: 'delete' });
    expect(await claimed()).toBe(100);
    expect((await status(s)).dealCustomerStatus.state).toBe('EXPIRED');

    const again = (await claim(s, 2)).json().entity;
    expect(again.customerState).toBe('INCART');
    await s.visit('/gp/cart/view.html');
    const placed = await s.postForm('/gp/buy/spc/handlers/place-order.html', { source: 'cart', ...ADDRESS });
    expect(placed.statusCode).toBe(303);
    const order = await ctx.store.db
      .selectFrom('order_items')
      .selectAll()
      .where('offer_id', '=', TABLET.offerListingId)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({ quantity: 2, unit_price_minor: 9799 });
    ctx.clock.now += 2 * DEAL_HOLD_MS;
    const after = await status(s);
    expect(after.dealCustomerStatus).toMatchObject({ state: 'CLAIMED', quantity: 2, claimableQuantity: 0 });
    expect(await claimed()).toBe(102);
    const refused = await claim(s, 1);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().type).toBe(CLAIM_QUANTITY_RESTRICTION_ERROR);
  });

  test('DEAL-039 a line removed from the cart serves the waitlist at once', async () => {
    await ctx.store.db.deleteFrom('deal_claims').where('deal_id', '=', TABLET.dealId).execute();
    await ctx.store.db
      .updateTable('deals')
      .set({ claimed_units: 199 })
      .where('id', '=', TABLET.dealId)
      .execute();
    const holder = await shopper();
    const held = (await claim(holder, 1)).json().entity;
    expect(held.customerState).toBe('INCART');
    const waiting = await shopper();
    expect((await claim(waiting, 1)).json().entity.customerState).toBe('PENDINGATC');
    await holder.visit('/gp/cart/view.html');
    await holder.postForm('/gp/cart/update.html', { lineId: held.cartItemId, action: 'delete' });
    expect(await holder.cartCount()).toBe(0);
    expect(await waiting.cartCount()).toBe(1);
    expect((await status(waiting)).dealCustomerStatus.state).toBe('IN_CART');
    expect(await claimed()).toBe(200);
    await ctx.store.db.deleteFrom('deal_claims').where('deal_id', '=', TABLET.dealId).execute();
    await ctx.store.db.deleteFrom('cart_items').where('offer_id', '=', TABLET.offerListingId).execute();
    await ctx.store.db
      .updateTable('deals')
      .set({ claimed_units: 100 })
      .where('id', '=', TABLET.dealId)
      .execute();
  });

  test('DEAL-039 the cart page never shows a hold that ran out at the deal price', async () => {
    const s = await shopper();
    const before = await claimed();
    const held = (await claim(s, 1)).json().entity;
    expect(held.customerState).toBe('INCART');
    const inCart = await s.visit('/gp/cart/view.html');
    expect(inCart.body).toContain('$97.99');
    const saved = ctx.clock.now;
    ctx.clock.now += DEAL_HOLD_MS;
    // The cart page is the first thing to look at the deal after the hold ran out.
    const after = await s.visit('/gp/cart/view.html');
    expect(after.body).not.toContain('$97.99');
    expect(await claimed()).toBe(before);
    ctx.clock.now = saved;
  });

  test('DEAL-039 signing in takes the anonymous hold along: the customer orders it and the limit follows them', async () => {
    const s = await shopper();
    const held = (await claim(s, 2)).json().entity;
    expect(held.customerState).toBe('INCART');
    await s.signIn(businessAccount.email, businessAccount.password);
    await s.visit(`/dp/${TABLET.asin}`);
    expect((await status(s)).dealCustomerStatus).toMatchObject({ state: 'IN_CART', quantity: 2 });
    const again = (await claim(s, 1)).json().entity;
    expect(again).toMatchObject({ customerState: 'INCART', cartItemId: held.cartItemId, quantity: 2 });
    const placed = await s.postForm('/gp/buy/spc/handlers/place-order.html', { source: 'cart', ...ADDRESS });
    expect(placed.statusCode).toBe(303);
    expect((await status(s)).dealCustomerStatus).toMatchObject({ state: 'CLAIMED', quantity: 2 });
  });

  test('DEAL-014 the server answers UPCOMING before the start and AVAILABLE once it passes', async () => {
    const s = await shopper();
    const stick = () =>
      s.request({
        method: 'GET',
        url: `/api/marketplaces/${US}/products/${STICK.asin}?buyingOptionTypes=LIGHTNING_DEAL&offerListingId=OL-${STICK.asin}-LD`,
      });
    const saved = ctx.clock.now;
    ctx.clock.now = T0 + 33 * MIN - 1;
    expect((await stick()).json().entity.buyingOptions[0].dealDetails.state).toBe('UPCOMING');
    ctx.clock.now = T0 + 33 * MIN;
    expect((await stick()).json().entity.buyingOptions[0].dealDetails.state).toBe('AVAILABLE');
    ctx.clock.now = saved;
  });

  test('DEAL-017 once the deal is over the product call returns no lightning deal and the page no deal setup', async () => {
    const s = await shopper();
    const saved = ctx.clock.now;
    ctx.clock.now = T0 + 360 * MIN;
    expect((await status(s)) ?? null).toBeNull();
    const page = await s.visit(`/dp/${TABLET.asin}`);
    expect(page.body).not.toContain(`"dealId":"LD-${TABLET.asin}"`);
    const claimed = await claim(s, 1);
    expect(claimed.statusCode).toBe(409);
    expect(claimed.json().entity.reason).toBe('ENDED');
    ctx.clock.now = saved;
  });

  test('DEAL-039 an order after the hold ran out is refused at the deal price', async () => {
    const s = new Shopper(ctx.app);
    await s.signIn(shopperAccount.email, shopperAccount.password);
    await s.visit(`/dp/${TABLET.asin}`);
    expect((await claim(s, 1)).json().entity.customerState).toBe('INCART');
    const ordersBefore = await dealOrderLines();
    ctx.clock.now += DEAL_HOLD_MS + 1;
    const placed = await s.postForm('/gp/buy/spc/handlers/place-order.html', { source: 'cart', ...ADDRESS });
    // Refused (409), and back to the checkout URL to say so (decision 0015).
    expect(placed.statusCode).toBe(303);
    expect(placed.headers['x-order-refused']).toBe('409');
    expect(placed.headers.location).toBe('/gp/buy/spc/handlers/display.html');
    expect((await s.visit(placed.headers.location as string)).body).toContain(
      'This item is no longer available.',
    );
    expect(await dealOrderLines()).toBe(ordersBefore);
  });
});

describe.each(dialects)('one deal state for the product answer, the page and the claim on %s', (dialect) => {
  let ctx: TestContext;
  // The file's own deals and accounts, shaped like the demo ones (see createDealWorld).
  let TABLET: Deal;
  beforeAll(async () => {
    ctx = await createTestApp(dialect, { seed: false });
    ({ TABLET } = await createDealWorld(ctx));
  });
  afterAll(() => ctx?.close());

  const shopper = async () => {
    const s = new Shopper(ctx.app);
    await s.visit(`/dp/${TABLET.asin}`);
    return s;
  };
  const claim = (s: Shopper, quantity: number) =>
    s.request({
      method: 'POST',
      url: `/api/marketplaces/${US}/deals/${TABLET.dealId}/claim-and-add-to-cart?ref=dp_ld_claim`,
      headers: { 'content-type': 'application/json', 'x-csrf-token': s.csrfToken },
      payload: JSON.stringify({ asin: TABLET.asin, quantity }),
    });
  const setClaimed = (units: number) =>
    ctx.store.db.updateTable('deals').set({ claimed_units: units }).where('id', '=', TABLET.dealId).execute();

  test('DEAL-006 DEAL-009 after a rush leaves one unit free and a waitlist, every answer says WAITLISTFULL', async () => {
    ctx.clock.now = T0;
    await setClaimed(200);
    // A shopper waits for 2 units; then 1 comes back: not enough for the head of the queue.
    const waiting = await shopper();
    expect((await claim(waiting, 2)).json().entity.customerState).toBe('PENDINGATC');
    await setClaimed(199);

    const late = await shopper();
    const answer = lightningDealBuyingOption.parse(
      (
        await late.request({
          method: 'GET',
          url: `/api/marketplaces/${US}/products/${TABLET.asin}?buyingOptionTypes=LIGHTNING_DEAL&offerListingId=${TABLET.offerListingId}`,
        })
      ).json().entity.buyingOptions[0],
    );
    expect(answer.dealDetails).toMatchObject({ state: 'WAITLISTFULL', percentClaimed: 100 });
    expect(answer.callToAction?.addToCart.data.canAddToCart).toBe(false);

    const page = dealSetup.parse(
      JSON.parse(
        /<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(
          (await late.visit(`/dp/${TABLET.asin}`)).body,
        )?.[1] ?? '{}',
      ).deal,
    );
    expect(page.initialBuyingOption.dealDetails).toMatchObject({
      state: 'WAITLISTFULL',
      percentClaimed: 100,
    });

    expect((await claim(late, 1)).json().entity).toMatchObject({
      customerState: 'PENDINGATC',
      dealAsinState: 'WAITLISTFULL',
      waitlistPosition: 2,
    });
  });
});
