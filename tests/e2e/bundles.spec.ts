import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { CreatedProduct } from '../factories/product-factory';
import { expect, test, type World } from './fixtures';

// The bundles side sheet (BDL): a bundle of a speaker, a plug (at most 2 per order) and two bulbs for
// $84.99 ($104.96 on their own), offered on the speaker's page, with a stand and a one-per-order
// remote as the post-add panel's accessories.

type Setup = {
  speaker: CreatedProduct;
  plug: CreatedProduct;
  bulb: CreatedProduct;
  stand: CreatedProduct;
  remote: CreatedProduct;
  bundleId: string;
  title: string;
};

async function homeBundle(
  world: World,
  options: { plugStock?: number; standStock?: number } = {},
): Promise<Setup> {
  const speaker = await world.product(undefined, {
    title: 'Test Smart Speaker',
    productGroup: 'gl_digital_products_3',
    offers: [{ price: 49.99, maxOrderQuantity: 10 }],
  });
  const plug = await world.product(undefined, {
    title: 'Test Smart Plug',
    offers: [{ price: 24.99, maxOrderQuantity: 2, stock: options.plugStock ?? 100 }],
  });
  const bulb = await world.product(undefined, { title: 'Test Color Bulb', offers: [{ price: 14.99 }] });
  const stand = await world.product(undefined, {
    title: 'Test Speaker Stand',
    offers: [{ price: 19.99, stock: options.standStock ?? 100 }],
  });
  const remote = await world.product(undefined, {
    title: 'Test Voice Remote',
    offers: [{ price: 9.99, maxOrderQuantity: 1 }],
  });
  const bundle = await world.bundle({
    title: 'Test Home Starter Bundle',
    components: [{ product: speaker }, { product: plug }, { product: bulb, quantity: 2 }],
    price: 84.99,
    upsells: [stand, remote],
  });
  return { speaker, plug, bulb, stand, remote, bundleId: bundle.bundleId, title: bundle.title };
}

const sheet = (page: Page) => page.getByRole('dialog', { name: 'Bundles with this item' });
const ingressCard = (page: Page) => page.getByRole('button', { name: /bundles? from/ });
const drawerState = (page: Page) => page.getByTestId('bundles-drawer-state');

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id} ${v.help} ${v.nodes[0]?.target}`)).toEqual([]);
}

test('BDL-001 BDL-002 BDL-008 BDL-003 BDL-019 the sheet opens from the ingress card, gets ready first, shows its bundles and closes by Escape', async ({
  page,
  world,
}) => {
  const s = await homeBundle(world);
  const drawerCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/gp/product/ajax/bundlesAjaxExperience'))
      drawerCalls.push(`${request.method()} ${new URL(request.url()).search}`);
  });
  await page.goto(`/dp/${s.speaker.asin}`);
  await expect(ingressCard(page)).toContainText('1 bundle from $84.99');
  await expect(page.getByText('Save up to $19.97')).toBeVisible();
  // Interest (hover) loads the sheet and its data: ready, not yet shown.
  await ingressCard(page).hover();
  await expect(drawerState(page)).toHaveAttribute('data-state', 'ready');
  await expect(sheet(page)).toHaveCount(0);
  await ingressCard(page).click();
  await expect(sheet(page)).toBeVisible();
  await expect(drawerState(page)).toHaveAttribute('data-state', 'shown');
  expect(drawerCalls[0]).toBe(`POST ?asin=${s.speaker.asin}`);
  const card = sheet(page).getByRole('article', { name: s.title });
  await expect(card).toContainText('$84.99');
  await expect(card).toContainText('You save $19.97');
  // BDL-003: the expander shows the components.
  const expander = card.getByRole('button', { name: "What's in the bundle (4 items)" });
  await expect(expander).toHaveAttribute('aria-expanded', 'false');
  await expect(card.getByRole('link', { name: 'Test Color Bulb' })).toBeHidden();
  await expander.click();
  await expect(expander).toHaveAttribute('aria-expanded', 'true');
  await expect(card.getByRole('link', { name: 'Test Smart Speaker' })).toBeVisible();
  await expect(card.getByRole('link', { name: 'Test Smart Plug' })).toBeVisible();
  await expect(card.getByText('Qty: 2 · $14.99 each')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sheet(page)).toHaveCount(0);
  await expect(drawerState(page)).toHaveAttribute('data-state', 'closed');
  // Focus goes back to what opened it.
  await expect(ingressCard(page)).toBeFocused();
  await ingressCard(page).click();
  await expect(drawerState(page)).toHaveAttribute('data-state', 'shown');
  await sheet(page).getByRole('button', { name: 'Close' }).click();
  await expect(sheet(page)).toHaveCount(0);
});

test('BDL-008 opened before its data is in, the sheet is not ready until the data arrives', async ({
  page,
  world,
}) => {
  const s = await homeBundle(world);
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/gp/product/ajax/bundlesAjaxExperience**', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/dp/${s.speaker.asin}`);
  await ingressCard(page).click();
  await expect(drawerState(page)).toHaveAttribute('data-state', 'not-ready');
  await expect(sheet(page)).toHaveCount(0);
  release();
  await expect(sheet(page)).toBeVisible();
  await expect(drawerState(page)).toHaveAttribute('data-state', 'shown');
});

test('BDL-001 the bundle box link and the open-drawer action open the sheet too', async ({ page, world }) => {
  const s = await homeBundle(world);
  await page.goto(`/dp/${s.speaker.asin}`);
  const box = page.getByRole('listitem').filter({ hasText: s.title });
  await box.getByRole('link', { name: "See what's in this bundle" }).click();
  await expect(sheet(page)).toBeVisible();
  // The box link opens its bundle's expander.
  await expect(sheet(page).getByRole('button', { name: /What's in the bundle/ })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await sheet(page).getByRole('button', { name: 'Close' }).click();
  await expect(sheet(page)).toHaveCount(0);
  await page.goto(`/dp/${s.speaker.asin}#bundles`);
  await expect(sheet(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sheet(page)).toHaveCount(0);
  // The open-drawer action from a link on the page.
  await page.evaluate(() => {
    window.location.hash = 'bundles';
  });
  await expect(sheet(page)).toBeVisible();
});

test('BDL-009 BDL-010 the sheet slides over 0.5 s and its backdrop follows 0.4 s later; a bottom sheet on phones', async ({
  page,
  world,
}) => {
  const s = await homeBundle(world);
  await page.goto(`/dp/${s.speaker.asin}`);
  await ingressCard(page).click();
  await expect(sheet(page)).toBeVisible();
  const panel = page.getByTestId('bundles-drawer-panel');
  const backdrop = page.getByTestId('bundles-drawer-backdrop');
  expect(await panel.evaluate((el) => getComputedStyle(el).transitionDuration)).toBe('0.5s');
  expect(await backdrop.evaluate((el) => getComputedStyle(el).transitionDelay)).toBe('0.4s');
  await expect.poll(() => backdrop.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
  await expect.poll(() => panel.evaluate((el) => getComputedStyle(el).transform)).toBe('none');
  const box = await panel.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) throw new Error('no layout');
  if (viewport.width <= 640) {
    // A bottom sheet: the whole width, resting on the bottom edge.
    expect(Math.round(box.width)).toBe(viewport.width);
    expect(Math.round(box.y + box.height)).toBe(viewport.height);
  } else {
    // A side sheet on the right.
    expect(Math.round(box.x + box.width)).toBe(viewport.width);
    expect(Math.round(box.height)).toBe(viewport.height);
  }
});

test('BDL-011 BDL-017 BDL-004 BDL-007 BDL-021 BDL-022 BDL-023 BDL-025 a bundle add shows the post-add panel with the cart count and subtotal', async ({
  page,
  world,
}) => {
  const s = await homeBundle(world);
  const calls: string[] = [];
  let addBody: unknown = null;
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.includes('/cart/')) calls.push(`${request.method()} ${url.pathname}${url.search}`);
    if (url.pathname.endsWith('/cart/carts/retail/bundles')) addBody = request.postDataJSON();
  });
  await page.goto(`/dp/${s.speaker.asin}`);
  await ingressCard(page).click();
  const card = sheet(page).getByRole('article', { name: s.title });
  // BDL-025: bundle images come from the media host's fixed path.
  await expect(card.getByRole('img', { name: s.title })).toHaveAttribute('src', /^\/images\/demo\//);
  await card.getByRole('button', { name: 'Add bundle to cart' }).click();
  const panel = page.getByTestId('post-add-panel');
  await expect(panel.getByRole('heading', { name: 'Added to cart' })).toBeVisible();
  expect(addBody).toEqual({ bundleId: s.bundleId, quantity: 1 });
  // BDL-011: the bundle content is hidden.
  await expect(card).toBeHidden();
  await expect(panel.getByRole('img', { name: s.title })).toBeVisible();
  await expect(panel.getByTestId('post-add-count')).toHaveText('Cart: 4 items');
  await expect(panel.getByTestId('post-add-subtotal')).toHaveText('Cart subtotal: $104.96');
  await expect(panel.getByRole('link', { name: /Proceed to checkout/ })).toHaveAttribute(
    'href',
    '/gp/buy/spc/handlers/display.html',
  );
  await expect(panel.getByRole('link', { name: 'Test Speaker Stand' })).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Test Voice Remote' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Cart, 4 items$/ })).toBeVisible();
  expect(calls).toEqual(
    expect.arrayContaining([
      'POST /api/marketplaces/ATVPDKIKX0DER/cart/carts/retail/bundles',
      'GET /api/marketplaces/ATVPDKIKX0DER/cart/count',
      'GET /api/marketplaces/ATVPDKIKX0DER/cart/summary?cartTypes=RETAIL',
      'GET /api/marketplaces/ATVPDKIKX0DER/cart/items?filter=RETAIL',
    ]),
  );
  // The cart holds the saving as its own line.
  await page.goto('/gp/cart/view.html');
  const orderSummary = page.getByRole('complementary', { name: 'Order summary' });
  await expect(orderSummary.getByText(`Bundle saving: ${s.title}`)).toBeVisible();
  await expect(orderSummary.getByText('-$19.97')).toBeVisible();
  // The lines' own subtotal line agrees with the summary beside it: the saving is taken off there too.
  const total = (await orderSummary.getByRole('definition').last().textContent()) ?? '';
  await expect(page.getByTestId('cart-lines-subtotal')).toContainText(`Total after savings: ${total}`);
});

test('BDL-020 the sheet reads products with csrf, language, currency and encrypted token headers and credentials', async ({
  page,
  world,
}) => {
  const s = await homeBundle(world);
  const productCalls: { url: string; headers: Promise<Record<string, string>> }[] = [];
  page.on('request', (request) => {
    if (/\/api\/marketplaces\/[^/]+\/products\/[^/?]+\?/.test(request.url()))
      productCalls.push({ url: request.url(), headers: request.allHeaders() });
  });
  await page.goto(`/dp/${s.speaker.asin}`);
  const csrf = await page.locator('meta[name="csrf-token"]').getAttribute('content');
  const slate = await page.locator('meta[name="encrypted-slate-token"]').getAttribute('content');
  await ingressCard(page).click();
  await sheet(page).getByRole('button', { name: 'Add bundle to cart' }).click();
  await expect(
    page.getByTestId('post-add-panel').getByRole('link', { name: 'Test Speaker Stand' }),
  ).toBeVisible();
  const call = productCalls.find((c) => c.url.includes(s.stand.asin));
  expect(call?.url).toContain(
    'expand=images,title,price,reviewsSummary,featureBullets,quantity,callToAction',
  );
  const headers = await call?.headers;
  expect(headers?.['x-csrf-token']).toBe(csrf);
  expect(headers?.['x-encrypted-slate-token']).toBe(slate);
  expect(headers?.['accept-language']).toBe('en-US');
  expect(headers?.['x-currency-of-preference']).toBe('USD');
  // Credentials included: the session cookie goes with it.
  expect(headers?.cookie ?? '').not.toBe('');
});

test('BDL-014 BDL-015 an accessory add: button, spinner, success count; the button returns after 3 s (the count and a fresh subtotal stay) unless the limit is reached', async ({
  page,
  world,
}) => {
  const s = await homeBundle(world);
  await page.goto(`/dp/${s.speaker.asin}`);
  await ingressCard(page).click();
  await sheet(page).getByRole('button', { name: 'Add bundle to cart' }).click();
  const panel = page.getByTestId('post-add-panel');
  const stand = panel.getByRole('listitem').filter({ hasText: 'Test Speaker Stand' });
  const remote = panel.getByRole('listitem').filter({ hasText: 'Test Voice Remote' });
  // Hold the add a moment so the spinner can be seen.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/cart/carts/retail/items**', async (route) => {
    await held;
    await route.continue();
  });
  await stand.getByRole('button', { name: 'Add to cart: Test Speaker Stand' }).click();
  await expect(stand.getByRole('status', { name: /Adding Test Speaker Stand/ })).toBeVisible();
  await expect(stand.getByRole('button', { name: /Add Test Speaker Stand/ })).toHaveCount(0);
  release();
  await expect(stand.getByText('1 in cart')).toBeVisible();
  await expect(page.getByRole('link', { name: /^Cart, 5 items$/ })).toBeVisible();
  // BDL-015: the button is back 3 s later.
  await expect(stand.getByRole('button', { name: 'Add to cart: Test Speaker Stand' })).toBeVisible({
    timeout: 6000,
  });
  // The count stays beside the returned button, and the panel's subtotal follows the cart.
  await expect(stand.getByText('1 in cart')).toBeVisible();
  const summary = await page.request.get('/api/marketplaces/ATVPDKIKX0DER/cart/summary?cartTypes=RETAIL');
  const subtotal = (await summary.json()).entity.summary[0].subtotal.displayString as string;
  expect(subtotal).not.toBe('$104.96');
  await expect(panel.getByTestId('post-add-subtotal')).toHaveText(`Cart subtotal: ${subtotal}`);
  // The remote's limit is 1: after its add the button stays away.
  await remote.getByRole('button', { name: 'Add to cart: Test Voice Remote' }).click();
  await expect(remote.getByText('1 in cart · limit reached')).toBeVisible();
  await page.waitForTimeout(3500);
  await expect(remote.getByRole('button', { name: /Add Test Voice Remote/ })).toHaveCount(0);
  await expect(remote.getByText('1 in cart · limit reached')).toBeVisible();
});

test('BDL-016 a failed accessory add shows the error content', async ({ page, world, consoleErrors }) => {
  consoleErrors.expect(/Failed to load resource: the server responded with a status of 422/);
  const s = await homeBundle(world, { standStock: 0 });
  await page.goto(`/dp/${s.speaker.asin}`);
  await ingressCard(page).click();
  await sheet(page).getByRole('button', { name: 'Add bundle to cart' }).click();
  const stand = page
    .getByTestId('post-add-panel')
    .getByRole('listitem')
    .filter({ hasText: 'Test Speaker Stand' });
  await stand.getByRole('button', { name: 'Add to cart: Test Speaker Stand' }).click();
  await expect(stand.getByRole('alert')).toContainText('Test Speaker Stand could not be added.');
  await stand.getByRole('button', { name: 'Try again' }).click();
  await expect(stand.getByRole('button', { name: 'Add to cart: Test Speaker Stand' })).toBeVisible();
});

test('BDL-012 a failed bundle add hides the button and shows the error block; nothing is added', async ({
  page,
  world,
  consoleErrors,
}) => {
  consoleErrors.expect(/Failed to load resource: the server responded with a status of 422/);
  const s = await homeBundle(world, { plugStock: 0 });
  await page.goto(`/dp/${s.speaker.asin}`);
  await ingressCard(page).click();
  const card = sheet(page).getByRole('article', { name: s.title });
  await card.getByRole('button', { name: 'Add bundle to cart' }).click();
  await expect(card.getByRole('alert')).toContainText('This bundle could not be added to your cart.');
  await expect(card.getByRole('alert')).toContainText('out of stock');
  await expect(card.getByRole('button', { name: 'Add bundle to cart' })).toHaveCount(0);
  await expect(page.getByTestId('post-add-panel')).toHaveCount(0);
  const count = await page.request.get('/api/marketplaces/ATVPDKIKX0DER/cart/count');
  expect((await count.json()).entity.items).toBe(0);
});

test('BDL-013 a bundle already in the cart shows the reach-cart-limit message instead of the button', async ({
  page,
  world,
}) => {
  const s = await homeBundle(world);
  await page.goto(`/dp/${s.speaker.asin}`);
  await ingressCard(page).click();
  await sheet(page).getByRole('button', { name: 'Add bundle to cart' }).click();
  await expect(page.getByTestId('post-add-panel')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.reload();
  await ingressCard(page).click();
  const card = sheet(page).getByRole('article', { name: s.title });
  await expect(card.getByText('You have reached the cart limit for this bundle.')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Add bundle to cart' })).toHaveCount(0);
});

test('BDL-024 a secondary view that fails is only logged: the panel shows the rest', async ({
  page,
  world,
  consoleErrors,
}) => {
  // The browser's own line for the failed request; the page itself only warns.
  consoleErrors.expect(/Failed to load resource: the server responded with a status of 503/);
  const s = await homeBundle(world);
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await page.route('**/cart/summary**', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: '{"error":{"code":"x","message":"down"}}',
    }),
  );
  await page.goto(`/dp/${s.speaker.asin}`);
  await ingressCard(page).click();
  await sheet(page).getByRole('button', { name: 'Add bundle to cart' }).click();
  const panel = page.getByTestId('post-add-panel');
  await expect(panel.getByTestId('post-add-count')).toHaveText('Cart: 4 items');
  await expect(panel.getByRole('link', { name: 'Test Speaker Stand' })).toBeVisible();
  await expect(panel.getByTestId('post-add-subtotal')).toHaveCount(0);
  await expect(panel.getByRole('alert')).toHaveCount(0);
  await expect
    .poll(() => warnings.some((w) => w.includes('the cart subtotal could not be loaded')))
    .toBe(true);
});

test('the sheet is axe clean, traps focus while shown and gives it back when it closes', async ({
  page,
  world,
}) => {
  // Two axe scans and sixteen key presses, each checked: the slow budget, so a loaded machine does not time it out.
  test.slow();
  const s = await homeBundle(world);
  await page.goto(`/dp/${s.speaker.asin}`);
  await ingressCard(page).focus();
  await page.keyboard.press('Enter');
  await expect(sheet(page)).toBeVisible();
  await expect
    .poll(() => page.getByTestId('bundles-drawer-backdrop').evaluate((el) => getComputedStyle(el).opacity))
    .toBe('1');
  await sheet(page)
    .getByRole('button', { name: /What's in the bundle/ })
    .click();
  await expectNoAxeViolations(page);
  // Tab and Shift+Tab stay inside the sheet.
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    expect(await sheet(page).evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press('Shift+Tab');
    expect(await sheet(page).evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  await sheet(page).getByRole('button', { name: 'Add bundle to cart' }).click();
  await expect(
    page.getByTestId('post-add-panel').getByRole('link', { name: 'Test Voice Remote' }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(sheet(page)).toHaveCount(0);
  await expect(ingressCard(page)).toBeFocused();
});

test('the bundles call failing leaves the ingress out; the rest of the page works', async ({
  page,
  world,
  consoleErrors,
}) => {
  // The browser's own line for the failed request.
  consoleErrors.expect(/Failed to load resource: net::ERR_FAILED .*\/page-slices\/bundles\)$/);
  const s = await homeBundle(world);
  await page.route('**/page-slices/bundles', (route) => route.abort());
  const failed = page.waitForEvent('requestfailed', (request) =>
    request.url().includes('/page-slices/bundles'),
  );
  await page.goto(`/dp/${s.speaker.asin}`);
  await failed;
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Bundles with this item' })).toHaveCount(0);
});

test('a product without bundles shows no ingress', async ({ page, world }) => {
  const plain = await world.product();
  const answered = page.waitForResponse((response) => response.url().includes('/page-slices/bundles'));
  await page.goto(`/dp/${plain.asin}`);
  expect(await (await answered).json()).toEqual({ type: 'page-slice.bundles/v1', bundles: null });
  await expect(page.getByRole('heading', { name: 'Bundles with this item' })).toHaveCount(0);
});
