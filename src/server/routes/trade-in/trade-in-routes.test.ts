import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCustomer } from '../../../../tests/factories/customer-factory';
import { createProduct } from '../../../../tests/factories/product-factory';
import {
  ANSWERS,
  createTradeInDevice,
  createTradeInDevices,
} from '../../../../tests/factories/trade-in-factory';
import { createTestApp, Shopper, type TestContext } from '../../../../tests/helpers/test-app';
import { dialects } from '../../../../tests/helpers/test-store';
import { TRADE_IN_CONDITIONS, TRADE_IN_PATHS } from '../../../shared/trade-in-constants';
import { giftCardBalance, giftCardLedgerSum } from '../../db/repositories/gift-card-repository';
import { addPastPurchases, refTagCount } from '../../db/repositories/trade-in-repository';
import { receiveTradeIn } from '../../services/trade-in/trade-in-operator';

const DAY = 86_400_000;
/** The devices a factory made, each one there (the factory makes one per entry). */
const tuple = <T>(list: T[]) => list as [T, T, T];
const quiet = { warn: () => {} };

describe.each(dialects)('trade-in calls on %s', (dialect) => {
  let ctx: TestContext;
  let page = '';
  beforeAll(async () => {
    ctx = await createTestApp(dialect, { seed: false });
    page = `/dp/${(await createProduct(ctx.store.db)).asin}`;
  });
  afterAll(() => ctx?.close());

  const signedIn = async () => {
    const customer = await createCustomer(ctx.store.db, { postalCode: '98109' });
    const s = new Shopper(ctx.app);
    await s.signIn(customer.email, customer.password);
    await s.visit(page);
    return Object.assign(s, { customerId: customer.id });
  };
  const get = (s: Shopper, url: string) => s.request({ method: 'GET', url });
  const post = (s: Shopper, url: string, body: unknown = {}) =>
    s.request({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', 'x-csrf-token': s.csrfToken },
      payload: JSON.stringify(body),
    });
  const add = (
    s: Shopper,
    asin: string,
    answers: Record<string, string> = ANSWERS.LikeNew,
    appraisal?: boolean,
  ) => post(s, TRADE_IN_PATHS.cartAdd, { asin, answers, ...(appraisal === undefined ? {} : { appraisal }) });
  const cartOf = async (s: Shopper) => (await get(s, TRADE_IN_PATHS.cart)).json();
  const balanceOf = (customerId: string) => giftCardBalance(ctx.store.db, customerId);

  test('TI-030 every trade-in call answers 401 with the JSON error when signed out', async () => {
    const device = await createTradeInDevice(ctx.store.db);
    const s = new Shopper(ctx.app);
    await s.visit('/gp/sign-in.html');
    const gets = [
      `${TRADE_IN_PATHS.getCustomerItems}?productGroup=gl_wireless&deviceType=web`,
      `${TRADE_IN_PATHS.search}?productGroup=gl_wireless`,
      `${TRADE_IN_PATHS.refinements}?productGroup=gl_wireless`,
      `${TRADE_IN_PATHS.questions}?asin=${device.asin}&productGroup=gl_wireless`,
      `${TRADE_IN_PATHS.offer}?asin=${device.asin}&condition=Good`,
      TRADE_IN_PATHS.cart,
      TRADE_IN_PATHS.review,
      TRADE_IN_PATHS.tradeIns,
      `${TRADE_IN_PATHS.tradeIns}/TI-NOPE`,
      `${TRADE_IN_PATHS.dropOffLocations}?postalCode=98109`,
      TRADE_IN_PATHS.balance,
    ];
    for (const url of gets) {
      const response = await get(s, url);
      expect(response.statusCode, url).toBe(401);
      expect(response.json().error.code, url).toBe('sign_in_required');
    }
    for (const [url, body] of [
      [TRADE_IN_PATHS.cartAdd, { asin: device.asin, answers: ANSWERS.LikeNew }],
      [TRADE_IN_PATHS.cartRemove, { itemId: 'x' }],
      [TRADE_IN_PATHS.submit, {}],
      [`${TRADE_IN_PATHS.tradeIns}/TI-NOPE/appraisal`, { choice: 'ACCEPT_WORSE' }],
    ] as const) {
      expect((await post(s, url, body)).statusCode, url).toBe(401);
    }
  });

  test('TI-026 a missing product group is refused 400 naming productGroup; TI-025 the general error view', async () => {
    const s = await signedIn();
    for (const path of [TRADE_IN_PATHS.getCustomerItems, TRADE_IN_PATHS.search, TRADE_IN_PATHS.refinements]) {
      const response = await get(s, `${path}?deviceType=web&ref_=dp_ti`);
      expect(response.statusCode, path).toBe(400);
      expect(response.json().error.field, path).toBe('productGroup');
    }
    const error = await get(s, `${TRADE_IN_PATHS.generalError}?ref_=dp_ti`);
    expect(error.statusCode).toBe(200);
    expect(error.json()).toMatchObject({ view: 'generalError', message: expect.any(String) });
  });

  test('TI-022 recordRefTag answers 204 and only counts the tag', async () => {
    const s = new Shopper(ctx.app);
    const tag = `dp_ti_${Date.now()}`;
    const response = await get(s, `${TRADE_IN_PATHS.recordRefTag}?ref_=${tag}&deviceType=mobile`);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    await get(s, `${TRADE_IN_PATHS.recordRefTag}?ref_=${tag}`);
    expect(await refTagCount(ctx.store.db, tag)).toBe(2);
  });

  test('TI-023 TI-007 TI-012 TI-013 the eligible list: past purchases first, widget state echoed, the card only for gl_wireless', async () => {
    const [owned, other] = tuple(
      await createTradeInDevices(ctx.store.db, [
        { productGroup: 'gl_digital_products_3', title: 'Old speaker' },
        { productGroup: 'gl_digital_products_3', title: 'Another speaker' },
      ]),
    );
    const s = await signedIn();
    await addPastPurchases(ctx.store.db, s.customerId, [
      { deviceAsin: owned.asin, purchasedAt: Date.UTC(2022, 0, 1) },
    ]);
    const response = await get(
      s,
      `${TRADE_IN_PATHS.getCustomerItems}?deviceType=mobile&currentAsin=B0PDPSPK01&buyingPrice=4999&selectedAsin=B0PDPSPK01&productGroup=gl_digital_products_3&ref_=dp_ti&autoSearchTerm=nimbus&title=recycleAndSaveTitle`,
    );
    expect(response.statusCode).toBe(200);
    const view = response.json();
    expect(view).toMatchObject({
      view: 'eligibleList',
      productGroup: 'gl_digital_products_3',
      deviceType: 'mobile',
      title: 'recycleAndSaveTitle',
      asin: 'B0PDPSPK01',
      buyingPrice: 4999,
      selectedAsin: 'B0PDPSPK01',
      autoSearchTerm: 'nimbus',
      showCreditCardCard: false,
      searchAlias: 'ereaders',
    });
    expect(view.pastPurchases.map((d: { asin: string }) => d.asin)).toEqual([owned.asin]);
    expect(view.devices.map((d: { asin: string }) => d.asin)).toContain(other.asin);
    expect(view.devices.map((d: { asin: string }) => d.asin)).not.toContain(owned.asin);
    const wireless = await get(s, `${TRADE_IN_PATHS.getCustomerItems}?productGroup=gl_wireless`);
    expect(wireless.json()).toMatchObject({
      showCreditCardCard: true,
      deviceType: 'web',
      title: 'tanookiTitle',
    });
  });

  test('TI-033 TI-034 TI-035 TI-036 search pages: 20 classic, 15 new on desktop, 10 new on phones; rows of 3 and 2; alias ereaders', async () => {
    await createTradeInDevices(
      ctx.store.db,
      Array.from({ length: 25 }, (_, i) => ({
        productGroup: 'gl_digital_text' as const,
        title: `Reader ${i}`,
      })),
    );
    const s = await signedIn();
    const searchPage = async (query: string) =>
      (await get(s, `${TRADE_IN_PATHS.search}?productGroup=gl_digital_text&${query}`)).json();
    const classic = await searchPage('deviceType=web');
    expect(classic).toMatchObject({
      view: 'searchResults',
      q: 'ereaders',
      pageSize: 20,
      rowSize: 3,
      total: 25,
      page: 1,
    });
    expect(classic.items).toHaveLength(20);
    expect((await searchPage('deviceType=web&page=2')).items).toHaveLength(5);
    expect(await searchPage('deviceType=web&style=new')).toMatchObject({ pageSize: 15, rowSize: 3 });
    for (const deviceType of ['mobile', 'mobileWeb', 'mobileApp']) {
      const mobile = await searchPage(`deviceType=${deviceType}&style=new`);
      expect(mobile, deviceType).toMatchObject({ pageSize: 10, rowSize: 2 });
      expect(mobile.items).toHaveLength(10);
    }
    const narrowed = await searchPage('q=Reader%2017');
    expect(narrowed.items.map((d: { title: string }) => d.title)).toEqual(['Reader 17']);
    expect((await get(s, `${TRADE_IN_PATHS.search}?productGroup=gl_digital_text&page=0`)).statusCode).toBe(
      400,
    );
  });

  test('TI-005 TI-024 the refinements step brand → model → carrier → storage, each with its presentation', async () => {
    await createTradeInDevices(ctx.store.db, [
      { productGroup: 'gl_wireless', brand: 'Refco', model: 'R1', carrier: 'Unlocked', storage: '64 GB' },
      { productGroup: 'gl_wireless', brand: 'Refco', model: 'R1', carrier: 'Unlocked', storage: '128 GB' },
      { productGroup: 'gl_wireless', brand: 'Refco', model: 'R1', carrier: 'Verizon', storage: '64 GB' },
      { productGroup: 'gl_wireless', brand: 'Refco', model: 'R2', carrier: 'Unlocked', storage: '64 GB' },
    ]);
    const s = await signedIn();
    const step = async (query: string) =>
      get(s, `${TRADE_IN_PATHS.refinements}?productGroup=gl_wireless&deviceType=web&ref_=dp_ti&${query}`);
    const brand = (await step('')).json();
    expect(brand).toMatchObject({
      view: 'refinementSelection',
      step: 'brand',
      presentation: 'complexCard',
      item: null,
    });
    expect(brand.options.map((o: { value: string }) => o.value)).toContain('Refco');
    const model = (await step('brand=Refco')).json();
    expect(model).toMatchObject({ step: 'model', presentation: 'simpleCard' });
    expect(model.options.map((o: { value: string }) => o.value)).toEqual(['R1', 'R2']);
    const carrier = (await step('brand=Refco&model=R1')).json();
    expect(carrier).toMatchObject({ step: 'carrier', presentation: 'containedButton' });
    expect(carrier.options.map((o: { value: string }) => o.value).sort()).toEqual(['Unlocked', 'Verizon']);
    const storage = (await step('brand=Refco&model=R1&carrier=Unlocked')).json();
    expect(storage).toMatchObject({ step: 'storage', presentation: 'searchCard', item: null });
    expect(storage.options.map((o: { label: string }) => o.label).sort()).toEqual(['128 GB', '64 GB']);
    const one = (await step('brand=Refco&model=R1&carrier=Verizon')).json();
    expect(one.item).toMatchObject({
      brand: 'Refco',
      model: 'R1',
      refinements: { carrier: 'Verizon', storage: '64 GB' },
    });
    const unknown = await step('brand=Nobody');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.field).toBe('brand');
  });

  test('TI-008 TI-017 the questionnaire carries the offer of every condition in minor units and the optional appraisal', async () => {
    const device = await createTradeInDevice(ctx.store.db, { productGroup: 'gl_electronics', newValue: 200 });
    const s = await signedIn();
    const response = await get(
      s,
      `${TRADE_IN_PATHS.questions}?asin=${device.asin}&productGroup=gl_electronics`,
    );
    expect(response.statusCode).toBe(200);
    const view = response.json();
    expect(view).toMatchObject({
      view: 'conditionQuestionnaire',
      appraisalOptional: true,
      tradeInItemType: 'Test device',
    });
    expect(Object.keys(view.item.conditionOfferMap)).toEqual([...TRADE_IN_CONDITIONS]);
    expect(view.item.conditionOfferMap.New).toEqual({ tiv: 20_000, displayString: '$200.00' });
    expect(view.item.conditionOfferMap['Wrong Item']).toEqual({ tiv: 0, displayString: '$0.00' });
    expect(view.questions[0]).toEqual({
      id: 'sealed',
      text: 'Is it new in its sealed box?',
      answers: [
        { id: 'yes', label: 'Yes, sealed' },
        { id: 'no', label: 'No' },
      ],
    });
    const mismatch = await get(s, `${TRADE_IN_PATHS.questions}?asin=${device.asin}&productGroup=gl_wireless`);
    expect(mismatch.statusCode).toBe(400);
    expect(
      (await get(s, `${TRADE_IN_PATHS.questions}?asin=TINOSUCH01&productGroup=gl_wireless`)).statusCode,
    ).toBe(404);
  });

  test('TI-028 TI-009 an offer for a condition key: valid keys answer their tiv, an invalid key is refused 400', async () => {
    const device = await createTradeInDevice(ctx.store.db, { newValue: 100 });
    const s = await signedIn();
    const good = await get(s, `${TRADE_IN_PATHS.offer}?asin=${device.asin}&condition=Good`);
    expect(good.json()).toMatchObject({ condition: 'Good', tiv: 7_000, value: { displayString: '$70.00' } });
    const spaced = await get(
      s,
      `${TRADE_IN_PATHS.offer}?asin=${device.asin}&condition=${encodeURIComponent('Wrong Item')}`,
    );
    expect(spaced.json()).toMatchObject({ condition: 'Wrong Item', tiv: 0 });
    for (const bad of ['good', 'Excellent', 'WrongItem', '']) {
      const response = await get(
        s,
        `${TRADE_IN_PATHS.offer}?asin=${device.asin}&condition=${encodeURIComponent(bad)}`,
      );
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'invalid_condition', field: 'condition' });
    }
  });

  test('TI-032 TI-031 TI-019 five items fit; the 6th answers 204 and changes nothing; the cart warns it is full', async () => {
    const devices = await createTradeInDevices(
      ctx.store.db,
      Array.from({ length: 6 }, () => ({ productGroup: 'gl_video_games' as const, newValue: 50 })),
    );
    const s = await signedIn();
    for (const device of devices.slice(0, 5)) expect((await add(s, device.asin)).statusCode).toBe(200);
    const before = await cartOf(s);
    expect(before.items).toHaveLength(5);
    expect(before.warnings.map((w: { code: string }) => w.code)).toEqual(['maxItems']);
    const sixth = await add(s, devices[5]?.asin ?? '');
    expect(sixth.statusCode).toBe(204);
    expect(sixth.body).toBe('');
    expect(await cartOf(s)).toEqual(before);
  });

  test('TI-032 TI-031 ten parallel adds by one shopper leave exactly five items; the others answer 204', async () => {
    const devices = await createTradeInDevices(
      ctx.store.db,
      Array.from({ length: 10 }, () => ({ productGroup: 'gl_video_games' as const, newValue: 20 })),
    );
    const s = await signedIn();
    const answers = await Promise.all(devices.map((d) => add(s, d.asin)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(5);
    expect(answers.filter((a) => a.statusCode === 204)).toHaveLength(5);
    expect((await cartOf(s)).items).toHaveLength(5);
    const removed = (await cartOf(s)).items[0].itemId;
    expect((await post(s, TRADE_IN_PATHS.cartRemove, { itemId: removed })).statusCode).toBe(200);
    expect((await add(s, devices[0]?.asin ?? '')).statusCode).toBe(200);
    expect((await add(s, devices[1]?.asin ?? '')).statusCode).toBe(204);
  });

  test('TI-001 TI-008 an add quotes the condition the answers map to, every grade, and holds it 14 days', async () => {
    const device = await createTradeInDevice(ctx.store.db, {
      productGroup: 'gl_digital_text_2',
      newValue: 100,
    });
    const s = await signedIn();
    const response = await add(s, device.asin, ANSWERS.Good, true);
    expect(response.statusCode).toBe(200);
    const view = response.json();
    expect(view).toMatchObject({ view: 'selectedItems', justAdded: view.items[0].itemId, maxItems: 5 });
    expect(view.items[0]).toMatchObject({
      asin: device.asin,
      condition: 'Good',
      value: { minor: 7_000, currencyCode: 'USD', displayString: '$70.00' },
      paidNow: true,
      hazmat: false,
      appraisal: true,
    });
    expect(view.items[0].answers).toContainEqual({
      questionId: 'cosmetic',
      question: 'How does it look?',
      answerId: 'worn',
      answer: 'Heavy wear',
    });
    expect(Object.keys(view.items[0].conditionOfferMap)).toHaveLength(13);
    expect(Date.parse(view.quote.holdsUntil) - Date.parse(view.quote.quotedAt)).toBe(14 * DAY);
  });

  test('TI-019 refused adds (non-tradeable, mixed hazmat, quantity, gift-card value, bad answers, unknown device) change nothing', async () => {
    const [phone, battery, big] = tuple(
      await createTradeInDevices(ctx.store.db, [
        { productGroup: 'gl_wireless', newValue: 100 },
        { productGroup: 'gl_wireless', newValue: 100, hazmat: true },
        { productGroup: 'gl_wireless', newValue: 1_000 },
      ]),
    );
    const s = await signedIn();
    const refused = async (response: Awaited<ReturnType<typeof add>>, status: number, code: string) => {
      expect(response.statusCode, code).toBe(status);
      expect(response.json().error.code).toBe(code);
    };
    await refused(await add(s, phone.asin, ANSWERS.swollen), 422, 'nonTradeable');
    expect((await cartOf(s)).items).toHaveLength(0);
    expect((await add(s, phone.asin)).statusCode).toBe(200);
    const one = await cartOf(s);
    await refused(await add(s, battery.asin), 422, 'mixedHazmat');
    expect((await add(s, phone.asin)).statusCode).toBe(200);
    await refused(await add(s, phone.asin), 422, 'quantityExceeded');
    await refused(
      await add(s, big.asin, { sealed: 'yes', power: 'yes', cosmetic: 'none', battery: 'no' }),
      422,
      'maxGiftCardValue',
    );
    await refused(await add(s, phone.asin, { sealed: 'no' }), 400, 'invalid_answers');
    await refused(
      await add(s, phone.asin, { ...ANSWERS.LikeNew, cosmetic: 'shiny' }),
      400,
      'invalid_answers',
    );
    await refused(await add(s, 'TINOSUCH01'), 404, 'unknown_device');
    expect((await post(s, TRADE_IN_PATHS.cartAdd, { asin: 'lower', answers: {} })).statusCode).toBe(400);
    const after = await cartOf(s);
    expect(after.items).toHaveLength(2);
    expect(after.items[0]).toEqual(one.items[0]);
  });

  test('TI-023 the add takes a form body with the CSRF field; without the token it is refused 403', async () => {
    const device = await createTradeInDevice(ctx.store.db, { productGroup: 'gl_digital_text_2' });
    const s = await signedIn();
    const fields = Object.fromEntries(Object.entries(ANSWERS.Good).map(([q, a]) => [`answer.${q}`, a]));
    const form = await s.postForm(TRADE_IN_PATHS.cartAdd, { asin: device.asin, ...fields, appraisal: 'on' });
    expect(form.statusCode).toBe(200);
    expect(form.json().items[0]).toMatchObject({ condition: 'Good', appraisal: true });
    const noToken = await s.postForm(
      TRADE_IN_PATHS.cartAdd,
      { asin: device.asin, answers: JSON.stringify(ANSWERS.Good) },
      { csrf: false },
    );
    expect(noToken.statusCode).toBe(403);
    expect((await cartOf(s)).items).toHaveLength(1);
  });

  test('TI-016 TI-004 (server side) the flow: eligible list, questions, selected items, cart, review, submit, success, drop-off', async () => {
    const device = await createTradeInDevice(ctx.store.db, {
      productGroup: 'gl_digital_video_games',
      newValue: 40,
    });
    const s = await signedIn();
    const views: string[] = [];
    const list = (
      await get(s, `${TRADE_IN_PATHS.getCustomerItems}?productGroup=gl_digital_video_games`)
    ).json();
    views.push(list.view);
    const picked = list.devices.find((d: { asin: string }) => d.asin === device.asin);
    views.push(
      (
        await get(s, `${TRADE_IN_PATHS.questions}?asin=${picked.asin}&productGroup=gl_digital_video_games`)
      ).json().view,
    );
    views.push((await add(s, picked.asin, ANSWERS.Good)).json().view);
    views.push((await cartOf(s)).view);
    views.push((await get(s, TRADE_IN_PATHS.review)).json().view);
    const success = (await post(s, TRADE_IN_PATHS.submit)).json();
    views.push(success.view);
    expect(views).toEqual([
      'eligibleList',
      'conditionQuestionnaire',
      'selectedItems',
      'tradeInCart',
      'reviewOrder',
      'success',
    ]);
    const near = (await get(s, `${TRADE_IN_PATHS.dropOffLocations}?postalCode=98109`)).json();
    expect(near).toMatchObject({ postalCode: '98109' });
    expect(near.locations).toEqual(success.dropOffLocations);
  });

  test('TI-010 TI-018 TI-011 review and submit: PAID_NOW credits the balance at submit, the label names the processor', async () => {
    const device = await createTradeInDevice(ctx.store.db, { productGroup: 'gl_wireless', newValue: 100 });
    const s = await signedIn();
    await add(s, device.asin, ANSWERS.LikeNew);
    const review = await get(s, TRADE_IN_PATHS.review);
    expect(review.statusCode).toBe(200);
    expect(review.json()).toMatchObject({
      view: 'reviewOrder',
      paymentPreference: 'PAID_NOW',
      paidNow: { minor: 9_000 },
      paidLater: { minor: 0 },
      canSubmit: true,
      processorAddress: {
        fullName: expect.any(String),
        line1: expect.any(String),
        line2: expect.any(String),
        city: expect.any(String),
        state: expect.any(String),
        postalCode: expect.any(String),
        countryCode: 'US',
      },
    });
    const submit = await post(s, TRADE_IN_PATHS.submit);
    expect(submit.statusCode).toBe(200);
    const success = submit.json();
    expect(success).toMatchObject({
      view: 'success',
      state: 'submitted',
      paymentPreference: 'PAID_NOW',
      creditedNow: { minor: 9_000 },
      creditedLater: { minor: 0 },
      shippingLabel: { tradeInId: success.tradeInId, processorAddress: review.json().processorAddress },
    });
    expect(success.dropOffLocations.length).toBeGreaterThan(0);
    expect(await balanceOf(s.customerId)).toBe(9_000);
    expect((await cartOf(s)).items).toHaveLength(0);
    const balance = (await get(s, TRADE_IN_PATHS.balance)).json();
    expect(balance).toMatchObject({ balance: { minor: 9_000, displayString: '$90.00' } });
    expect(balance.entries[0]).toMatchObject({
      reason: 'tradeInCredit',
      tradeInId: success.tradeInId,
      amount: { minor: 9_000 },
    });
    const list = (await get(s, TRADE_IN_PATHS.tradeIns)).json();
    expect(list.tradeIns[0]).toMatchObject({
      tradeInId: success.tradeInId,
      state: 'submitted',
      creditedTotal: { minor: 9_000 },
    });
    expect((await post(s, TRADE_IN_PATHS.submit)).statusCode).toBe(422);
  });

  test('TI-018 five parallel submits of one cart make one trade-in and credit it once', async () => {
    const device = await createTradeInDevice(ctx.store.db, {
      productGroup: 'gl_digital_text_2',
      newValue: 100,
    });
    const s = await signedIn();
    await add(s, device.asin, ANSWERS.LikeNew);
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(s, TRADE_IN_PATHS.submit)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 422)).toHaveLength(4);
    expect((await get(s, TRADE_IN_PATHS.tradeIns)).json().tradeIns).toHaveLength(1);
    expect(await balanceOf(s.customerId)).toBe(9_000);
  });

  test('TI-018 PAID_LATER credits nothing at submit; mixed pays the payable items now and the rest later', async () => {
    const [now, later] = tuple(
      await createTradeInDevices(ctx.store.db, [
        { productGroup: 'gl_electronics', newValue: 100 },
        { productGroup: 'gl_electronics', newValue: 50, payableNow: false },
      ]),
    );
    const s = await signedIn();
    await add(s, later.asin);
    expect((await get(s, TRADE_IN_PATHS.review)).json().paymentPreference).toBe('PAID_LATER');
    await add(s, now.asin);
    const review = (await get(s, TRADE_IN_PATHS.review)).json();
    expect(review).toMatchObject({
      paymentPreference: 'mixed',
      paidNow: { minor: 9_000 },
      paidLater: { minor: 4_500 },
    });
    const success = (await post(s, TRADE_IN_PATHS.submit)).json();
    expect(success).toMatchObject({
      paymentPreference: 'mixed',
      creditedNow: { minor: 9_000 },
      creditedLater: { minor: 4_500 },
    });
    expect(await balanceOf(s.customerId)).toBe(9_000);
    const received = await receiveTradeIn(ctx.store.db, success.tradeInId, 'LikeNew', ctx.clock.now, quiet);
    expect(received).toMatchObject({ ok: true, state: 'credited' });
    expect(await balanceOf(s.customerId)).toBe(13_500);
    expect(await giftCardLedgerSum(ctx.store.db, s.customerId)).toBe(13_500);
  });

  test('TI-008 the submitted value is the held one for 14 days; after that the current catalog value applies', async () => {
    const device = await createTradeInDevice(ctx.store.db, {
      productGroup: 'gl_digital_text_2',
      newValue: 100,
    });
    const s = await signedIn();
    const start = ctx.clock.now;
    try {
      await add(s, device.asin, ANSWERS.LikeNew);
      await createTradeInDevice(ctx.store.db, {
        asin: device.asin,
        productGroup: 'gl_digital_text_2',
        newValue: 60,
      });
      ctx.clock.now = start + 14 * DAY;
      expect((await get(s, TRADE_IN_PATHS.review)).json().total.minor).toBe(9_000);
      ctx.clock.now = start + 14 * DAY + 1;
      const requoted = (await get(s, TRADE_IN_PATHS.review)).json();
      expect(requoted.total.minor).toBe(5_400);
      expect(Date.parse(requoted.holdsUntil)).toBe(ctx.clock.now + 14 * DAY);
    } finally {
      ctx.clock.now = start;
    }
  });

  test('TI-011 a worse appraisal lists each answer beside what was found; ACCEPT_WORSE takes back the difference', async () => {
    const device = await createTradeInDevice(ctx.store.db, { productGroup: 'gl_wireless', newValue: 100 });
    const s = await signedIn();
    await add(s, device.asin, ANSWERS.LikeNew);
    const { tradeInId } = (await post(s, TRADE_IN_PATHS.submit)).json();
    expect(await balanceOf(s.customerId)).toBe(9_000);
    expect(await receiveTradeIn(ctx.store.db, tradeInId, 'Damaged', ctx.clock.now, quiet)).toMatchObject({
      state: 'appraised',
    });
    const detail = (await get(s, `${TRADE_IN_PATHS.tradeIns}/${tradeInId}`)).json();
    expect(detail).toMatchObject({
      state: 'appraised',
      awaitingChoice: true,
      appraisalChoices: ['ACCEPT_WORSE', 'RETURN_WORSE'],
    });
    expect(detail.items[0]).toMatchObject({
      conditionQuoted: 'LikeNew',
      conditionFound: 'Damaged',
      valueQuoted: { minor: 9_000 },
      valueFound: { minor: 2_500 },
      state: 'awaitingChoice',
    });
    expect(detail.items[0].appraisal).toContainEqual({
      questionId: 'cosmetic',
      question: 'How does it look?',
      answered: 'No marks',
      found: 'Cracked',
    });
    const accepted = await post(s, `${TRADE_IN_PATHS.tradeIns}/${tradeInId}/appraisal`, {
      choice: 'ACCEPT_WORSE',
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({
      state: 'credited',
      creditedTotal: { minor: 2_500 },
      appraisalChoices: [],
    });
    expect(await balanceOf(s.customerId)).toBe(2_500);
    const again = await post(s, `${TRADE_IN_PATHS.tradeIns}/${tradeInId}/appraisal`, {
      choice: 'RETURN_WORSE',
    });
    expect(again.statusCode).toBe(409);
    expect(await balanceOf(s.customerId)).toBe(2_500);
  });

  test('TI-011 RETURN_WORSE sends the device back and reverses its credit; the form answer returns to the account', async () => {
    const device = await createTradeInDevice(ctx.store.db, { productGroup: 'gl_wireless', newValue: 100 });
    const s = await signedIn();
    await add(s, device.asin, ANSWERS.LikeNew);
    const { tradeInId } = (await post(s, TRADE_IN_PATHS.submit)).json();
    await receiveTradeIn(ctx.store.db, tradeInId, 'NonFunctional', ctx.clock.now, quiet);
    const form = await s.postForm(`${TRADE_IN_PATHS.tradeIns}/${tradeInId}/appraisal`, {
      choice: 'RETURN_WORSE',
    });
    expect(form.statusCode).toBe(303);
    const detail = (await get(s, `${TRADE_IN_PATHS.tradeIns}/${tradeInId}`)).json();
    expect(detail).toMatchObject({ state: 'returned', creditedTotal: { minor: 0 } });
    expect(await balanceOf(s.customerId)).toBe(0);
    expect(await giftCardLedgerSum(ctx.store.db, s.customerId)).toBe(0);
  });

  test('TI-011 the account page shows the balance, each trade-in and its state, and the accept or return forms', async () => {
    const device = await createTradeInDevice(ctx.store.db, {
      productGroup: 'gl_wireless',
      newValue: 100,
      title: 'Account phone',
    });
    const s = await signedIn();
    await add(s, device.asin, ANSWERS.LikeNew);
    const { tradeInId } = (await post(s, TRADE_IN_PATHS.submit)).json();
    await receiveTradeIn(ctx.store.db, tradeInId, 'Damaged', ctx.clock.now, quiet);
    const page = (await s.visit('/gp/css/homepage.html')).body;
    expect(page).toContain('Gift card balance');
    expect(page).toContain('$90.00');
    expect(page).toContain(`Trade-in ${tradeInId}`);
    expect(page).toContain('Appraised: your choice is needed');
    expect(page).toContain('What you told us and what we found');
    expect(page).toContain('Cracked');
    expect(page).toContain(`action="${TRADE_IN_PATHS.tradeIns}/${tradeInId}/appraisal"`);
    expect(page).toContain('value="ACCEPT_WORSE"');
    expect(page).toContain('value="RETURN_WORSE"');
    const chosen = await s.postForm(`${TRADE_IN_PATHS.tradeIns}/${tradeInId}/appraisal`, {
      choice: 'ACCEPT_WORSE',
    });
    expect(chosen.statusCode).toBe(303);
    expect(chosen.headers.location).toBe('/gp/css/homepage.html');
    const after = (await s.visit('/gp/css/homepage.html')).body;
    expect(after).toContain('$25.00');
    expect(after).not.toContain('value="ACCEPT_WORSE"');
  });

  test("another shopper's trade-in, appraisal and cart item are unknown (404) and nothing changes", async () => {
    const device = await createTradeInDevice(ctx.store.db, { productGroup: 'gl_wireless', newValue: 100 });
    const owner = await signedIn();
    await add(owner, device.asin);
    const { tradeInId } = (await post(owner, TRADE_IN_PATHS.submit)).json();
    await receiveTradeIn(ctx.store.db, tradeInId, 'Damaged', ctx.clock.now, quiet);
    await add(owner, device.asin);
    const itemId = (await cartOf(owner)).items[0].itemId;
    const before = (await get(owner, `${TRADE_IN_PATHS.tradeIns}/${tradeInId}`)).json();
    const other = await signedIn();
    expect((await get(other, `${TRADE_IN_PATHS.tradeIns}/${tradeInId}`)).statusCode).toBe(404);
    const choice = await post(other, `${TRADE_IN_PATHS.tradeIns}/${tradeInId}/appraisal`, {
      choice: 'ACCEPT_WORSE',
    });
    expect(choice.statusCode).toBe(404);
    const remove = await post(other, TRADE_IN_PATHS.cartRemove, { itemId });
    expect(remove.statusCode).toBe(404);
    expect((await get(other, TRADE_IN_PATHS.tradeIns)).json().tradeIns).toEqual([]);
    expect((await get(other, TRADE_IN_PATHS.balance)).json().balance.minor).toBe(0);
    expect((await get(owner, `${TRADE_IN_PATHS.tradeIns}/${tradeInId}`)).json()).toEqual(before);
    expect((await cartOf(owner)).items).toHaveLength(1);
    expect((await post(owner, TRADE_IN_PATHS.cartRemove, { itemId })).statusCode).toBe(200);
    expect((await cartOf(owner)).items).toHaveLength(0);
  });

  test('TI-002 the product page data carries the trade-in launch of a product naming a group, null otherwise', async () => {
    const launching = await createProduct(ctx.store.db, {
      productGroup: 'gl_wireless',
      features: { tradeIn: { productGroup: 'gl_wireless' } },
    });
    const plain = await createProduct(ctx.store.db);
    const s = new Shopper(ctx.app);
    const dataOf = async (asin: string) => {
      const html = (await s.visit(`/dp/${asin}`)).body;
      const json = /<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}';
      return JSON.parse(json).product;
    };
    expect((await dataOf(launching.asin)).tradeIn).toEqual({ productGroup: 'gl_wireless' });
    expect((await dataOf(plain.asin)).tradeIn).toBeNull();
  });

  test('bad input: unknown choice, huge or negative numbers, bad postal codes are 4xx', async () => {
    const s = await signedIn();
    expect((await post(s, `${TRADE_IN_PATHS.tradeIns}/TI-X/appraisal`, { choice: 'MAYBE' })).statusCode).toBe(
      400,
    );
    expect(
      (await get(s, `${TRADE_IN_PATHS.getCustomerItems}?productGroup=gl_wireless&buyingPrice=-5`)).statusCode,
    ).toBe(400);
    expect(
      (await get(s, `${TRADE_IN_PATHS.getCustomerItems}?productGroup=gl_wireless&buyingPrice=99999999999999`))
        .statusCode,
    ).toBe(400);
    expect((await get(s, `${TRADE_IN_PATHS.search}?productGroup=gl_nothing`)).statusCode).toBe(400);
    expect((await get(s, `${TRADE_IN_PATHS.dropOffLocations}?postalCode=`)).statusCode).toBe(400);
    const near = (await get(s, `${TRADE_IN_PATHS.dropOffLocations}?postalCode=98109`)).json();
    expect(near.locations.length).toBeGreaterThan(0);
  });
});
