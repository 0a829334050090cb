import { execFileSync } from 'node:child_process';
import type { Page, Request } from '@playwright/test';
import { addPastPurchases } from '../../src/server/db/repositories/trade-in-repository';
import {
  TRADE_IN_LIMITS,
  TRADE_IN_MODAL,
  TRADE_IN_PRODUCT_GROUPS,
} from '../../src/shared/trade-in-constants';
import { expect, test, type World } from './fixtures';
import { fillSignIn, signIn } from './pages/sign-in-page';
import { TradeInFlow } from './pages/trade-in-flow';

// The trade-in flow over the product page and the storefront (TI-002..007, TI-013..017, TI-019..021,
// TI-026, TI-029, TI-033..036). Products are the test's own copies of the demo phone and speaker (their
// trade-in feature included); the tradeable devices and questionnaires are the demo catalog's.

const isCall = (name: string) => (request: Request) =>
  new URL(request.url()).pathname === `/tradein/hzw/${name}`;
const phoneProject = (project: string) => project === 'mobile';

async function phonePage(page: Page, world: World, signedIn = true) {
  const product = await world.standaloneProduct('B0PDPPHN01', { accessories: undefined });
  if (signedIn) await signIn(page, await world.customer(), `/dp/${product.asin}`);
  else await page.goto(`/dp/${product.asin}`);
  return product;
}

const launchLink = (page: Page) => page.getByRole('link', { name: 'Trade in a device', exact: true });

test('TI-002 TI-003 TI-020 TI-021 TI-022 the box in the column opens the flow over the page (side sheet sliding in over 500 ms on desktop, bottom sheet on phones); Escape and the backdrop close it, focus comes back', async ({
  page,
  world,
}, testInfo) => {
  const product = await phonePage(page, world);
  const flow = new TradeInFlow(page);
  const box = page.getByRole('region', { name: 'Trade in and save' });
  await expect(box).toBeVisible();

  const refTag = page.waitForRequest(isCall('recordRefTag'));
  await flow.press(box.getByRole('link', { name: 'Trade in a device' }));
  const recorded = new URL((await refTag).url()).searchParams;
  expect(Object.fromEntries(recorded)).toEqual({
    ref_: 'dp_ti_box',
    deviceType: phoneProject(testInfo.project.name) ? 'mobileWeb' : 'web',
  });
  await expect(flow.dialog).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/dp/${product.asin}$`));
  await expect(flow.heading('Which device are you trading in?')).toBeVisible();

  const panel = page.locator('[role="dialog"]');
  if (phoneProject(testInfo.project.name)) {
    await expect(panel).toHaveClass(/ui-bottom-sheet/);
  } else {
    await expect(panel).toHaveClass(/ui-side-sheet/);
    await expect(panel).toHaveCSS('animation-duration', `${TRADE_IN_LIMITS.sideSheetMs / 1000}s`);
  }

  await page.keyboard.press('Escape');
  await expect(flow.dialog).toHaveCount(0);
  await expect(box.getByRole('link', { name: 'Trade in a device' })).toBeFocused();

  await flow.press(box.getByRole('link', { name: 'Trade in a device' }));
  await expect(flow.heading('Which device are you trading in?')).toBeVisible();
  // The backdrop: the part of the window the panel does not cover (left of the side sheet, above the bottom sheet).
  await page.mouse.click(5, 5);
  await expect(flow.dialog).toHaveCount(0);
});

test('TI-002 TI-012 the price block and the storefront (a tile per product group) launch it too; the storefront opens the 700-wide modal, never from the cache', async ({
  page,
  world,
}, testInfo) => {
  await phonePage(page, world);
  const flow = new TradeInFlow(page);
  await flow.press(page.getByRole('link', { name: 'Trade in a device and save on this item' }));
  await expect(flow.heading('Which device are you trading in?')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto('/tradein');
  await expect(page.getByRole('heading', { level: 1, name: 'Trade in your devices' })).toBeVisible();
  const tiles = page.getByRole('link', { name: /^Trade in / });
  await expect(tiles).toHaveCount(TRADE_IN_PRODUCT_GROUPS.length);
  const groups = await tiles.evaluateAll((links) =>
    links.map((link) => link.getAttribute('data-product-group')),
  );
  expect([...groups].sort()).toEqual([...TRADE_IN_PRODUCT_GROUPS].sort());
  const eligible = page.waitForRequest(isCall('getCustomerItems'));
  await flow.press(page.getByRole('link', { name: 'Trade in e-readers' }));
  const call = await eligible;
  expect(new URL(call.url()).searchParams.get('productGroup')).toBe('gl_digital_text');
  // TI-006: no cache: the browser asks the network and says so.
  expect((await call.allHeaders())['cache-control']).toBe('no-cache');
  await expect(flow.heading('Which device are you trading in?')).toBeVisible();
  await expect(flow.dialog.getByRole('button', { name: /^Select Paperleaf Glow E-reader/ })).toBeVisible();
  if (!phoneProject(testInfo.project.name)) {
    await expect(page.locator('[role="dialog"]')).toHaveClass(/ui-modal/);
    expect((await page.locator('[role="dialog"]').boundingBox())?.width).toBe(TRADE_IN_MODAL.width);
  }
  await flow.expectAxeClean();
});

test('TI-025 TI-026 a launch without a product group asks for the general error view and opens it', async ({
  page,
  world,
}) => {
  const generalError = page.waitForRequest(isCall('generalerror'));
  await signIn(page, await world.customer(), '/tradein?launch=1');
  expect(new URL((await generalError).url()).searchParams.get('ref_')).toBe('ti_storefront');
  const flow = new TradeInFlow(page);
  await expect(flow.heading("We can't start a trade-in here")).toBeVisible();
  await expect(flow.dialog.getByRole('alert')).toBeVisible();
  await flow.expectAxeClean();
});

test('TI-014 TI-015 signed out: the signed-out view sends the shopper to sign in with a session flag; back on the page the flag is consumed and the launch resumes', async ({
  page,
  world,
}) => {
  const product = await phonePage(page, world, false);
  const flow = new TradeInFlow(page);
  await flow.press(launchLink(page));
  await expect(flow.heading('Sign in to trade in')).toBeVisible();
  await flow.expectAxeClean();

  await flow.press(flow.dialog.getByRole('link', { name: 'Sign in' }));
  await expect(page).toHaveURL(/\/gp\/sign-in\.html\?path=/);
  const flag = await page.evaluate(() => sessionStorage.getItem('tradeInResume'));
  expect(JSON.parse(flag ?? 'null')).toEqual({ productGroup: 'gl_wireless', path: `/dp/${product.asin}` });

  await fillSignIn(page, await world.customer());
  await expect(page).toHaveURL(new RegExp(`/dp/${product.asin}$`));
  await expect(flow.heading('Which device are you trading in?')).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('tradeInResume'))).toBeNull();
});

test('TI-029 blocked session storage is logged as the warning "Session storage access blocked"', async ({
  page,
  world,
}) => {
  await page.addInitScript(() => {
    Object.defineProperty(window, 'sessionStorage', {
      get() {
        throw new DOMException('blocked', 'SecurityError');
      },
    });
  });
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await phonePage(page, world, false);
  const flow = new TradeInFlow(page);
  await expect.poll(() => warnings).toContain('Session storage access blocked');
  const metric = page.waitForRequest((r) => r.url().endsWith('/api/metrics/events'));
  warnings.length = 0;
  await flow.press(launchLink(page));
  await flow.press(flow.dialog.getByRole('link', { name: 'Sign in' }));
  expect(JSON.stringify((await metric).postDataJSON())).toContain('pdp.trade-in.session-storage-blocked/v1');
  expect(warnings).toContain('Session storage access blocked');
  // The shopper still reaches sign-in: blocked storage only loses the resume.
  await expect(page).toHaveURL(/\/gp\/sign-in\.html\?path=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
});

test('TI-004 TI-005 TI-010 TI-013 TI-016 TI-017 TI-033 TI-034 TI-035 TI-036 a phone trade-in by keyboard on a gl_wireless product: search, refinements, questions with the appraisal, review, submit PAID_NOW, credited', async ({
  page,
  world,
}, testInfo) => {
  test.slow();
  const phone = phoneProject(testInfo.project.name);
  await phonePage(page, world);
  const flow = new TradeInFlow(page);
  await flow.press(launchLink(page));
  await expect(flow.heading('Which device are you trading in?')).toBeVisible();
  // TI-013: the credit-card card on a phone's eligible list.
  await expect(flow.dialog.getByRole('complementary', { name: 'Store credit card' })).toBeVisible();
  await flow.expectAxeClean();

  // TI-036: an empty search is the default alias; TI-034, TI-035: new style, 15 or 10 a page, rows of 3 or 2.
  let searched = page.waitForResponse((r) => isCall('search')(r.request()));
  await flow.search('Search for your device', '');
  let answer = await (await searched).json();
  expect(answer).toMatchObject({ q: TRADE_IN_LIMITS.defaultSearchAlias, style: 'new' });
  expect(answer.pageSize).toBe(
    phone ? TRADE_IN_LIMITS.newSearchPageSize.mobile : TRADE_IN_LIMITS.newSearchPageSize.desktop,
  );
  const rowSize = phone ? TRADE_IN_LIMITS.rowSize.mobile : TRADE_IN_LIMITS.rowSize.desktop;
  const grid = flow.dialog.locator('.ti-results');
  await expect(grid).toHaveAttribute('data-row-size', String(rowSize));
  const columns = await grid.evaluate(
    (element) => getComputedStyle(element).gridTemplateColumns.split(' ').length,
  );
  expect(columns).toBe(rowSize);
  // TI-033: the classic list, 20 a page.
  searched = page.waitForResponse((r) => isCall('search')(r.request()));
  await flow.button('Show as a list');
  answer = await (await searched).json();
  expect(answer).toMatchObject({ style: 'classic', pageSize: TRADE_IN_LIMITS.searchPageSize });

  await flow.search('Search for your device', 'Orion 4');
  await expect(flow.heading('Results for “Orion 4”')).toBeVisible();
  await flow.expectAxeClean();
  await flow.press(
    flow.dialog.getByRole('button', { name: 'Select Orion 4 Phone, 64 GB, Unlocked to trade in' }),
  );

  // TI-005: carrier as contained buttons, storage as a search card.
  await expect(flow.heading('Which carrier is it on?')).toBeVisible();
  await expect(flow.dialog.locator('[data-presentation]')).toHaveAttribute(
    'data-presentation',
    'containedButton',
  );
  await flow.expectAxeClean();
  await flow.button('Unlocked');
  await expect(flow.heading('How much storage does it have?')).toBeVisible();
  await expect(flow.dialog.locator('[data-presentation]')).toHaveAttribute('data-presentation', 'searchCard');
  await flow.search('Search storage sizes', '64');
  await flow.button('64 GB');

  // TI-017: the condition questions with the optional appraisal; every grade's value shown.
  await expect(flow.heading('Tell us about your Orion 4 Phone, 64 GB, Unlocked')).toBeVisible();
  await expect(flow.dialog.getByRole('table', { name: 'What it is worth in each condition' })).toContainText(
    'Like new',
  );
  await flow.expectAxeClean();
  await flow.answerEvery({ appraisal: 'accept' });
  const added = page.waitForRequest(isCall('cart/add'));
  await flow.button('Add to trade-in');
  expect((await added).postDataJSON()).toMatchObject({ asin: 'TIPHN00001', appraisal: true });

  await expect(flow.heading('Orion 4 Phone, 64 GB, Unlocked added to your trade-in')).toBeVisible();
  await expect(flow.dialog.getByText('Just added')).toBeVisible();
  await flow.expectAxeClean();
  const reviewed = page.waitForResponse((r) => isCall('review')(r.request()));
  await flow.button('Review your trade-in');

  await expect(flow.heading('Review your trade-in')).toBeVisible();
  const review = flow.dialog;
  // TI-010: the processor address, every field of it.
  const address = (await (await reviewed).json()).processorAddress;
  for (const field of ['fullName', 'line1', 'city', 'state', 'postalCode', 'countryCode'] as const) {
    await expect(review.locator('address')).toContainText(address[field]);
  }
  await expect(review.locator('[data-payment]')).toHaveAttribute('data-payment', 'PAID_NOW');
  await expect(review.getByText(/These values are held until/)).toBeVisible();
  await expect(review.locator('address')).toBeVisible();
  await flow.expectAxeClean();
  const submitted = page.waitForResponse((r) => isCall('submit')(r.request()));
  await flow.button('Submit trade-in');
  const success = await (await submitted).json();
  expect(success).toMatchObject({ view: 'success', paymentPreference: 'PAID_NOW' });

  await expect(flow.heading('Your trade-in is submitted')).toBeVisible();
  await expect(
    flow.dialog.getByText(`${success.creditedNow.displayString} was added to your gift-card balance.`),
  ).toBeVisible();
  await expect(flow.dialog.getByRole('heading', { name: 'Shipping label' })).toBeVisible();
  // The drop-off locations expander.
  await flow.press(flow.dialog.getByText('Drop-off locations', { exact: true }));
  await expect(flow.dialog.getByLabel('Find drop-off locations near a ZIP code')).toBeVisible();
  await flow.expectAxeClean();

  // The credit is on the shopper's balance: the account page shows it, beside the trade-in and its state.
  await flow.press(
    flow.dialog.getByRole('link', { name: 'See your trade-ins and gift-card balance in your account' }),
  );
  await expect(page).toHaveURL(/\/gp\/css\/homepage\.html$/);
  const account = page.getByRole('region', { name: 'Gift card balance and trade-ins' });
  await expect(account.getByText(`Gift card balance: ${success.creditedNow.displayString}`)).toBeVisible();
  await expect(account.getByRole('heading', { name: `Trade-in ${success.tradeInId}` })).toBeVisible();
  const balance = await (await page.request.get('/tradein/hzw/balance')).json();
  expect(balance.balance.minor).toBe(success.creditedNow.minor);
});

test('TI-005 TI-024 finding a phone by brand and model: brand as complex cards, model as simple cards', async ({
  page,
  world,
}) => {
  await phonePage(page, world);
  const flow = new TradeInFlow(page);
  await flow.press(launchLink(page));
  await flow.button('Find your phone by brand and model');
  await expect(flow.heading('Which brand is your phone?')).toBeVisible();
  await expect(flow.dialog.locator('[data-presentation]')).toHaveAttribute(
    'data-presentation',
    'complexCard',
  );
  await flow.expectAxeClean();
  await flow.button('Vela');
  await expect(flow.heading('Which model?')).toBeVisible();
  await expect(flow.dialog.locator('[data-presentation]')).toHaveAttribute('data-presentation', 'simpleCard');
  await flow.button('Back');
  await expect(flow.heading('Which brand is your phone?')).toBeVisible();
});

test('TI-004 TI-019 the cart, and the warnings of S2 §4: a non-tradeable answer and mixed hazmat are refused with their warning', async ({
  page,
  world,
  consoleErrors,
}) => {
  test.slow();
  // Each refused add is a 422 the browser reports in the console.
  consoleErrors.expect(/status of 422/);
  await phonePage(page, world);
  const flow = new TradeInFlow(page);
  await flow.press(launchLink(page));

  const answerAll = async (battery: 'No' | 'Yes') => {
    await flow.answerEvery({ battery });
    await flow.button('Add to trade-in');
  };
  /** A phone found by a search, its carrier chosen when it comes in several, then confirmed. */
  const choosePhone = async (model: string, carrier?: string) => {
    await flow.search('Search for your device', model);
    await flow.press(flow.dialog.getByRole('button', { name: new RegExp(`^Select ${model} Phone`) }).first());
    if (carrier) {
      await expect(flow.heading('Which carrier is it on?')).toBeVisible();
      await flow.button(carrier);
    }
    await expect(flow.heading('Is this your phone?')).toBeVisible();
    await flow.button('Continue with this phone');
    await expect(flow.heading(new RegExp(`Tell us about your ${model}`))).toBeVisible();
  };

  // Non-tradeable: a swollen battery.
  await choosePhone('Orion 3');
  await answerAll('Yes');
  await expect(flow.dialog.locator('[data-warning="nonTradeable"]')).toBeVisible();

  // The phone with a sound battery goes in; a phone whose battery needs special shipping is refused beside it.
  await answerAll('No');
  await expect(flow.heading(/added to your trade-in/)).toBeVisible();
  await flow.button('Go to your trade-in cart');
  await expect(flow.heading('Your trade-in cart')).toBeVisible();
  await expect(flow.dialog.getByText(`1 of ${TRADE_IN_LIMITS.maxItems} items`)).toBeVisible();
  await expect(flow.dialog.getByText(/These values are held until/)).toBeVisible();
  await flow.expectAxeClean();
  await flow.button('Add another device');
  await choosePhone('Zephyr Rugged', 'Unlocked');
  await answerAll('No');
  await expect(flow.dialog.locator('[data-warning="mixedHazmat"]')).toBeVisible();
  await flow.expectAxeClean();
});

test('TI-002 TI-007 launched from the recycle-and-save promotion: the modal gives way to the trade-in, titled for recycle-and-save, its calls carrying the widget state', async ({
  page,
  world,
}, testInfo) => {
  const product = await world.standaloneProduct('B0PDPSPK01', { accessories: undefined });
  await signIn(page, await world.customer(), `/dp/${product.asin}`);
  const flow = new TradeInFlow(page);
  await flow.press(page.getByRole('button', { name: /Recycle and save 25%/ }));
  const promotion = page.getByRole('dialog', { name: 'Recycle and save' });
  const eligible = page.waitForRequest(isCall('getCustomerItems'));
  await flow.press(promotion.getByRole('link', { name: 'Trade in a device' }));
  await expect(promotion).toHaveCount(0);
  await expect(page.getByRole('dialog', { name: 'Recycle and trade in' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/dp/${product.asin}$`));
  expect(Object.fromEntries(new URL((await eligible).url()).searchParams)).toEqual({
    deviceType: phoneProject(testInfo.project.name) ? 'mobileWeb' : 'web',
    productGroup: 'gl_digital_products_3',
    ref_: 'ti_eligible',
    title: 'recycleAndSaveTitle',
    currentAsin: product.asin,
    buyingPrice: '4999',
  });
  await expect(flow.heading('Which device are you trading in?')).toBeVisible();
  // TI-013: no credit-card card outside gl_wireless.
  await expect(flow.dialog.getByRole('complementary', { name: 'Store credit card' })).toHaveCount(0);
});

test('TI-006 a view that never comes is given up after 30 s, with a message and a retry', async ({
  page,
  world,
}) => {
  await page.clock.install();
  await phonePage(page, world);
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let calls = 0;
  await page.route('**/tradein/hzw/getCustomerItems*', async (route) => {
    calls += 1;
    if (calls > 1) return route.continue();
    await held;
    await route.abort().catch(() => undefined);
  });
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
  const flow = new TradeInFlow(page);
  await flow.press(launchLink(page));
  const waiting = flow.dialog.getByRole('status', { name: 'Loading your devices' });
  await expect(waiting).toBeVisible();
  await page.clock.runFor(TRADE_IN_MODAL.timeoutMs - 1);
  await expect(waiting).toBeVisible();
  await page.clock.runFor(1);
  await expect(flow.dialog.getByRole('alert')).toContainText('Trade-in is not available right now');
  release();
  await page.clock.resume();
  await flow.button('Try again');
  await expect(flow.heading('Which device are you trading in?')).toBeVisible();
});

test('TI-030 a session lost while the page is open: the call answers 401 and the flow shows the signed-out view', async ({
  page,
  world,
  consoleErrors,
}) => {
  consoleErrors.expect(/status of 401/);
  await phonePage(page, world);
  await page.context().clearCookies();
  const flow = new TradeInFlow(page);
  const answered = page.waitForResponse((r) => isCall('getCustomerItems')(r.request()));
  await flow.press(launchLink(page));
  expect((await answered).status()).toBe(401);
  await expect(flow.heading('Sign in to trade in')).toBeVisible();
});

test('TI-004 TI-016 TI-018 a past speaker on a speaker page, paid later: past purchases first, credited once the operator receives it', async ({
  page,
  world,
  store,
}) => {
  test.slow();
  const product = await world.standaloneProduct('B0PDPSPK01', { accessories: undefined });
  const customer = await world.customer();
  // An older Nimbus (the demo catalog's TISPK00002, not payable at submit) the shopper bought two years ago.
  await addPastPurchases(store.db, customer.id, [
    { deviceAsin: 'TISPK00002', purchasedAt: Date.now() - 2 * 365 * 86_400_000 },
  ]);
  await signIn(page, customer, `/dp/${product.asin}`);
  const flow = new TradeInFlow(page);
  await flow.press(launchLink(page));
  await expect(flow.heading('Which device are you trading in?')).toBeVisible();
  const lists = flow.dialog.getByRole('heading', { level: 4 });
  await expect(lists).toHaveText(['Your past purchases', 'Devices we take']);
  const past = flow.dialog.getByRole('region', { name: 'Your past purchases' });
  await flow.press(past.getByRole('button', { name: /^Select Nimbus/ }).first());

  await expect(flow.heading(/Tell us about your Nimbus/)).toBeVisible();
  await flow.answerEvery();
  const added = page.waitForResponse((r) => isCall('cart/add')(r.request()));
  await flow.button('Add to trade-in');
  const selected = await (await added).json();
  const quoted = selected.items.find(
    (item: { itemId: string }) => item.itemId === selected.justAdded,
  ).condition;
  await expect(flow.heading(/added to your trade-in/)).toBeVisible();
  await flow.button('Review your trade-in');
  await expect(flow.heading('Review your trade-in')).toBeVisible();
  await expect(flow.dialog.locator('[data-payment]')).toHaveAttribute('data-payment', 'PAID_LATER');
  const submitted = page.waitForResponse((r) => isCall('submit')(r.request()));
  await flow.button('Submit trade-in');
  const success = await (await submitted).json();
  expect(success).toMatchObject({ paymentPreference: 'PAID_LATER', creditedNow: { minor: 0 } });
  await expect(
    flow.dialog.getByText('Your credit is added to your gift-card balance when we receive your devices.'),
  ).toBeVisible();

  // The operator receives it in the condition quoted: the credit lands on the balance.
  execFileSync(
    'npx',
    [
      'tsx',
      'src/server/services/trade-in/trade-in-cli.ts',
      'receive',
      success.tradeInId,
      '--condition',
      quoted,
    ],
    {
      env: { ...process.env, DATABASE_URL: process.env.E2E_DATABASE_URL ?? '' },
      stdio: 'pipe',
    },
  );
  await page.goto('/gp/css/homepage.html');
  const account = page.getByRole('region', { name: 'Gift card balance and trade-ins' });
  await expect(account.getByText(`Gift card balance: ${success.creditedLater.displayString}`)).toBeVisible();
});
