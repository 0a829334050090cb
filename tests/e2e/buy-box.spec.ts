import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { demoProductShape } from '../factories/demo-products';
import type { CreatedProduct } from '../factories/product-factory';
import { uniqueCode } from '../factories/unique';
import { declineAccessoryInterstitial } from './accessory-interstitial';
import { expect, test, type World } from './fixtures';
import { fillSignIn, signIn } from './pages/sign-in-page';

// Every page here is a product the test makes for itself, shaped like a demo product: the smart speaker
// (gift wrap, device linking, installments, a coupon, accessories), the invitation-only consoles, the
// battery limited to 5 and the filter sold in threes. Copies leave the demo families (whose stripes
// other specs count); a test about the stripe makes a family of its own.

/** A page of its own shaped like the smart speaker's. */
const speaker = (world: World) => world.standaloneProduct('B0PDPSPK01');

/**
 * Four speakers shaped like the demo speaker family (the 3rd Gen, Mini, Studio and Max, each with its
 * label) in a family of their own; the first is the 3rd Gen.
 */
async function speakerFamily(world: World) {
  const id = `test-family-${uniqueCode(8)}`;
  const members: CreatedProduct[] = [];
  for (const demo of ['B0PDPSPK01', 'B0PDPSPK02', 'B0PDPSPK03', 'B0PDPSPK04']) {
    const label = demoProductShape(demo).family?.label ?? demo;
    members.push(await world.product(demo, { family: { id, label } }));
  }
  return members;
}

/**
 * A speaker-like page with what the demo speaker's page has below the fold: the smart-home badge (a
 * plug, a bulb and a camera), its two bundles and the ads aimed at it.
 */
async function speakerWithWidgets(world: World) {
  const product = await speaker(world);
  const plug = await world.standaloneProduct('B0PDPPLG02');
  const bulb = await world.standaloneProduct('B0PDPBLB01');
  const camera = await world.standaloneProduct('B0PDPCAM01');
  const stand = await world.standaloneProduct('B0PDPSTD01');
  const music = await world.standaloneProduct('B0PDPMUS01');
  await world.smartHome(product, [plug, bulb, camera]);
  await world.bundle({
    title: 'Test Smart Home Starter Bundle',
    components: [{ product }, { product: plug }, { product: bulb, quantity: 2 }],
    price: 84.99,
    upsells: [stand, plug, music],
  });
  await world.bundle({
    title: 'Test Stereo Pair',
    components: [
      { product, quantity: 2 },
      { product: stand, quantity: 2 },
    ],
    price: 114.99,
    upsells: [music, bulb],
  });
  const advertised = [
    'B0PDPTV055',
    'B0PDPSTK01',
    'B0PDPSPK02',
    'B0PDPCAM01',
    'B0PDPSPK03',
    'B0PDPRDR01',
    'B0PDPBAB01',
    'B0PDPFLT01',
    'B0PDPBAT01',
  ];
  for (const [i, demo] of advertised.entries()) {
    await world.ad({
      product: await world.standaloneProduct(demo),
      bid: 1.4 - i / 10,
      targets: [product],
      advertiser: `Test Advertiser ${i + 1}`,
    });
  }
  return product;
}

test.beforeEach(async ({ page }) => {
  await declineAccessoryInterstitial(page);
});

/** A fresh account for tests that leave a mark on the customer (coupons, invitations), signed in. */
async function newShopper(page: Page, path: string) {
  const email = `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await page.goto(`/gp/sign-in.html?mode=create-account&path=${encodeURIComponent(path)}`);
  await page.getByLabel('Your name').fill('Test Shopper');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('e2e-password-123');
  await page.getByRole('button', { name: 'Create your account' }).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  return email;
}

async function cartItems(page: Page) {
  const response = await page.request.get('/api/marketplaces/ATVPDKIKX0DER/cart/items?cartTypes=RETAIL');
  return (await response.json()).entity.items as {
    asin: string;
    quantity: number;
    additionalParameters?: Record<string, unknown>;
  }[];
}

test('BB-003 the buy box offers add to cart, buy now and, when signed in, 1-Click and installments', async ({
  page,
  world,
}) => {
  const product = await speaker(world);
  await page.goto(`/dp/${product.asin}`);
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Buy Now', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Buy now with 1-Click' })).toHaveCount(0);
  await expect(page.getByLabel(/Pay in 5 monthly payments of \$10\.00/)).toBeVisible();
  await signIn(page, await world.customer(), `/dp/${product.asin}`);
  await expect(page.getByRole('button', { name: 'Buy now with 1-Click' })).toBeVisible();
});

test('BB-010 BB-011 BB-012 BB-013 BB-014 BB-015 BB-016 gift wrap and account linking exclude each other', async ({
  page,
  world,
}) => {
  const product = await speaker(world);
  await page.goto(`/dp/${product.asin}`);
  const gift = page.getByLabel('Add gift options');
  const link = page.getByLabel('Link device to your account to simplify setup');
  await expect(link).toBeChecked();
  await gift.check();
  await expect(link).not.toBeChecked();
  await expect(link).toBeDisabled();
  await expect(page.getByRole('status').filter({ hasText: 'link up to 3 devices' })).toBeVisible();
  await gift.uncheck();
  await expect(link).toBeEnabled();
  await expect(link).toBeChecked();
  await gift.check();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Added to cart.')).toBeVisible();
  const [line] = await cartItems(page);
  expect(line?.additionalParameters).toMatchObject({
    giftOptions: { includeGiftReceipt: true },
    devicePreregistration: { selected: false },
  });
  await gift.uncheck();
  await link.uncheck();
  await gift.check();
  await gift.uncheck();
  await expect(link).not.toBeChecked();
  await link.check();
  await expect(gift).not.toBeChecked();
});

test('BB-018 BB-019 BB-020 the installments program id is sent only while its box is checked', async ({
  page,
  world,
}) => {
  const product = await speaker(world);
  await page.goto(`/dp/${product.asin}`);
  const box = page.getByLabel(/Pay in 5 monthly payments/);
  await box.check();
  await expect(page.getByText('Installments are charged monthly')).toBeVisible();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Added to cart.')).toBeVisible();
  expect((await cartItems(page))[0]?.additionalParameters).toMatchObject({
    installments: { programId: 'INSTALLMENTS-5' },
  });
  await box.uncheck();
  await expect(page.getByText('Installments are charged monthly')).toHaveCount(0);
});

test('BB-017 account linking reads the active quantity dropdown, the installments one included', async ({
  page,
  world,
}) => {
  // Without accessories: their interstitial (declined in beforeEach) would only slow the add down.
  const product = await world.standaloneProduct('B0PDPSPK01', { accessories: undefined });
  await page.goto(`/dp/${product.asin}`);
  const link = page.getByLabel('Link device to your account to simplify setup');
  await expect(page.locator('select#quantity')).toBeVisible();
  await page.getByLabel('Quantity:').selectOption('4');
  await expect(link).toHaveCount(0);
  await expect(page.getByText('Device linking is available for orders of up to 3 devices.')).toBeVisible();
  await page.getByLabel(/Pay in 5 monthly payments/).check();
  await expect(page.locator('select#quantity')).toHaveCount(0);
  await expect(page.locator('select#quantity-installment')).toHaveValue('4');
  await page.getByLabel('Quantity:').selectOption('2');
  await expect(link).toBeChecked();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Added to cart.')).toBeVisible();
  expect((await cartItems(page))[0]).toMatchObject({
    quantity: 2,
    additionalParameters: {
      devicePreregistration: { selected: true },
      installments: { programId: 'INSTALLMENTS-5' },
    },
  });
});

test('BB-042 the installments details open in a 600 by 400 pop-up window with scrollbars', async ({
  page,
  world,
}) => {
  const product = await speaker(world);
  await page.goto(`/dp/${product.asin}`);
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('link', { name: 'Details (opens in a new window)' }).click(),
  ]);
  await expect(popup).toHaveURL(/\/gp\/help\/installments\.html$/);
  await expect(popup.getByRole('heading', { name: 'Monthly payments' })).toBeVisible();
  expect(await popup.evaluate(() => [window.innerWidth, window.innerHeight])).toEqual([600, 400]);
  expect(page.url()).toMatch(new RegExp(`/dp/${product.asin}$`));
});

test('BB-021 BB-022 BB-023 BB-041 the last quantity option opens the restriction popover by the dropdown', async ({
  page,
  world,
}) => {
  const battery = await world.standaloneProduct('B0PDPBAT01');
  await page.goto(`/dp/${battery.asin}`);
  const quantity = page.getByLabel('Quantity:');
  await quantity.selectOption('6');
  const popover = page.getByRole('dialog', { name: 'Quantity limit' });
  await expect(popover).toBeVisible();
  await expect(popover).toContainText("You can't buy 6 or more.");
  await expect(quantity).not.toHaveValue('6');
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id} ${v.help}`)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(popover).toHaveCount(0);
  await expect(quantity).toBeFocused();
});

test('DP-011 bmsmSlotRedirect=1 clicks the quantity-updated tooltip open', async ({ page, world }) => {
  const product = await speaker(world);
  await page.goto(`/dp/${product.asin}?qty=3&bmsmSlotRedirect=1`);
  const tip = page.getByRole('dialog', { name: 'Quantity updated' });
  await expect(tip).toContainText('set the quantity to 3');
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id} ${v.help}`)).toEqual([]);
  await page.goto(`/dp/${product.asin}?qty=3`);
  await expect(page.getByRole('button', { name: 'Quantity updated' })).toBeVisible();
  await expect(tip).toHaveCount(0);
});

test('BB-043 BB-044 DP-018 DP-020 a popover highlights 20 ms after opening, saves its place every 250 ms and its trigger rests 370 ms after closing', async ({
  page,
  world,
}) => {
  const product = await speaker(world);
  await page.clock.install();
  await page.goto(`/dp/${product.asin}?qty=3`);
  const trigger = page.getByRole('button', { name: 'Quantity updated' });
  await expect(trigger).toBeVisible();
  await page.clock.pauseAt(Date.now() + 60_000);
  await trigger.click();
  const tip = page.getByRole('dialog', { name: 'Quantity updated' });
  await expect(tip).toHaveAttribute('data-highlighted', 'false');
  await page.clock.runFor(19);
  await expect(tip).toHaveAttribute('data-highlighted', 'false');
  await page.clock.runFor(1);
  await expect(tip).toHaveAttribute('data-highlighted', 'true');
  // DP-020: the popover never covers its trigger by more than 10 px.
  const [box, anchor] = [await tip.boundingBox(), await trigger.boundingBox()];
  if (!box || !anchor) throw new Error('popover or trigger not laid out');
  const overlapX = Math.min(box.x + box.width, anchor.x + anchor.width) - Math.max(box.x, anchor.x);
  const overlapY = Math.min(box.y + box.height, anchor.y + anchor.height) - Math.max(box.y, anchor.y);
  expect(Math.min(overlapX, overlapY)).toBeLessThanOrEqual(10);
  // DP-018: after a resize the popover moves to its trigger again once 250 ms have passed.
  await page.clock.runFor(300); // a save already due (focus may have scrolled the page) happens first
  const before = await tip.getAttribute('style');
  const size = page.viewportSize() ?? { width: 1280, height: 900 };
  const resized = page.evaluate(
    () => new Promise((done) => window.addEventListener('resize', () => done(null), { once: true })),
  );
  await page.setViewportSize({ width: size.width - 120, height: size.height });
  await resized;
  await page.clock.runFor(249);
  expect(await tip.getAttribute('style')).toBe(before);
  await page.clock.runFor(1);
  await expect.poll(() => tip.getAttribute('style')).not.toBe(before);
  await page.keyboard.press('Escape');
  await expect(tip).toHaveCount(0);
  await trigger.click();
  await expect(tip).toHaveCount(0);
  await page.clock.runFor(370);
  await trigger.click();
  await expect(tip).toBeVisible();
});

test('DP-006 DP-007 DP-008 cut buy box text shows "Show more", which opens a side sheet whose links open a new tab', async ({
  page,
  world,
}) => {
  const product = await speaker(world);
  await page.goto(`/dp/${product.asin}`);
  const more = page.getByRole('button', { name: 'Show more' });
  await more.click();
  const sheet = page.getByRole('dialog', { name: 'Returns and payment' });
  await expect(sheet).toBeVisible();
  await expect(page.locator('.ui-backdrop')).toBeVisible();
  await expect(sheet.getByRole('link', { name: /returns policy/ })).toHaveAttribute('target', '_blank');
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id} ${v.help}`)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);
  await expect(page.locator('.ui-backdrop')).toHaveCount(0);
  await expect(more).toBeFocused();
});

test('BB-024 BB-025 an empty quantity dropdown locks the purchase buttons until a quantity is chosen', async ({
  page,
  world,
}) => {
  const filter = await world.standaloneProduct('B0PDPFLT01');
  await page.goto(`/dp/${filter.asin}`);
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Buy Now', exact: true })).toBeDisabled();
  await expect(page.getByText('sold in quantities of at least 3')).toBeVisible();
  await page.getByLabel('Quantity:').selectOption('3');
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Added to cart.')).toBeVisible();
  expect((await cartItems(page)).find((i) => i.asin === filter.asin)?.quantity).toBe(3);
});

test('BB-008 DP-009 DP-012 the qty parameter pre-sets the quantity and a change pushes it into the URL', async ({
  page,
  world,
}) => {
  const product = await speaker(world);
  await page.goto(`/dp/${product.asin}?qty=3`);
  await expect(page.getByLabel('Quantity:')).toHaveValue('3');
  await page.getByLabel('Quantity:').selectOption('4');
  await expect(page).toHaveURL(/\?qty=4$/);
  await page.goBack();
  await expect(page).toHaveURL(/\?qty=3$/);
  await page.goto(`/dp/${product.asin}?qty=1000`);
  await expect(page.getByLabel('Quantity:')).toHaveValue('1');
});

test('BB-026 BB-027 after a 1-Click press the button is blocked for 30 s or until the page shows again', async ({
  page,
  world,
}) => {
  // Without accessories, so no interstitial holds the press back.
  const product = await world.standaloneProduct('B0PDPSPK01', { accessories: undefined });
  await signIn(page, await world.customer(), `/dp/${product.asin}`);
  await page.clock.install();
  await page.reload();
  // The order itself is not the point here: a 204 answer keeps the page where it is.
  await page.route('**/gp/product/handle-buy-box', (route) => route.fulfill({ status: 204 }));
  const oneClick = page.getByRole('button', { name: 'Buy now with 1-Click' });
  // The page's clock stands still from before the press, so only runFor moves the 30 s on (a busy
  // machine's own seconds would count otherwise).
  await page.clock.pauseAt(Date.now() + 1_000);
  await oneClick.click();
  await expect(oneClick).toBeDisabled();
  await page.clock.runFor(29_000);
  await expect(oneClick).toBeDisabled();
  await page.clock.runFor(1_100);
  await expect(oneClick).toBeEnabled();
  await oneClick.click();
  await expect(oneClick).toBeDisabled();
  await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true })));
  await expect(oneClick).toBeEnabled();
});

test('BB-028 BB-029 BB-030 a signed-out shopper redeems the coupon through sign-in and comes back redeemed', async ({
  page,
  world,
}) => {
  const product = await speaker(world);
  await page.goto(`/dp/${product.asin}`);
  await page.getByRole('button', { name: 'Apply coupon' }).click();
  await expect(page).toHaveURL(
    /\/gp\/sign-in\.html\?path=%2Fgp%2Fcollect-coupon%2Fhandler%2Fredeem_coupon_after_login\.html/,
  );
  await page.getByRole('link', { name: 'Create your account' }).click();
  await page.getByLabel('Your name').fill('Coupon Shopper');
  await page
    .getByLabel('Email')
    .fill(`e2e-coupon-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`);
  await page.getByLabel('Password').fill('e2e-password-123');
  await page.getByRole('button', { name: 'Create your account' }).click();
  await expect(page).toHaveURL(new RegExp(`/dp/${product.asin}$`));
  await expect(page.getByText('Save $5.00 with coupon: applied at checkout.')).toBeVisible();
});

test('BB-030 BB-031 BB-032 DP-010 a signed-in redeem swaps the button for a note; a failed redeem reloads the page with its parameters', async ({
  page,
  world,
}) => {
  const product = await speaker(world);
  await newShopper(page, `/dp/${product.asin}`);
  await page.goto(`/dp/${product.asin}?qty=2&ref_=sr_1_1&smid=ATVPDKIKX0DER`);
  await page.route('**/redeem-coupon-detailpage.html*', (route) =>
    route.fulfill({ status: 200, body: '{"status":0}' }),
  );
  await page.getByRole('button', { name: 'Apply coupon' }).click();
  await expect(page).toHaveURL(/psc=1/);
  // The reloaded page's script must be running before its button can be pressed.
  await page.waitForLoadState('load');
  const reloaded = new URL(page.url()).searchParams;
  expect(Object.fromEntries(reloaded)).toEqual({ qty: '2', ref_: 'sr_1_1', smid: 'ATVPDKIKX0DER', psc: '1' });
  await expect(page.getByLabel('Quantity:')).toHaveValue('2');
  await page.unroute('**/redeem-coupon-detailpage.html*');
  const redeem = page.waitForResponse('**/redeem-coupon-detailpage.html?ref_=apl_redeem_coupon');
  await page.getByRole('button', { name: 'Apply coupon' }).click();
  expect(await (await redeem).json()).toMatchObject({ status: 1 });
  await expect(page.getByText('applied at checkout.')).toBeVisible();
});

test('BB-033 BB-034 BB-036 BB-037 the invite button sends signed-out shoppers to sign in, then records the request', async ({
  page,
  world,
}) => {
  const gameConsole = await world.standaloneProduct('B0PDPCNS01');
  await page.goto(`/dp/${gameConsole.asin}`);
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Request invitation' }).click();
  await expect(page).toHaveURL(new RegExp(`/gp/sign-in\\.html\\?path=%2Fdp%2F${gameConsole.asin}`));
  await page.getByRole('link', { name: 'Create your account' }).click();
  await page.getByLabel('Your name').fill('Invite Shopper');
  await page
    .getByLabel('Email')
    .fill(`e2e-invite-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`);
  await page.getByLabel('Password').fill('e2e-password-123');
  await page.getByRole('button', { name: 'Create your account' }).click();
  await expect(page).toHaveURL(new RegExp(`/dp/${gameConsole.asin}$`));
  const sent = page.waitForRequest((request) =>
    request.url().endsWith(`/products/${gameConsole.asin}/invitation`),
  );
  await page.getByRole('button', { name: 'Request invitation' }).click();
  const request = await sent;
  // BB-036: an empty JSON body with the invite content type and the CSRF token.
  expect(request.postData()).toBe('{}');
  expect(request.headers()['content-type']).toBe(
    'application/vnd.com.amazon.api+json; type="invite.request/v1"',
  );
  expect(request.headers()['x-csrf-token']).toBeTruthy();
  await expect(page.getByText('Invitation requested')).toBeVisible();
  await expect(page.getByText('In Stock')).toHaveCount(0);
  await page.reload();
  await expect(page.getByText('Invitation requested')).toBeVisible();
});

test('BB-038 a notify-details button is disabled with new text once the request succeeds', async ({
  page,
  world,
}) => {
  const gameConsolePro = await world.standaloneProduct('B0PDPCNS02');
  await newShopper(page, `/dp/${gameConsolePro.asin}`);
  await expect(page.getByText('No ratings yet')).toBeVisible();
  await page.getByRole('button', { name: 'Notify me with details' }).click();
  await expect(page.getByRole('button', { name: "We'll send you the details" })).toBeDisabled();
  await page.reload();
  await expect(page.getByRole('button', { name: "We'll send you the details" })).toBeDisabled();
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id} ${v.help}`)).toEqual([]);
});

test('BB-039 a failed invite request logs an error and opens a failure modal', async ({
  page,
  world,
  consoleErrors,
}) => {
  // The refused request (500) is logged by the browser.
  consoleErrors.expect(/status of 500 .*\/invitation\)$/);
  const gameConsole = await world.standaloneProduct('B0PDPCNS01');
  await newShopper(page, `/dp/${gameConsole.asin}`);
  const logged: string[] = [];
  page.on('console', (message) => logged.push(message.text()));
  await page.route('**/invitation', (route) => route.fulfill({ status: 500, body: '{}' }));
  const button = page.getByRole('button', { name: 'Request invitation' });
  await button.click();
  const modal = page.getByRole('dialog', { name: "We couldn't request your invitation" });
  await expect(modal).toBeVisible();
  expect(logged.join('\n')).toContain('500');
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id} ${v.help}`)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(modal).toHaveCount(0);
  await expect(button).toBeEnabled();
});

test('BB-035 a signed-in invite press without a CSRF token logs an error and sends nothing', async ({
  page,
  world,
}) => {
  const gameConsole = await world.standaloneProduct('B0PDPCNS01');
  await newShopper(page, `/dp/${gameConsole.asin}`);
  const logged: string[] = [];
  page.on('console', (message) => logged.push(message.text()));
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/invitation')) sent.push(request.url());
  });
  await page.evaluate(() => document.querySelector('meta[name="csrf-token"]')?.remove());
  await page.getByRole('button', { name: 'Request invitation' }).click();
  await expect.poll(() => logged.join('\n')).toContain('invite request not sent: missing csrf token');
  expect(sent).toEqual([]);
  await expect(page.getByRole('button', { name: 'Request invitation' })).toBeEnabled();
});

test('BB-004 BB-005 BB-006 jump links scroll smoothly to their sections', async ({ page, world }) => {
  const product = await speaker(world);
  await page.goto(`/dp/${product.asin}`);
  const bar = page.getByRole('navigation', { name: 'On this page' });
  await bar.getByRole('link', { name: 'Product description' }).click();
  await expect(page).toHaveURL(/#product-description$/);
  await expect(page.getByRole('heading', { name: 'Product description' })).toBeInViewport();
});

test('BB-006 BB-007 a jump link scrolls over 500 ms; other smooth scrolls, such as back to top, over 1000 ms', async ({
  page,
  world,
}) => {
  const product = await speaker(world);
  await page.clock.install();
  await page.goto(`/dp/${product.asin}`);
  await page.clock.pauseAt(Date.now() + 60_000);
  const scrollY = () => page.evaluate(() => window.scrollY);
  await page
    .getByRole('navigation', { name: 'On this page' })
    .getByRole('link', { name: 'Product description' })
    .click();
  await page.clock.runFor(100);
  const early = await scrollY();
  await page.clock.runFor(450);
  const arrived = await scrollY();
  expect(early).toBeGreaterThan(0);
  expect(early).toBeLessThan(arrived);
  await expect(page).toHaveURL(/#product-description$/);

  await page.getByRole('link', { name: 'Back to top' }).click();
  const from = await scrollY();
  await page.clock.runFor(600);
  const during = await scrollY();
  expect(during).toBeGreaterThan(0);
  expect(during).toBeLessThan(from);
  await page.clock.runFor(450);
  expect(await scrollY()).toBe(0);
});

test('DP-002 DP-003 the feature bullets expander toggles the bullets', async ({ page, world }) => {
  const product = await speaker(world);
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto(`/dp/${product.asin}`);
  const toggle = page.getByRole('button', { name: 'See more product details' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(page.getByRole('button', { name: 'See less' })).toHaveAttribute('aria-expanded', 'true');
});

test('the family stripe links the other models and marks this one', async ({ page, world }) => {
  const [product] = await speakerFamily(world);
  if (!product) throw new Error('no family made');
  await page.goto(`/dp/${product.asin}`);
  const stripe = page.getByRole('navigation', { name: 'Other models in this family' });
  await expect(stripe.getByRole('link')).toHaveCount(4);
  await expect(stripe.locator('[aria-current="page"]')).toHaveAttribute('href', `/dp/${product.asin}`);
});

test('LOG-001 LOG-002 add-to-cart intention is sent on click and marked submitted on completion', async ({
  page,
  world,
}) => {
  const product = await speaker(world);
  const events: { schemaId: string; producerId: string }[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/metrics/events')) events.push(...(request.postDataJSON().events ?? []));
  });
  await page.goto(`/dp/${product.asin}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Added to cart.')).toBeVisible();
  await expect
    .poll(() => events.map((e) => e.schemaId))
    .toEqual(['pdp.add-to-cart.intention/v1', 'pdp.add-to-cart.submitted/v1']);
  expect(events.every((e) => e.producerId === 'pdp-buy-box')).toBe(true);
});

test('axe finds no violations on the full buy box pages', async ({ page, world }) => {
  // Four whole product pages (bundles, badge and carousels below the fold) scanned one after another.
  test.slow();
  const products = [
    await speakerWithWidgets(world),
    await world.standaloneProduct('B0PDPFLT01'),
    await world.standaloneProduct('B0PDPCNS01'),
    await world.standaloneProduct('B0PDPBAT01'),
  ];
  for (const path of products.map((product) => `/dp/${product.asin}`)) {
    await page.goto(path);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${path}: ${v.id} ${v.help} ${v.nodes[0]?.target}`)).toEqual([]);
  }
});

test('BB-040 the hero image is preloaded, and thumbnails switch the view by mouse or keyboard', async ({
  page,
  world,
}) => {
  const product = await speaker(world);
  await page.goto(`/dp/${product.asin}`);
  await expect(page.locator('head link[rel="preload"][as="image"]')).toHaveAttribute(
    'href',
    /\/images\/demo\/.+\.svg$/,
  );
  const hero = page.getByRole('region', { name: 'Product images' }).locator('img.product__hero');
  const first = await hero.getAttribute('src');
  const second = page.getByRole('button', { name: /^View image 2 of/ });
  await second.focus();
  await page.keyboard.press('Enter');
  await expect(second).toHaveAttribute('aria-pressed', 'true');
  await expect(hero).not.toHaveAttribute('src', first ?? '');
});

test('BB-002 BB-009 DP-001 the quantity starts at 1 and moving between products is a full page load, not a client route', async ({
  page,
  world,
}) => {
  const [product, ...others] = await speakerFamily(world);
  if (!product) throw new Error('no family made');
  await page.goto(`/dp/${product.asin}`);
  await expect(page.getByLabel('Quantity:')).toHaveValue('1');
  const stripe = page.getByRole('navigation', { name: 'Other models in this family' });
  const [document] = await Promise.all([
    page.waitForResponse(
      (response) =>
        response.request().resourceType() === 'document' &&
        others.some((other) => response.url().endsWith(`/dp/${other.asin}`)),
    ),
    stripe.locator('a:not([aria-current])').first().click(),
  ]);
  expect(document.status()).toBe(200);
});

test('DP-004 moving the pointer away from the expanded bullets collapses them', async ({
  page,
  world,
  isMobile,
}) => {
  test.skip(isMobile, 'hover needs a pointer');
  const product = await speaker(world);
  await page.setViewportSize({ width: 1280, height: 500 });
  await page.goto(`/dp/${product.asin}`);
  const toggle = page.getByRole('button', { name: 'See more product details' });
  await toggle.click();
  await expect(page.getByRole('button', { name: 'See less' })).toBeVisible();
  await page.locator('.feature-bullets__box').hover();
  await page.mouse.move(5, 5);
  await expect(page.getByRole('button', { name: 'See more product details' })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
});

test('DP-013 DP-014 DP-015 DP-017 buy box text clamps to 3 lines; the side sheet is 325 px wide and slides in over 300 ms', async ({
  page,
  world,
  isMobile,
}) => {
  test.skip(isMobile, 'the 325 px side sheet is the desktop variant');
  const product = await speaker(world);
  await page.goto(`/dp/${product.asin}`);
  await expect(page.locator('.tabular-buy-box__clamp')).toHaveCSS('-webkit-line-clamp', '3');
  await page.getByRole('button', { name: 'Show more' }).click();
  const sheet = page.getByRole('dialog', { name: 'Returns and payment' });
  await expect(sheet).toBeVisible();
  // The sheet slides in with a transform; its box settles at the full width once the slide ends.
  await expect.poll(async () => (await sheet.boundingBox())?.width).toBe(325);
  const overlay = page.locator('.ui-overlay');
  await expect(overlay).toHaveCSS('--ui-slide', '300ms');
  await expect(overlay).toHaveCSS('--ui-fade', '150ms');
});

test('DP-016 on a phone the buy box details open in a bottom sheet at least 190 px high', async ({
  page,
  world,
  isMobile,
}) => {
  test.skip(!isMobile, 'desktops get the side sheet');
  const product = await speaker(world);
  await page.goto(`/dp/${product.asin}`);
  await page.getByRole('button', { name: 'Show more' }).click();
  const sheet = page.getByRole('dialog', { name: 'Returns and payment' });
  await expect(sheet).toBeVisible();
  await expect(sheet).toHaveClass(/ui-bottom-sheet/);
  expect((await sheet.boundingBox())?.height).toBeGreaterThanOrEqual(190);
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id} ${v.help}`)).toEqual([]);
  await expect(sheet.getByRole('link', { name: /returns policy/ })).toHaveAttribute('target', '_blank');
  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('BB-024 a minimum-order product is bought with the plain form; too few comes back with a message', async ({
    page,
    world,
  }) => {
    const filter = await world.standaloneProduct('B0PDPFLT01');
    await page.goto(`/dp/${filter.asin}`);
    const addToCart = page.getByRole('button', { name: 'Add to Cart' });
    // Locked by the script only: without it the buttons stay usable.
    await expect(addToCart).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Buy Now', exact: true })).toBeEnabled();
    // Pressed before choosing: the server answers with the form and what to do.
    await addToCart.click();
    await expect(page).toHaveURL(new RegExp(`/dp/${filter.asin}\\?purchase-problem=`));
    await expect(page.getByRole('alert')).toHaveText(
      'This item is sold in quantities of at least 3. Choose a quantity of 3 or more, then try again.',
    );
    await expect(page.getByLabel('Quantity:')).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('Quantity:').selectOption('3');
    await addToCart.click();
    await expect(page).toHaveURL(/\/gp\/cart\/view\.html\?notice=added$/);
    const items = (await (
      await page.request.get('/api/marketplaces/ATVPDKIKX0DER/cart/items?cartTypes=RETAIL')
    ).json()) as { entity: { items: { asin: string; quantity: number }[] } };
    expect(items.entity.items.find((item) => item.asin === filter.asin)?.quantity).toBe(3);
  });

  test('BB-028 BB-030 the coupon works as a plain form: sign in, redeem, back on the product', async ({
    page,
    world,
  }) => {
    const customer = await world.customer();
    const product = await speaker(world);
    await page.goto(`/dp/${product.asin}`);
    await page.getByRole('button', { name: 'Apply coupon' }).click();
    await fillSignIn(page, customer);
    await expect(page).toHaveURL(new RegExp(`/dp/${product.asin}$`));
    await expect(page.getByText('Save $5.00 with coupon: applied at checkout.')).toBeVisible();
  });

  test('BB-033 BB-034 the invitation request works as a plain form', async ({ page, world }) => {
    const customer = await world.customer();
    const gameConsole = await world.standaloneProduct('B0PDPCNS01');
    await signIn(page, customer, `/dp/${gameConsole.asin}`);
    await page.getByRole('button', { name: 'Request invitation' }).click();
    await expect(page).toHaveURL(new RegExp(`/dp/${gameConsole.asin}$`));
    await expect(page.getByText('Invitation requested')).toBeVisible();
  });
});
