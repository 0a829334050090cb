import { expect as baseExpect, test } from './fixtures';
import { GroceryPage } from './pages/grocery-page';

// The machine the suite runs on is shared and busy: answers get a longer wait than the default 5 s.
const expect = baseExpect.configure({ timeout: 15_000 });
const BANANAS = 'B0PDPBAN01';

test.describe('fresh add and the stepper', () => {
  test('GRO-006 GRO-007 GRO-008 GRO-010 SL-003 QS-001 a double click adds once with a spinner; the stepper, the count and the store sheet follow', async ({
    page,
    world,
  }, testInfo) => {
    const bananas = await world.product(BANANAS);
    const grocery = new GroceryPage(page);
    await grocery.goto(bananas.asin);
    // The grocery box's code is its own chunk.
    await expect(grocery.cartLink).toHaveAccessibleName('Cart, 0 items');
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/alm/addtofreshcart*', async (route) => {
      await held;
      await route.continue();
    });
    await grocery.addButton.dblclick();
    // GRO-006: the button is hidden and a spinner shows while the add runs; GRO-007: the second click did nothing.
    await expect(grocery.box.getByRole('status', { name: 'Adding to your fresh cart' })).toBeVisible();
    await expect(grocery.addButton).toHaveCount(0);
    release();
    await expect(grocery.stepper()).toBeVisible();
    // GRO-010: the spinner is gone; GRO-008: the stepper shows the cart's quantity and the header its count.
    await expect(grocery.box.getByRole('status', { name: 'Adding to your fresh cart' })).toHaveCount(0);
    await expect(grocery.shownQuantity).toHaveText('1');
    await expect(grocery.cartLink).toHaveAccessibleName('Cart, 1 item');
    expect(grocery.callsTo('/alm/addtofreshcart')).toHaveLength(1);
    expect(await grocery.freshQuantity(bananas.asin)).toBe(1);
    // GRO-001 GRO-008: the first add in a store brings its introduction sheet: a side sheet on desktop, a bottom sheet on phones.
    const sheet = page.getByRole('dialog', { name: 'About this store' });
    await expect(sheet).toBeVisible();
    await expect(sheet.getByRole('link', { name: 'Shop Harvest Lane Fresh Seattle' })).toBeVisible();
    const kind = testInfo.project.name === 'mobile' ? 'ui-bottom-sheet' : 'ui-side-sheet';
    await expect(sheet).toHaveClass(new RegExp(kind));
    await grocery.expectNoAxeViolations();
    await page.keyboard.press('Escape');
    await expect(sheet).toHaveCount(0);
  });

  test('GRO-004 GRO-017 the add payload and the page query copied onto the call', async ({ page, world }) => {
    const bananas = await world.product(BANANAS);
    const grocery = new GroceryPage(page);
    await grocery.goto(
      bananas.asin,
      `?ref_=sr_1&queryLogInfoParams=q%3Dbanana&discoveredAsins.0=${bananas.asin}&almBrandId=HARVEST-LANE-FRESH&gsc=1&other=x`,
    );
    await grocery.addButton.click();
    await expect(grocery.stepper()).toBeVisible();
    const [add] = grocery.callsTo('/alm/addtofreshcart');
    const url = new URL(add?.url() ?? 'http://x/');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      ref_: 'sr_1',
      queryLogInfoParams: 'q=banana',
      'discoveredAsins.0': bananas.asin,
      almBrandId: 'HARVEST-LANE-FRESH',
      gsc: '1',
    });
    expect(add?.postDataJSON()).toMatchObject({
      clientID: 'dp-atfc',
      asin: bananas.asin,
      storeId: 'HLF-SEATTLE',
      brandId: 'HARVEST-LANE-FRESH',
      quantity: 1,
      amountInUom: 1,
      qsUID: expect.any(String),
      sessionID: expect.any(String),
      setQuantityFlag: false,
      isStepperFlag: false,
      prevSelectedQty: 0,
      additionalParams: {
        csrfToken: expect.any(String),
        shouldRenderSIS: true,
        sisDeliveryMessage: expect.any(String),
      },
      reftag: 'dp_atfc',
      offerListingDiscriminator: 'HLF-BAN-BUNCH',
    });
    expect(add?.headers()['x-csrf-token']).toBeTruthy();
    expect(add?.headers()['x-encrypted-slate-token']).toBeTruthy();
  });

  test('QS-010 SL-001 SL-005 SL-009 SL-015 rapid presses collapse into one request for the final quantity; buttons wait while it runs', async ({
    page,
    world,
  }) => {
    const bananas = await world.product(BANANAS);
    const grocery = new GroceryPage(page);
    const sliderLogs: unknown[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname !== '/api/metrics/events') return;
      const events = (request.postDataJSON() as { events: { schemaId: string }[] }).events;
      sliderLogs.push(...events.filter((e) => e.schemaId === 'pdp.slider.quantity-changed/v1'));
    });
    await grocery.goto(bananas.asin);
    await grocery.addFirst();
    const before = grocery.callsTo('/alm/addtofreshcart').length;
    // Three presses in a burst (in one task, so a busy machine cannot spread them past the debounce).
    await grocery.plus.evaluate((button: HTMLElement) => {
      button.click();
      button.click();
      button.click();
    });
    await expect(grocery.shownQuantity).toHaveText('4');
    await expect.poll(() => grocery.callsTo('/alm/addtofreshcart').length).toBe(before + 1);
    const step = grocery.callsTo('/alm/addtofreshcart').at(-1);
    expect(step?.postDataJSON()).toMatchObject({
      quantity: 4,
      setQuantityFlag: true,
      isStepperFlag: true,
      prevSelectedQty: 1,
      additionalInput: { storeId: 'HLF-SEATTLE' },
    });
    await expect.poll(() => grocery.freshQuantity(bananas.asin)).toBe(4);
    // SL-005: while a request runs both buttons refuse presses and a spinner shows.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/alm/addtofreshcart*', async (route) => {
      await held;
      await route.continue();
    });
    await grocery.minus.click();
    await expect(grocery.box.getByRole('status', { name: 'Updating quantity' })).toBeVisible();
    await expect(grocery.plus).toBeDisabled();
    await expect(grocery.minus).toBeDisabled();
    await grocery.plus.click({ force: true });
    release();
    await expect(grocery.box.getByRole('status', { name: 'Updating quantity' })).toHaveCount(0);
    await expect(grocery.shownQuantity).toHaveText('3');
    expect(await grocery.freshQuantity(bananas.asin)).toBe(3);
    // SL-016: each success posts to the logging URL.
    await expect.poll(() => sliderLogs.length).toBeGreaterThanOrEqual(2);
  });

  test('QS-009 QS-011 SL-004 SL-011 at the minimum minus is a trash icon; it empties the line and the add button comes back', async ({
    page,
    world,
  }) => {
    const bananas = await world.product(BANANAS);
    const grocery = new GroceryPage(page);
    await grocery.goto(bananas.asin);
    await grocery.addFirst();
    await expect(grocery.trash).toBeVisible();
    await grocery.plus.click();
    await expect(grocery.trash).toHaveCount(0);
    await expect(grocery.minus).toBeVisible();
    // The press went out once the stepper's pause ended; a press while its request runs is refused
    // (SL-005), so minus waits for the cart to have 2 and the stepper to take presses again.
    await expect.poll(() => grocery.freshQuantity(bananas.asin)).toBe(2);
    await expect(grocery.minus).toBeEnabled();
    await grocery.minus.click();
    await expect(grocery.trash).toBeVisible();
    await expect.poll(() => grocery.freshQuantity(bananas.asin)).toBe(1);
    // By keyboard: the trash empties the line.
    await grocery.trash.focus();
    await page.keyboard.press('Enter');
    await expect(grocery.addButton).toBeVisible();
    await expect.poll(() => grocery.freshQuantity(bananas.asin)).toBe(0);
    await expect(grocery.cartLink).toHaveAccessibleName('Cart, 0 items');
  });

  test('QS-012 SL-007 SL-008 SL-017 plus is disabled at the maximum, and stays disabled after a failure there', async ({
    page,
    world,
    consoleErrors,
  }) => {
    // SL-017: the failure is logged.
    consoleErrors.expect(/quantity slider: the cart refused/);
    consoleErrors.expect(/Failed to load resource/);
    const bananas = await world.product(BANANAS, {
      offers: [{ price: 1.49, stock: 50, maxOrderQuantity: 2 }],
    });
    const grocery = new GroceryPage(page);
    await grocery.goto(bananas.asin);
    await grocery.addFirst();
    await grocery.plus.click();
    await expect(grocery.shownQuantity).toHaveText('2');
    await expect(grocery.plus).toBeDisabled();
    await expect.poll(() => grocery.freshQuantity(bananas.asin)).toBe(2);
    // A failure at the maximum: minus comes back, plus stays disabled.
    await page.route('**/alm/addtofreshcart*', (route) => route.abort());
    await grocery.minus.click();
    await expect(grocery.shownQuantity).toHaveText('2');
    await expect(grocery.minus).toBeEnabled();
    await expect(grocery.plus).toBeDisabled();
  });
});

test.describe('failed adds', () => {
  test('GRO-009 GRO-029 GRO-030 GRO-036 a 400 shows the server’s modal, counts its code and syncs the stepper; closing it refreshes the cart', async ({
    page,
    world,
    store,
    consoleErrors,
  }) => {
    consoleErrors.expect(/status of 400/);
    consoleErrors.expect(/quantity slider: the cart refused/);
    const bananas = await world.product(BANANAS, {
      offers: [{ price: 1.49, stock: 40, maxOrderQuantity: 20 }],
    });
    const grocery = new GroceryPage(page);
    const metrics: { schemaId: string; data: Record<string, unknown> }[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/metrics/events')
        metrics.push(...request.postDataJSON().events);
    });
    await grocery.goto(bananas.asin);
    await grocery.addFirst();
    // Another tab took the line to 2 meanwhile, and only 2 are left: the stepper still says 1.
    const response = await page.request.post('/alm/addtofreshcart', {
      headers: {
        'x-csrf-token': (await page.locator('meta[name="csrf-token"]').getAttribute('content')) ?? '',
        'content-type': 'application/json',
      },
      data: {
        ...grocery.callsTo('/alm/addtofreshcart')[0]?.postDataJSON(),
        quantity: 2,
        setQuantityFlag: true,
      },
    });
    expect(response.status()).toBe(200);
    await store.db.updateTable('offers').set({ stock: 2 }).where('asin', '=', bananas.asin).execute();
    // One press at a time, each waiting for its answer: 2 is taken, 3 is refused.
    const answer = () => page.waitForResponse((r) => new URL(r.url()).pathname === '/alm/addtofreshcart');
    const taken = answer();
    await grocery.plus.click();
    expect((await taken).status()).toBe(200);
    await expect(grocery.plus).toBeEnabled();
    const refused = answer();
    await grocery.plus.click();
    expect((await refused).status()).toBe(400);
    const modal = page.getByRole('dialog', { name: 'Item was not added to the cart' });
    await expect(modal).toBeVisible();
    await expect(modal.getByText(/^Only 2 of .* are available right now/)).toBeVisible();
    await expect(modal.getByText('Your cart was not changed.')).toBeVisible();
    // GRO-030: the stepper follows the cart.
    await expect(grocery.shownQuantity).toHaveText('2');
    // GRO-029: the code is counted.
    await expect
      .poll(() => metrics.find((m) => m.schemaId === 'pdp.grocery.add-error/v1')?.data.errorCode)
      .toBe('ITEM_PARTIALLY_AVAILABLE');
    await grocery.expectNoAxeViolations();
    const counts = grocery.callsTo('/gp/api/cart/1.0/get-cart-count.json').length;
    await modal.getByRole('button', { name: 'OK' }).press('Enter');
    await expect(modal).toHaveCount(0);
    // GRO-036: the cart is refreshed after the modal closes.
    await expect
      .poll(() => grocery.callsTo('/gp/api/cart/1.0/get-cart-count.json').length)
      .toBeGreaterThan(counts);
    await expect(grocery.cartLink).toHaveAccessibleName('Cart, 2 items');
  });

  test('GRO-031 a 403 reloads the page', async ({ page, world, consoleErrors }) => {
    consoleErrors.expect(/status of 403/);
    const bananas = await world.product(BANANAS);
    const grocery = new GroceryPage(page);
    await grocery.goto(bananas.asin);
    await page.route('**/alm/addtofreshcart*', (route) =>
      route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: '{"error":{"code":"csrf_token_invalid","message":"x"}}',
      }),
    );
    const reloaded = page.waitForEvent('load');
    await grocery.addButton.click();
    await reloaded;
    await expect(grocery.addButton).toBeVisible();
  });

  test('GRO-033 GRO-018 any other failure fetches the generic modal', async ({
    page,
    world,
    consoleErrors,
  }) => {
    consoleErrors.expect(/status of 503/);
    const bananas = await world.product(BANANAS);
    const grocery = new GroceryPage(page);
    await grocery.goto(bananas.asin);
    await page.route('**/alm/addtofreshcart*', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"error":{"code":"unavailable","message":"x"}}',
      }),
    );
    await grocery.addButton.click();
    const modal = page.getByRole('dialog', { name: 'Item was not added to the cart' });
    await expect(modal).toBeVisible();
    await expect(modal.getByText('If it keeps happening, add the item from your cart page.')).toBeVisible();
    expect(grocery.callsTo('/alm/atfcGenericErrorModal/')).toHaveLength(1);
    // GRO-010: the spinner is gone and the button is back.
    await modal.getByRole('button', { name: 'OK' }).click();
    await expect(grocery.addButton).toBeVisible();
  });

  for (const [language, header, ok] of [
    ['de_DE', 'Artikel wurde nicht in den Einkaufswagen gelegt', 'OK'],
    ['es_US', 'El producto no se agregó al carrito', 'Aceptar'],
    ['ja_JP', '商品はカートに追加されませんでした', 'OK'],
  ] as const) {
    test(`GRO-034 GRO-035 when the generic modal cannot be had, the built-in fallback speaks the page language (${language})`, async ({
      page,
      world,
      consoleErrors,
    }) => {
      consoleErrors.expect(/Failed to load resource/);
      const bananas = await world.product(BANANAS);
      const grocery = new GroceryPage(page);
      await grocery.goto(bananas.asin, `?language=${language}`);
      await page.route('**/alm/addtofreshcart*', (route) => route.abort());
      await page.route('**/alm/atfcGenericErrorModal/', (route) => route.abort());
      await grocery.addButton.click();
      const modal = page.getByRole('dialog', { name: header });
      await expect(modal).toBeVisible();
      await expect(modal.getByRole('button', { name: ok })).toBeFocused();
      await grocery.expectNoAxeViolations();
      await page.keyboard.press('Enter');
      await expect(modal).toHaveCount(0);
    });
  }
});

test.describe('fresh order, multi add and the app', () => {
  test('GRO-037 in the app an add vibrates for 50 ms', async ({ browser, world }) => {
    const bananas = await world.product(BANANAS);
    const context = await browser.newContext({
      userAgent: 'Mozilla/5.0 (Linux; Android 14) NorthwindApp/5.2',
    });
    const page = await context.newPage();
    await page.addInitScript(() => {
      (window as unknown as { vibrations: unknown[] }).vibrations = [];
      Object.defineProperty(navigator, 'vibrate', {
        value: (pattern: unknown) => {
          (window as unknown as { vibrations: unknown[] }).vibrations.push(pattern);
          return true;
        },
      });
    });
    const grocery = new GroceryPage(page);
    await grocery.goto(bananas.asin);
    await grocery.addButton.click();
    await expect(grocery.shownQuantity).toHaveText('1');
    expect(await page.evaluate(() => (window as unknown as { vibrations: unknown[] }).vibrations)).toEqual([
      50,
    ]);
    await context.close();
  });

  test('GRO-013 GRO-014 GRO-024 multi add sends the ticked items at once; with none ticked nothing is sent', async ({
    page,
    world,
  }) => {
    const bananas = await world.product(BANANAS);
    const eggs = await world.product('B0PDPEGG01');
    const milk = await world.product('B0PDPMLK01', {
      features: {
        fresh: true,
        grocery: {
          brandId: 'HARVEST-LANE-FRESH',
          offerListingDiscriminator: 'HLF-MLK-GAL',
          unitOfMeasure: 'gallon',
          stores: [
            {
              storeId: 'HLF-SEATTLE',
              name: 'Harvest Lane Fresh Seattle',
              deliveryMessage: 'FREE 2-hour grocery delivery on orders over $35 in Seattle',
              postalCodePrefixes: ['980', '981', '982'],
              introduction: 'sheet',
            },
          ],
          repeatDelivery: true,
          boughtTogether: [bananas.asin, eggs.asin],
        },
      },
    });
    const grocery = new GroceryPage(page);
    await grocery.goto(milk.asin);
    const section = page.getByRole('region', { name: 'Often bought together' });
    await expect(section.getByRole('checkbox')).toHaveCount(3);
    for (const box of await section.getByRole('checkbox').all()) await box.uncheck();
    // GRO-013/014: the button is disabled with nothing ticked; a press sends nothing.
    await expect(section.getByRole('button', { name: 'Choose items to add' })).toBeDisabled();
    await section.getByRole('button', { name: 'Choose items to add' }).click({ force: true });
    expect(grocery.callsTo('/alm/addtocart/multiple')).toHaveLength(0);
    // By keyboard: Space ticks, Enter adds.
    await section.getByRole('checkbox', { name: /Whole Milk/ }).focus();
    await page.keyboard.press('Space');
    await section.getByRole('checkbox', { name: /Eggs/ }).focus();
    await page.keyboard.press('Space');
    await section.getByRole('button', { name: 'Add 2 to Fresh Cart' }).focus();
    await page.keyboard.press('Enter');
    await expect(grocery.shownQuantity).toHaveText('1');
    const [call] = grocery.callsTo('/alm/addtocart/multiple');
    expect(
      call
        ?.postDataJSON()
        .items.map((i: { asin: string }) => i.asin)
        .sort(),
    ).toEqual([eggs.asin, milk.asin].sort());
    expect(await grocery.freshQuantity(eggs.asin)).toBe(1);
    expect(await grocery.freshQuantity(bananas.asin)).toBe(0);
    await expect(grocery.cartLink).toHaveAccessibleName('Cart, 2 items');
  });
});

test.describe('the slider’s answers and touch', () => {
  test('SL-018 a malformed cart answer is logged as invalid; the slider goes back to the cart’s quantity', async ({
    page,
    world,
  }) => {
    const bananas = await world.product(BANANAS);
    const grocery = new GroceryPage(page);
    const invalid: unknown[] = [];
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    page.on('request', (request) => {
      if (new URL(request.url()).pathname !== '/api/metrics/events') return;
      const events = (request.postDataJSON() as { events: { schemaId: string }[] }).events;
      invalid.push(...events.filter((e) => e.schemaId === 'pdp.slider.invalid-response/v1'));
    });
    await grocery.goto(bananas.asin);
    await grocery.addFirst();
    await page.route('**/alm/addtofreshcart*', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{"clientResponseModel":"?"}' }),
    );
    await grocery.plus.click();
    await expect.poll(() => invalid.length).toBe(1);
    expect(warnings).toContain('quantity slider: invalid cart response');
    await expect(grocery.shownQuantity).toHaveText('1');
    await expect(grocery.plus).toBeEnabled();
  });

  test('SL-001 QS-007 on a phone the stepper works by touch', async ({ page, world }, testInfo) => {
    test.skip(testInfo.project.name !== 'mobile', 'touch is the phone project’s');
    const bananas = await world.product(BANANAS);
    const grocery = new GroceryPage(page);
    await grocery.goto(bananas.asin);
    await grocery.addButton.tap();
    await expect(grocery.shownQuantity).toHaveText('1');
    await page.keyboard.press('Escape');
    await expect(grocery.storeSheet).toHaveCount(0);
    // Each tap waits for its answer, so none lands while the one before it runs.
    const answer = () => page.waitForResponse((r) => new URL(r.url()).pathname === '/alm/addtofreshcart');
    for (const expected of ['2', '3']) {
      const done = answer();
      await grocery.plus.tap();
      await done;
      await expect(grocery.shownQuantity).toHaveText(expected);
    }
    await expect.poll(() => grocery.freshQuantity(bananas.asin)).toBe(3);
    await grocery.minus.tap();
    await expect.poll(() => grocery.freshQuantity(bananas.asin)).toBe(2);
  });
});
