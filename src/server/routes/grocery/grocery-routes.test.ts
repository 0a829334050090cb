import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCustomer } from '../../../../tests/factories/customer-factory';
import {
  createFreshOrder,
  createGroceryAddress,
  createGroceryProduct,
  createSlotReservation,
} from '../../../../tests/factories/grocery-factory';
import { createProduct } from '../../../../tests/factories/product-factory';
import { GroceryShopper } from '../../../../tests/helpers/grocery-shopper';
import { createTestApp, type TestContext } from '../../../../tests/helpers/test-app';
import { dialects } from '../../../../tests/helpers/test-store';

const HOUR = 3_600_000;

describe.each(dialects)('grocery routes on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(dialect, { seed: false });
  });
  afterAll(() => ctx?.close());

  const now = () => ctx.clock.now;
  const visitor = async (asin: string) => {
    const shopper = new GroceryShopper(ctx.app);
    await shopper.visit(`/dp/${asin}`);
    return shopper;
  };
  /** A signed-in customer with a Seattle address (chosen unless told otherwise), on the product's page. */
  const member = async (asin: string, options: { select?: boolean; address?: boolean } = {}) => {
    const customer = await createCustomer(ctx.store.db, {}, { now: now() });
    const addressId =
      options.address === false
        ? null
        : await createGroceryAddress(
            ctx.store.db,
            customer.id,
            {},
            { select: options.select ?? true, now: now() },
          );
    const shopper = new GroceryShopper(ctx.app);
    await shopper.signIn(customer.email, customer.password);
    await shopper.visit(`/dp/${asin}`);
    return { shopper, customer, addressId };
  };

  test('GRO-004 GRO-005 GRO-017 a fresh add takes the add payload and answers clientResponseModel, the sheet and the count', async () => {
    const bananas = await createGroceryProduct(ctx.store.db, {}, { now: now() });
    const s = await visitor(bananas.asin);
    const response = await s.addFresh(
      bananas,
      2,
      {
        amountInUom: 2,
        qsUID: 'qs-1',
        isStepperFlag: false,
        setQuantityFlag: false,
        prevSelectedQty: 0,
        additionalParams: { csrfToken: s.csrfToken, shouldRenderSIS: true, sisDeliveryMessage: 'Today' },
        reftag: 'dp_atfc',
        queryLogInfoParams: 'q=bananas',
      },
      `?ref_=dp_atfc&queryLogInfoParams=q&discoveredAsins.0=${bananas.asin}&almBrandId=TEST-FRESH&gsc=1`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.clientResponseModel).toEqual({
      items: [
        {
          ASIN: bananas.asin,
          itemId: expect.stringMatching(/^C/),
          quantity: 2,
          amountInCart: 2,
          storeId: bananas.grocery.stores[0]?.storeId,
        },
      ],
      uberCartStatus: { errorStatusCode: null },
    });
    expect(body).toMatchObject({
      refreshGlowLabel: false,
      storefrontUrl: null,
      shouldRedirectToOgs: false,
      ogsUrl: null,
      errorModalHtml: null,
      cartCount: 2,
    });
    // The first add in a store brings its introduction sheet, rendered by the server from the page's component.
    expect(body.storeIntroductionSheetHtml).toContain(
      `data-store-id="${bananas.grocery.stores[0]?.storeId}"`,
    );
    expect(body.storeIntroductionSheetHtml).toContain('Shop Test Fresh');
    const again = (await s.addFresh(bananas, 1, { additionalParams: { shouldRenderSIS: true } })).json();
    expect(again.storeIntroductionSheetHtml).toBeNull();
    expect(again.clientResponseModel.items[0].quantity).toBe(3);
    // An unknown query parameter or a discovered asin that is none is refused, and nothing changes.
    expect((await s.addFresh(bananas, 1, {}, '?discoveredAsins.0=nope')).statusCode).toBe(400);
    expect((await s.addFresh(bananas, 1, {}, '?color=red')).statusCode).toBe(400);
    expect((await s.freshLines())[0]?.quantity).toBe(3);
  });

  test('fresh and retail carts never mix: a fresh add goes to the FRESH cart only, a grocery item is refused by the retail cart', async () => {
    const bananas = await createGroceryProduct(ctx.store.db, {}, { now: now() });
    const speaker = await createProduct(ctx.store.db, {}, { now: now() });
    const s = await visitor(bananas.asin);
    await s.addItems([{ asin: speaker.asin, offerListingId: `OL-${speaker.asin}-NEW`, quantity: 1 }]);
    expect((await s.addFresh(bananas, 2)).statusCode).toBe(200);
    const lines = await s.freshLines();
    expect(lines.map((l) => [l.asin, l.cartType, l.quantity]).sort()).toEqual(
      [
        [bananas.asin, 'FRESH', 2],
        [speaker.asin, 'RETAIL', 1],
      ].sort(),
    );
    const refused = await s.addItems([
      { asin: bananas.asin, offerListingId: `OL-${bananas.asin}-NEW`, quantity: 1 },
    ]);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.code).toBe('grocery_item');
    const fresh = await s.json('GET', '/alm/addtofreshcart/cartcount');
    expect(fresh.json()).toEqual({ cartCount: 2 });
  });

  test('GRO-029 GRO-030 refused adds answer 400 with the error code, the modal HTML and the cart as it stands', async () => {
    const bananas = await createGroceryProduct(
      ctx.store.db,
      { offer: { stock: 30, maxOrderQuantity: 20 } },
      { now: now() },
    );
    const scarce = await createGroceryProduct(ctx.store.db, { offer: { stock: 3 } }, { now: now() });
    const s = await visitor(bananas.asin);
    await s.addFresh(bananas, 18);
    const over = await s.addFresh(bananas, 5);
    expect(over.statusCode).toBe(400);
    const body = over.json();
    expect(body.error.code).toBe('quantity_overflow');
    expect(body.clientResponseModel.uberCartStatus.errorStatusCode).toBe('QUANTITY_OVERFLOW');
    // GRO-030: the cart as it stands, for the stepper to sync to.
    expect(body.clientResponseModel.items).toMatchObject([{ ASIN: bananas.asin, quantity: 18 }]);
    expect(body.errorModalHtml.header).toContain('Item was not added to the cart');
    expect(body.errorModalHtml.errorMessage).toContain('at most 20');
    expect(body.errorModalHtml.errorMessage).toContain('data-error-code="QUANTITY_OVERFLOW"');
    expect(body.errorModalHtml.footer).toContain('Your cart was not changed.');

    const partial = (await s.addFresh(scarce, 5)).json();
    expect(partial.clientResponseModel.uberCartStatus.errorStatusCode).toBe('ITEM_PARTIALLY_AVAILABLE');
    expect(partial.errorModalHtml.errorMessage).toContain('Only 3');
    const wrongBrand = (await s.addFresh(bananas, 1, { brandId: 'OTHER' })).json();
    expect(wrongBrand.clientResponseModel.uberCartStatus.errorStatusCode).toBe('INVALID_INPUT');
    const wrongStore = (await s.addFresh(bananas, 1, { storeId: 'NO-SUCH-STORE' })).json();
    expect(wrongStore.clientResponseModel.uberCartStatus.errorStatusCode).toBe('ITEM_NOT_AVAILABLE');
    const zero = (await s.addFresh(bananas, 0)).json();
    expect(zero.clientResponseModel.uberCartStatus.errorStatusCode).toBe('INVALID_INPUT');
    const unpriced = await createGroceryProduct(
      ctx.store.db,
      { offer: { condition: 'B2B_NEW' } },
      { now: now() },
    );
    const noPrice = (await s.addFresh(unpriced, 1)).json();
    expect(noPrice.clientResponseModel.uberCartStatus.errorStatusCode).toBe('PRICE_UNAVAILABLE');
    // Text from the catalog is escaped in the server's HTML.
    const tricky = await createGroceryProduct(
      ctx.store.db,
      { title: '<b>Bold</b> & "milk"', offer: { stock: 1 } },
      { now: now() },
    );
    const escaped = (await s.addFresh(tricky, 2)).json();
    expect(escaped.errorModalHtml.errorMessage).toContain('&lt;b&gt;Bold&lt;/b&gt; &amp;');
    expect((await s.freshLines()).map((l) => [l.asin, l.quantity])).toEqual([[bananas.asin, 18]]);
  });

  test('SL-015 setQuantityFlag sets the line to the quantity; 0 removes it; additionalInput names the store', async () => {
    const bananas = await createGroceryProduct(ctx.store.db, {}, { now: now() });
    const s = await visitor(bananas.asin);
    const storeId = bananas.grocery.stores[0]?.storeId;
    await s.addFresh(bananas, 2);
    const set = await s.addFresh(bananas, 5, {
      setQuantityFlag: true,
      isStepperFlag: true,
      prevSelectedQty: 2,
      additionalInput: { storeId },
    });
    expect(set.json().clientResponseModel.items[0].quantity).toBe(5);
    const cleared = await s.addFresh(bananas, 0, { setQuantityFlag: true, isStepperFlag: true });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().clientResponseModel.items).toEqual([]);
    expect(await s.freshLines()).toEqual([]);
  });

  test('GRO-031 without the CSRF token or with another session id an add answers 403 and changes nothing', async () => {
    const bananas = await createGroceryProduct(ctx.store.db, {}, { now: now() });
    const s = await visitor(bananas.asin);
    const noToken = await s.request({
      method: 'POST',
      url: '/alm/addtofreshcart',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(s.payload(bananas, 1)),
    });
    expect(noToken.statusCode).toBe(403);
    const otherSession = await s.addFresh(bananas, 1, { sessionID: 'someone-else' });
    expect(otherSession.statusCode).toBe(403);
    expect(otherSession.json().error.code).toBe('session_mismatch');
    expect(await s.freshLines()).toEqual([]);
  });

  test('GRO-003 a customer who had not chosen an address has it chosen by the first add: the label refreshes', async () => {
    const bananas = await createGroceryProduct(ctx.store.db, {}, { now: now() });
    const { shopper } = await member(bananas.asin, { select: false });
    const first = (await shopper.addFresh(bananas, 1)).json();
    expect(first.refreshGlowLabel).toBe(true);
    const second = (await shopper.addFresh(bananas, 1)).json();
    expect(second.refreshGlowLabel).toBe(false);
    // A store that introduces itself by its store front sends a first add there.
    const eggs = await createGroceryProduct(
      ctx.store.db,
      { stores: [{ introduction: 'storefront' }] },
      { now: now() },
    );
    const viaFront = (await shopper.addFresh(eggs, 1)).json();
    expect(viaFront.storefrontUrl).toBe(
      `/alm/storefront?almBrandId=TEST-FRESH&almStoreId=${eggs.grocery.stores[0]?.storeId}`,
    );
  });

  test('GRO-019 GRO-032 a fresh order add: 401 signed out; ?csrf= carries the token; the order takes items until its cut-off', async () => {
    const bananas = await createGroceryProduct(ctx.store.db, { offer: { stock: 50 } }, { now: now() });
    const storeId = bananas.grocery.stores[0]?.storeId ?? '';
    const anonymous = await visitor(bananas.asin);
    const signedOut = await anonymous.request({
      method: 'POST',
      url: `/fom/add-to-fresh-order?csrf=${encodeURIComponent(anonymous.csrfToken)}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(anonymous.payload(bananas, 1)),
    });
    expect(signedOut.statusCode).toBe(401);

    const { shopper, customer, addressId } = await member(bananas.asin);
    const orderId = await createFreshOrder(ctx.store.db, {
      customerId: customer.id,
      storeId,
      addressId: addressId ?? '',
      cutoffAt: now() + 2 * HOUR,
      now: now(),
    });
    const add = (query: string, quantity: number) =>
      shopper.request({
        method: 'POST',
        url: `/fom/add-to-fresh-order${query}`,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(shopper.payload(bananas, quantity)),
      });
    const withoutToken = await add('', 1);
    expect(withoutToken.statusCode).toBe(403);
    const added = await add(`?csrf=${encodeURIComponent(shopper.csrfToken)}`, 2);
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({
      shouldRedirectToOgs: true,
      ogsUrl: `/fom/orders/${orderId}`,
      clientResponseModel: { items: [{ ASIN: bananas.asin, quantity: 2, storeId }] },
    });
    const viaRef = await add(`/ref=dp_fo?csrf=${encodeURIComponent(shopper.csrfToken)}`, 1);
    expect(viaRef.json().clientResponseModel.items[0].quantity).toBe(3);
    // The units came out of stock; the fresh cart is untouched.
    expect(await shopper.freshLines()).toEqual([]);
    const stock = await ctx.store.db
      .selectFrom('offers')
      .select('stock')
      .where('id', '=', `OL-${bananas.asin}-NEW`)
      .executeTakeFirst();
    expect(stock?.stock).toBe(47);
    // After the cut-off the order takes nothing more.
    ctx.clock.now += 3 * HOUR;
    try {
      const late = await add(`?csrf=${encodeURIComponent(shopper.csrfToken)}`, 1);
      expect(late.statusCode).toBe(400);
      expect(late.json().clientResponseModel.uberCartStatus.errorStatusCode).toBe('ORDER_CUTOFF_PASSED');
      expect(late.json().errorModalHtml.header).toContain('Item was not added to the order');
      expect(late.json().clientResponseModel.items[0].quantity).toBe(3);
    } finally {
      ctx.clock.now -= 3 * HOUR;
    }
  });

  test('GRO-029 a fresh order add without an address is refused with ADDRESS_NOT_SELECTED', async () => {
    const bananas = await createGroceryProduct(ctx.store.db, {}, { now: now() });
    const { shopper } = await member(bananas.asin, { address: false });
    const response = await shopper.json('POST', '/fom/add-to-fresh-order', shopper.payload(bananas, 1));
    expect(response.statusCode).toBe(400);
    expect(response.json().clientResponseModel.uberCartStatus.errorStatusCode).toBe('ADDRESS_NOT_SELECTED');
  });

  test('GRO-018 the generic error modal, in the language asked for', async () => {
    const bananas = await createGroceryProduct(ctx.store.db, {}, { now: now() });
    const s = await visitor(bananas.asin);
    const english = (await s.json('POST', '/alm/atfcGenericErrorModal/', {})).json();
    expect(english.errorModalHtml.header).toContain('Item was not added to the cart');
    const spanish = (
      await s.json('POST', '/alm/atfcGenericErrorModal/', { kind: 'order', language: 'es-US' })
    ).json();
    expect(spanish.errorModalHtml.header).toContain('El producto no se agregó al pedido');
    expect((await s.json('POST', '/alm/atfcGenericErrorModal/', { kind: 'bag' })).statusCode).toBe(400);
  });

  test('GRO-016 GRO-023 the navigation count (retail and fresh) and the fresh cart count', async () => {
    const bananas = await createGroceryProduct(ctx.store.db, {}, { now: now() });
    const speaker = await createProduct(ctx.store.db, {}, { now: now() });
    const s = await visitor(bananas.asin);
    await s.addItems([{ asin: speaker.asin, offerListingId: `OL-${speaker.asin}-NEW`, quantity: 2 }]);
    await s.addFresh(bananas, 3);
    const count = await s.json(
      'POST',
      `/gp/api/cart/1.0/get-cart-count.json?sessionID=${encodeURIComponent(s.sessionId)}&clientName=dp-atfc`,
    );
    expect(count.json()).toEqual({ isOK: true, total: { numActiveItem: 5 } });
    expect((await s.json('GET', '/alm/addtofreshcart/cartcount')).json()).toEqual({ cartCount: 3 });
    const foreign = await s.json(
      'POST',
      '/gp/api/cart/1.0/get-cart-count.json?sessionID=other&clientName=dp-atfc',
    );
    expect(foreign.statusCode).toBe(403);
  });

  test('GRO-024 a multi add adds every item, or none when one is refused', async () => {
    const store = { storeId: undefined };
    const milk = await createGroceryProduct(ctx.store.db, { stores: [store] }, { now: now() });
    const storeId = milk.grocery.stores[0]?.storeId;
    const eggs = await createGroceryProduct(
      ctx.store.db,
      { stores: [{ storeId }], offer: { stock: 2 } },
      { now: now() },
    );
    const s = await visitor(milk.asin);
    const body = (items: { asin: string; quantity: number; offerListingDiscriminator: string }[]) => ({
      clientID: 'dp-atfc',
      sessionID: s.sessionId,
      storeId,
      brandId: 'TEST-FRESH',
      items,
    });
    const item = (p: typeof milk, quantity: number) => ({
      asin: p.asin,
      quantity,
      offerListingDiscriminator: p.grocery.offerListingDiscriminator,
    });
    const refused = await s.json(
      'POST',
      '/alm/addtocart/multiple?ref_=dp_multi',
      body([item(milk, 1), item(eggs, 5)]),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().clientResponseModel.uberCartStatus.errorStatusCode).toBe(
      'ITEM_PARTIALLY_AVAILABLE',
    );
    expect(await s.freshLines()).toEqual([]);
    const added = await s.json(
      'POST',
      '/alm/addtocart/multiple?ref_=dp_multi',
      body([item(milk, 1), item(eggs, 2)]),
    );
    expect(added.statusCode, added.body).toBe(200);
    expect(
      added
        .json()
        .clientResponseModel.items.map((i: { ASIN: string; quantity: number }) => [i.ASIN, i.quantity])
        .sort(),
    ).toEqual(
      [
        [milk.asin, 1],
        [eggs.asin, 2],
      ].sort(),
    );
    expect((await s.json('POST', '/alm/addtocart/multiple', body([]))).statusCode).toBe(400);
  });

  test('GRO-011 GRO-012 GRO-020 GRO-021 conflicts after an address change: summary, then resolve moves or removes', async () => {
    const seattleOnly = { postalCodePrefixes: ['981'] };
    const milk = await createGroceryProduct(ctx.store.db, { stores: [seattleOnly] }, { now: now() });
    const seattleStore = milk.grocery.stores[0]?.storeId;
    const bananas = await createGroceryProduct(
      ctx.store.db,
      {
        stores: [
          { storeId: seattleStore, ...seattleOnly, name: milk.grocery.stores[0]?.name },
          { postalCodePrefixes: ['941'] },
        ],
      },
      { now: now() },
    );
    const { shopper, customer } = await member(milk.asin);
    const sanFrancisco = await createGroceryAddress(ctx.store.db, customer.id, {
      city: 'San Francisco',
      state: 'CA',
      postalCode: '94105',
    });
    await shopper.addFresh(milk, 1);
    await shopper.addFresh(bananas, 2);
    const summary = () => shopper.json('POST', '/afx/cartconflicts/getconflictsummary?ref=dp_cc&client=atfc');
    expect((await summary()).json()).toEqual({ isSuccess: true, hasConflicts: false, conflicts: [] });
    // GRO-012: resolving a cart without conflicts changes nothing.
    expect((await shopper.json('POST', '/afx/cartconflicts/resolve?ref=dp_cc&client=atfc')).json()).toEqual({
      isSuccess: true,
      moved: 0,
      removed: 0,
    });
    // GRO-028: the page sends the token as the anti-CSRF header.
    const changed = await shopper.request({
      method: 'POST',
      url: '/portal-migration/hz/glow/address-change',
      headers: { 'content-type': 'application/json', 'anti-csrftoken-a2z': shopper.csrfToken },
      payload: JSON.stringify({
        addressId: sanFrancisco,
        almBrandId: 'TEST-FRESH',
        actionSource: 'dp',
        deviceType: 'desktop',
        pageType: 'Detail',
      }),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const conflicts = (await summary()).json();
    expect(conflicts.hasConflicts).toBe(true);
    const byAsin = (a: { asin: string }, b: { asin: string }) => a.asin.localeCompare(b.asin);
    const expected = [
      { asin: milk.asin, storeId: seattleStore, substituteStoreId: null },
      { asin: bananas.asin, storeId: seattleStore, substituteStoreId: bananas.grocery.stores[1]?.storeId },
    ].sort(byAsin);
    expect([...conflicts.conflicts].sort(byAsin)).toEqual(expected.map((e) => expect.objectContaining(e)));
    expect(
      (await shopper.json('POST', '/afx/cartconflicts/getconflictsummary?ref=dp_cc&client=web')).statusCode,
    ).toBe(400);
    const resolved = await shopper.json('POST', '/afx/cartconflicts/resolve?ref=dp_cc&client=atfc');
    expect(resolved.json()).toEqual({ isSuccess: true, moved: 1, removed: 1 });
    expect((await summary()).json().hasConflicts).toBe(false);
    expect((await shopper.freshLines()).map((l) => [l.asin, l.quantity])).toEqual([[bananas.asin, 2]]);
  });

  test('GRO-025 a held slot is cancelled once by its owner; a second cancel or a stranger finds nothing', async () => {
    const bananas = await createGroceryProduct(ctx.store.db, {}, { now: now() });
    const { shopper, customer } = await member(bananas.asin);
    const token = await createSlotReservation(
      ctx.store.db,
      { type: 'customer', id: customer.id },
      bananas.grocery.stores[0]?.storeId ?? '',
      { now: now() },
    );
    const stranger = await visitor(bananas.asin);
    expect((await stranger.json('POST', `/afx/slotselection/cancel?token=${token}`)).statusCode).toBe(404);
    expect((await shopper.json('POST', `/afx/slotselection/cancel?token=${token}`)).json()).toEqual({
      isSuccess: true,
    });
    expect((await shopper.json('POST', `/afx/slotselection/cancel?token=${token}`)).statusCode).toBe(404);
    expect((await shopper.json('POST', '/afx/slotselection/cancel')).statusCode).toBe(400);
  });

  test('GRO-015 GRO-026 the store sheet needs asin, brand, discriminator and store; it answers the sheet’s data', async () => {
    const bananas = await createGroceryProduct(ctx.store.db, {}, { now: now() });
    const { shopper, addressId } = await member(bananas.asin);
    const store = bananas.grocery.stores[0];
    const query = new URLSearchParams({
      almBrandId: 'TEST-FRESH',
      almStoreId: store?.storeId ?? '',
      asin: bananas.asin,
      isDelivery: 'true',
      offerListingDiscriminator: bananas.grocery.offerListingDiscriminator,
      isAlmDetailPageBopis: 'false',
      newGlowAddressId: addressId ?? '',
      clientId: 'dp-atfc',
      deliveryMessage: 'Delivery today 4–6 PM',
    });
    const sheet = await shopper.json('GET', `/mulon/alm-sis?${query}`);
    expect(sheet.statusCode, sheet.body).toBe(200);
    expect(sheet.json()).toEqual({
      storeId: store?.storeId,
      brandId: 'TEST-FRESH',
      storeName: store?.name,
      deliveryMessage: 'Delivery today 4–6 PM',
      storefrontUrl: `/alm/storefront?almBrandId=TEST-FRESH&almStoreId=${store?.storeId}`,
      newAddressId: addressId,
      newAddressLabel: 'Sam Carter – Seattle 98109',
      isDelivery: true,
      productTitle: bananas.title,
    });
    for (const missing of ['asin', 'almBrandId', 'offerListingDiscriminator', 'almStoreId']) {
      const without = new URLSearchParams(query);
      without.delete(missing);
      expect((await shopper.json('GET', `/mulon/alm-sis?${without}`)).statusCode, missing).toBe(400);
    }
    const otherBrand = new URLSearchParams(query);
    otherBrand.set('almBrandId', 'OTHER');
    expect((await shopper.json('GET', `/mulon/alm-sis?${otherBrand}`)).statusCode).toBe(404);
  });

  test('GRO-027 GRO-028 address selections list the customer’s addresses; a change needs the token and one of them', async () => {
    const bananas = await createGroceryProduct(ctx.store.db, {}, { now: now() });
    const { shopper, customer, addressId } = await member(bananas.asin);
    const second = await createGroceryAddress(ctx.store.db, customer.id, {
      line1: '1 Main St',
      postalCode: '98101',
    });
    const selections = await shopper.json(
      'GET',
      '/portal-migration/hz/glow/get-rendered-address-selections?deviceType=desktop&pageType=Detail&storeContext=fresh&actionSource=dp',
    );
    expect(selections.json()).toEqual({
      signedIn: true,
      selectedAddressId: addressId,
      addresses: [
        { addressId, label: 'Sam Carter – Seattle 98109', postalCode: '98109', selected: true },
        { addressId: second, label: 'Sam Carter – Seattle 98101', postalCode: '98101', selected: false },
      ],
    });
    const change = (body: unknown, headers: Record<string, string> = {}) =>
      shopper.json('POST', '/portal-migration/hz/glow/address-change', body, headers);
    expect((await change({ addressId: second }, { 'x-csrf-token': 'forged' })).statusCode).toBe(403);
    expect((await change({ addressId: 'GA-NOT-MINE' })).statusCode).toBe(404);
    const changed = await change({ addressId: second, locationType: 'ADDRESS_ID' });
    expect(changed.json()).toEqual({
      isSuccess: true,
      addressId: second,
      addressLabel: 'Sam Carter – Seattle 98101',
    });
    const anonymous = await visitor(bananas.asin);
    expect(
      (await anonymous.json('GET', '/portal-migration/hz/glow/get-rendered-address-selections')).json(),
    ).toEqual({
      signedIn: false,
      selectedAddressId: null,
      addresses: [],
    });
    expect(
      (await anonymous.json('POST', '/portal-migration/hz/glow/address-change', { addressId: second }))
        .statusCode,
    ).toBe(401);
  });

  test('the product page carries the grocery slice: store, address, the fresh line, the open order and the held slot', async () => {
    const bananas = await createGroceryProduct(ctx.store.db, {}, { now: now() });
    const { shopper, customer, addressId } = await member(bananas.asin);
    const storeId = bananas.grocery.stores[0]?.storeId ?? '';
    await shopper.addFresh(bananas, 2);
    const orderId = await createFreshOrder(ctx.store.db, {
      customerId: customer.id,
      storeId,
      addressId: addressId ?? '',
      cutoffAt: now() + HOUR,
      now: now(),
    });
    const token = await createSlotReservation(ctx.store.db, { type: 'customer', id: customer.id }, storeId, {
      now: now(),
    });
    const page = await shopper.visit(`/dp/${bananas.asin}`);
    const data = JSON.parse(
      /<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(page.body)?.[1] ?? '{}',
    );
    expect(data.grocery).toMatchObject({
      asin: bananas.asin,
      store: { storeId },
      signedIn: true,
      address: { addressId },
      inCart: { quantity: 2 },
      maxOrderQuantity: 20,
      stepperDebounceTime: 400,
      freshOrder: { orderId },
      slotToken: token,
      repeatDelivery: { item: null },
      boughtTogether: [],
    });
    const plain = await createProduct(ctx.store.db, {}, { now: now() });
    const plainPage = await shopper.visit(`/dp/${plain.asin}`);
    expect(plainPage.body).toContain('"grocery":null');
  });

  test('concurrent fresh adds to one line never lose an update', async () => {
    const bananas = await createGroceryProduct(ctx.store.db, {}, { now: now() });
    const s = await visitor(bananas.asin);
    await s.addFresh(bananas, 1);
    const answers = await Promise.all(Array.from({ length: 6 }, () => s.addFresh(bananas, 1)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(200));
    expect((await s.freshLines())[0]?.quantity).toBe(7);
  });
});
