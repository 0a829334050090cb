import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test, type World } from './fixtures';

type CartLine = {
  id: string;
  asin: string;
  quantity: number;
  associatedItemId?: string;
  customAttributes?: { name: string; value: string }[];
};

async function cartLines(page: Page) {
  const response = await page.request.get('/api/marketplaces/ATVPDKIKX0DER/cart/items?cartTypes=RETAIL');
  return (await response.json()).entity.items as CartLine[];
}

/** The cart as [asin, quantity] pairs, every accessory line tied to the page item's line. */
async function expectCart(page: Page, pageAsin: string, expected: [string, number][]) {
  await expect
    .poll(async () => (await cartLines(page)).map((l) => [l.asin, l.quantity]).sort())
    .toEqual([...expected].sort());
  const lines = await cartLines(page);
  const pageLine = lines.find((l) => l.asin === pageAsin);
  for (const line of lines) {
    if (line.asin === pageAsin) expect(line.associatedItemId).toBeUndefined();
    else expect(line.associatedItemId, `${line.asin} goes with ${pageAsin}`).toBe(pageLine?.id);
  }
  return lines;
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id} ${v.help} ${v.nodes[0]?.target}`)).toEqual([]);
}

/**
 * A speaker of its own, shaped like the demo smart speaker (B0PDPSPK01): its accessory slots name the demo
 * accessories, which these tests only read. Out of the speaker's family, whose stripe another spec counts.
 */
function speaker(world: World) {
  return world.standaloneProduct('B0PDPSPK01');
}

const block = (page: Page) => page.getByRole('region', { name: 'Add an accessory' });
const interstitial = (page: Page) => page.getByRole('dialog', { name: 'Add accessories to your order' });
const STAND = /^Speaker Stand for Nimbus/;
const PLUG = /^Nimbus Smart Plug/;
const MUSIC = /^Nimbus Music Unlimited/;
const BULB = /^Lumen Smart Color Bulb/;

test('ACC-001 ACC-002 ACC-006 ACC-007 ACC-020 ACC-024 ACC-011 ACC-010 ACC-012 rows tick and untick; add to cart shows what is left, then adds', async ({
  page,
  world,
}) => {
  const refTags: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/hctp/log/refMarker') refTags.push(url.searchParams.get('ref_') ?? '');
  });
  const { asin } = await speaker(world);
  await page.goto(`/dp/${asin}`);
  const rows = block(page).getByRole('listitem');
  await expect(rows).toHaveCount(4);
  await expect(block(page).getByRole('link', { name: /Details of Nimbus Smart Plug/ })).toHaveAttribute(
    'href',
    '/dp/B0PDPPLG02/ref=ods_dabb_B0PDPPLG02_productInfo',
  );
  await expect(block(page).getByText('Limit 2 per order')).toBeVisible();
  await page.getByRole('combobox', { name: 'Quantity:' }).selectOption('3');
  await block(page).getByRole('checkbox', { name: STAND }).check();
  // ACC-001: every row has its popover; the plug's has no variations to choose, only add to order.
  await expect(block(page).getByRole('button', { name: /^(Color: |Quick look)/ })).toHaveCount(4);
  await block(page)
    .getByRole('button', { name: /^Quick look at Nimbus Smart Plug/ })
    .click();
  const quickLook = page.getByRole('dialog', { name: 'Quick look' });
  await expect(quickLook.getByRole('radio')).toHaveCount(0);
  await quickLook.getByRole('button', { name: 'Add to order' }).click();
  await expect(quickLook).toHaveCount(0);
  await expect(block(page).getByRole('checkbox', { name: PLUG })).toBeChecked();
  await block(page).getByRole('checkbox', { name: MUSIC }).check();
  await block(page).getByRole('checkbox', { name: MUSIC }).uncheck();
  await expect(block(page).getByRole('checkbox', { name: MUSIC })).not.toBeChecked();
  await expect
    .poll(() => refTags)
    .toEqual([
      `ods_dabb_${asin}_slot1_B0PDPSTD01_add`,
      `ods_dabb_${asin}_slot2_B0PDPPLG02_select`,
      `ods_dabb_${asin}_slot2_B0PDPPLG02_add`,
      `ods_dabb_${asin}_slot3_B0PDPMUS01_add`,
      `ods_dabb_${asin}_slot3_B0PDPMUS01_remove`,
    ]);

  await page.getByRole('button', { name: 'Add to Cart' }).click();
  const dialog = interstitial(page);
  await expect(dialog).toBeVisible();
  // ACC-011: the stand and plug are in the order; the music and the bulb still need showing.
  await expect(dialog.getByRole('listitem')).toHaveCount(2);
  await expect(dialog.getByRole('checkbox', { name: MUSIC })).toBeVisible();
  await expect(dialog.getByRole('checkbox', { name: BULB })).toBeVisible();
  expect(await cartLines(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'No thanks' }).click();
  await expect(dialog).toHaveCount(0);
  // ACC-012: the press is replayed: the speaker, the stand at the page quantity, the plug at its limit.
  await expect(page.getByText('Added to cart.')).toBeVisible();
  await expectCart(page, asin, [
    [asin, 3],
    ['B0PDPSTD01', 3],
    ['B0PDPPLG02', 2],
  ]);
  await expect(page.getByRole('link', { name: /^Cart, \d+ items?$/ })).toHaveAccessibleName('Cart, 8 items');
});

test('ACC-008 ACC-009 ACC-023 the variation popover by keyboard: close restores, add to order keeps; axe clean', async ({
  page,
  world,
}) => {
  const chunks: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') chunks.push(new URL(request.url()).pathname);
  });
  const { asin } = await speaker(world);
  await page.goto(`/dp/${asin}`);
  // The popover's and the interstitial's code is not part of the first load.
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
  expect(chunks.some((c) => /variation-popover|accessory-interstitial/.test(c))).toBe(false);

  const trigger = block(page).getByRole('button', { name: /^Color: Black/ });
  await trigger.focus();
  const scrolled = await page.evaluate(() => window.scrollY);
  await page.keyboard.press('Enter');
  const popover = page.getByRole('dialog', { name: 'Choose a color' });
  await expect(popover).toBeVisible();
  // Opening it leaves the page where it was, the popover next to its trigger.
  expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolled)).toBeLessThan(40);
  await expect(popover).toBeInViewport();
  expect(chunks.some((c) => c.includes('variation-popover'))).toBe(true);
  await expect(popover.getByRole('radio', { name: 'Black' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(popover.getByRole('radio', { name: 'White' })).toBeChecked();
  await page.keyboard.press('ArrowRight');
  await expect(popover.getByRole('radio', { name: 'Blue' })).toBeChecked();
  // ACC-023: the picture follows the swatch after the image update delay.
  await expect(popover.locator('img[data-asin="B0PDPSTD03"]')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(popover).toHaveCount(0);
  await expect(trigger).toBeFocused();
  await expect(block(page).getByRole('button', { name: /^Color: Black/ })).toBeVisible();
  await expect(block(page).getByRole('checkbox', { name: STAND })).not.toBeChecked();

  await page.keyboard.press('Enter');
  await expect(popover).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(popover.getByRole('radio', { name: 'White' })).toBeChecked();
  await popover.getByRole('button', { name: 'Add to order' }).focus();
  await page.keyboard.press('Enter');
  await expect(popover).toHaveCount(0);
  await expect(block(page).getByRole('button', { name: /^Color: White/ })).toBeVisible();
  await expect(block(page).getByRole('checkbox', { name: /Speaker Stand.*White/ })).toBeChecked();
  await block(page)
    .getByRole('button', { name: /^Color: White/ })
    .click();
  await expect(popover.getByRole('button', { name: 'Update' })).toBeVisible();
  await popover.getByRole('button', { name: 'Close' }).click();
  await expect(block(page).getByRole('button', { name: /^Color: White/ })).toBeVisible();

  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(interstitial(page)).toBeVisible();
  await expectCart(page, asin, []);
  await interstitial(page).getByRole('button', { name: 'No thanks' }).click();
  await expectCart(page, asin, [
    [asin, 1],
    ['B0PDPSTD02', 1],
  ]);
});

test('ACC-013 ACC-017 ACC-012 the interstitial by keyboard: checkbox and select, "Add selected", buy now goes on with the accessories; axe clean', async ({
  page,
  world,
}) => {
  // A whole journey (interstitial, keyboard, axe, sign-in, cart): more than the default budget on a busy machine.
  test.slow();
  const { asin } = await speaker(world);
  await page.goto(`/dp/${asin}`);
  await page.getByRole('button', { name: 'Buy Now', exact: true }).click();
  const dialog = interstitial(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('listitem')).toHaveCount(4);
  // ACC-013: a select button for the stand (it has variations), checkboxes for the others.
  await expect(dialog.getByRole('button', { name: /^Select Speaker Stand/ })).toBeVisible();
  await expect(dialog.getByRole('checkbox')).toHaveCount(3);
  await expect(dialog.getByRole('button', { name: 'No thanks' })).toBeVisible();
  await expectNoAxeViolations(page);

  await dialog.getByRole('radio', { name: 'Blue' }).check();
  await dialog.getByRole('button', { name: /^Select Speaker Stand/ }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('button', { name: /^Selected Speaker Stand/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await dialog.getByRole('checkbox', { name: MUSIC }).focus();
  await page.keyboard.press('Space');
  await expect(dialog.getByRole('checkbox', { name: MUSIC })).toBeChecked();
  // ACC-017: once anything is chosen the decline button adds it.
  const go = dialog.getByRole('button', { name: 'Add selected' });
  await expect(go).toBeVisible();
  await expect(block(page).getByRole('checkbox', { name: MUSIC })).toBeChecked();
  await go.focus();
  await page.keyboard.press('Enter');
  // Buy now is replayed with the accessories: all go to the cart, then on to checkout (sign-in first).
  await expect(page).toHaveURL(/\/gp\/sign-in\.html/);
  const lines = await expectCart(page, asin, [
    [asin, 1],
    ['B0PDPSTD03', 1],
    ['B0PDPMUS01', 1],
  ]);
  expect(lines.find((l) => l.asin === 'B0PDPMUS01')?.customAttributes).toEqual([
    { name: 'subscription-term', value: 'nimbus-music-unlimited-3-months' },
  ]);
});

test('ACC-010 ACC-012 1-Click opens the interstitial too; the replayed press takes the chosen accessories along', async ({
  page,
  world,
}) => {
  const { asin } = await speaker(world);
  const email = `e2e-acc-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await page.goto(`/gp/sign-in.html?mode=create-account&path=${encodeURIComponent(`/dp/${asin}`)}`);
  await page.getByLabel('Your name').fill('Accessory Shopper');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('e2e-password-123');
  await page.getByRole('button', { name: 'Create your account' }).click();
  await expect(page).toHaveURL(new RegExp(`/dp/${asin}$`));
  await page.getByRole('button', { name: 'Buy now with 1-Click' }).click();
  const dialog = interstitial(page);
  await expect(dialog).toBeVisible();
  await dialog.getByRole('checkbox', { name: PLUG }).check();
  await dialog.getByRole('button', { name: 'Add selected' }).click();
  // A new account has no address to send a 1-Click order to, so checkout asks for one.
  await expect(page).toHaveURL(/\/gp\/buy\/spc\/handlers\/display\.html/);
  await expectCart(page, asin, [
    [asin, 1],
    ['B0PDPPLG02', 1],
  ]);
});

test('ACC-011 the automated bulb keeps the interstitial coming until it is interacted with; after that, nothing opens', async ({
  page,
  world,
}) => {
  const { asin } = await speaker(world);
  await page.goto(`/dp/${asin}`);
  for (const name of [STAND, PLUG, MUSIC, BULB]) await block(page).getByRole('checkbox', { name }).check();
  await block(page).getByRole('checkbox', { name: BULB }).uncheck();
  await block(page).getByRole('checkbox', { name: BULB }).check();
  // Everything is in the order and the bulb was interacted with: add to cart goes straight through.
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Added to cart.')).toBeVisible();
  await expect(interstitial(page)).toHaveCount(0);
  await expectCart(page, asin, [
    [asin, 1],
    ['B0PDPSTD01', 1],
    ['B0PDPPLG02', 1],
    ['B0PDPMUS01', 1],
    ['B0PDPBLB01', 1],
  ]);
});

test('ACC-013 ACC-014 ACC-015 ACC-016 ACC-018 ACC-021 ACC-022 ACC-027 deal mode on B0PDPTAB01: per-accessory add to cart, success, limit, error and try again', async ({
  page,
  world,
  consoleErrors,
}) => {
  // Six adds with their timers, failures and retries: more than the default budget on a busy machine.
  test.slow();
  // The refused add (503) is logged by the browser.
  consoleErrors.expect(/status of 503 .*\/cart\/carts\/retail\/items/);
  // A deal of its own, shaped like the demo tablet's, so no other test's claims reach it.
  const deal = await world.deal('B0PDPTAB01');
  const metrics: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/metrics/events')) metrics.push(request.postData() ?? '');
  });
  await page.goto(`/dp/${deal.asin}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  const dialog = interstitial(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('checkbox')).toHaveCount(0);
  const addHeadphones = dialog.getByRole('button', { name: /^Add to Cart Nimbus Kids Headphones/ });
  await expect(addHeadphones).toBeVisible();
  await expectNoAxeViolations(page);

  // ACC-021/022: spinner at once; the add goes out 2000 ms after the press, with quantity 1.
  const pressed = Date.now();
  const sent = page.waitForRequest(
    (r) => r.url().includes('/cart/carts/retail/items') && r.method() === 'POST',
  );
  await addHeadphones.click();
  await expect(dialog.getByRole('status', { name: /Adding Nimbus Kids Headphones/ })).toBeVisible();
  const request = await sent;
  expect(Date.now() - pressed).toBeGreaterThanOrEqual(1900);
  expect(request.postDataJSON().items).toEqual([
    expect.objectContaining({ asin: 'B0PDPKHP01', quantity: 1 }),
  ]);
  // ACC-015: the in-cart quantity, and a further add while below maxOrderQuantity (2).
  await expect(dialog.getByText('1 in cart')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Continue' })).toBeVisible();
  await dialog.getByRole('button', { name: /^Add another Nimbus Kids Headphones/ }).click();
  await expect(dialog.getByText('2 in cart')).toBeVisible({ timeout: 8000 });
  await expect(dialog.getByRole('button', { name: /^Add another Nimbus Kids Headphones/ })).toHaveCount(0);

  // ACC-016/027: a failed add hides the spinner, shows the error and try again, records a metric.
  await page.route('**/cart/carts/retail/items*', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'unavailable', message: 'The cart is busy. Try again.' } }),
    }),
  );
  await dialog.getByRole('button', { name: /^Add to Cart Nimbus Music/ }).click();
  await expect(dialog.getByRole('alert')).toHaveText('The cart is busy. Try again.', { timeout: 8000 });
  await expect(dialog.getByRole('status', { name: /Adding Nimbus Music/ })).toHaveCount(0);
  await expect.poll(() => metrics.some((m) => m.includes('pdp.accessory.add-failed/v1'))).toBe(true);
  await page.unroute('**/cart/carts/retail/items*');
  await dialog.getByRole('button', { name: /^Try again to add Nimbus Music/ }).click();
  await expect(dialog.getByText('1 in cart')).toBeVisible({ timeout: 8000 });

  // ACC-018: after a successful add the decline button continues; the original press is replayed.
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Added to cart.')).toBeVisible();
  await expectCart(page, deal.asin, [
    [deal.asin, 1],
    ['B0PDPKHP01', 2],
    ['B0PDPMUS01', 1],
  ]);
});

test('ACC-026 an accessory image that fails to load raises an error naming the accessory', async ({
  page,
  world,
  consoleErrors,
}) => {
  // The missing image and the error it raises are the point of this test.
  consoleErrors.expect(/status of 404 .*smart-plug-front\.svg/);
  consoleErrors.expect(/^uncaught: Accessory image failed to load for Nimbus Smart Plug/);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.route('**/images/demo/smart-plug-front.svg', (route) => route.fulfill({ status: 404 }));
  const { asin } = await speaker(world);
  await page.goto(`/dp/${asin}`);
  await expect.poll(() => errors.join('\n')).toContain('Nimbus Smart Plug');
  expect(errors.join('\n')).toContain('B0PDPPLG02');
  // The page goes on working.
  await block(page).getByRole('checkbox', { name: PLUG }).check();
  await expect(block(page).getByRole('checkbox', { name: PLUG })).toBeChecked();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('ACC-006 ticked accessory rows go to the cart with the page item from the plain form', async ({
    page,
    world,
  }) => {
    const { asin } = await speaker(world);
    await page.goto(`/dp/${asin}`);
    await page.getByRole('combobox', { name: 'Quantity:' }).selectOption('2');
    await block(page).getByRole('checkbox', { name: STAND }).check();
    await block(page).getByRole('checkbox', { name: BULB }).check();
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page).toHaveURL(/\/gp\/cart\/view\.html\?notice=added/);
    await expectCart(page, asin, [
      [asin, 2],
      ['B0PDPSTD01', 2],
      ['B0PDPBLB01', 2],
    ]);
  });
});
