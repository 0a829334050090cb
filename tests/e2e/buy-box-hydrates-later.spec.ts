// Decision 0035: on a page that needs no other part first, the purchase column (the buy box and its
// accessories) hydrates after the rest of the page, once its own chunk is in. These tests hold that
// chunk back. They use `worldTest`: the store's `test` waits for `<html data-hydrated>` after every
// navigation, which these pages only reach once the chunk is let through.
import type { Page, Route } from '@playwright/test';
import { declineAccessoryInterstitial } from './accessory-interstitial';
import { expect, worldTest as test, type World } from './fixtures';

/**
 * A page of its own shaped like the smart speaker's (a buy box with accessories, nothing else to load
 * first); out of the speaker's family, whose stripe another spec counts.
 */
async function speakerLikePage(world: World): Promise<string> {
  const product = await world.standaloneProduct('B0PDPSPK01');
  return `/dp/${product.asin}`;
}

/** Holds a script (the purchase column's chunk by default) until `release()`; `requested` resolves once it was asked for. */
async function holdScript(page: Page, script = /\/assets\/purchase-part-[^/]*\.js$/) {
  let requestedNow: () => void = () => undefined;
  const requested = new Promise<void>((resolve) => {
    requestedNow = resolve;
  });
  let releaseNow: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    releaseNow = resolve;
  });
  await page.route(script, async (route: Route) => {
    requestedNow();
    await released;
    await route.continue();
  });
  return { requested, release: () => releaseNow() };
}

function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Opens a speaker-like page of its own with the column's chunk held back, once the page has asked for it. */
async function openWithColumnHeld(page: Page, world: World) {
  const path = await speakerLikePage(world);
  const errors = consoleErrors(page);
  const chunk = await holdScript(page);
  await page.goto(path);
  await chunk.requested;
  return { path, errors, chunk };
}

test.beforeEach(async ({ page }) => {
  await declineAccessoryInterstitial(page);
});

test('the buy box keeps its server form while its code is on its way, through the page updates, and works once it arrives', async ({
  page,
  world,
}) => {
  const { path, errors, chunk } = await openWithColumnHeld(page, world);
  // The rest of the page has hydrated and updated: the widgets below the fold come in by a state
  // change of the page, as the shopper scrolls their row near the viewport.
  await page
    .locator('#product-description')
    .evaluate((description) => description.scrollIntoView({ block: 'end' }));
  await expect(page.locator('.product__below-fold')).toBeAttached({ timeout: 15_000 });
  // The buy box is still the server's form, and the page is not marked hydrated.
  const buyBox = page.getByRole('complementary', { name: 'Buy box' });
  await expect(buyBox.getByRole('button', { name: 'Add to Cart' })).toBeVisible();
  await expect(buyBox.getByRole('combobox', { name: 'Quantity:' })).toBeVisible();
  await expect(page.locator('.accessory').first()).toBeVisible();
  await page.waitForTimeout(500);
  await expect(buyBox.getByRole('button', { name: 'Add to Cart' })).toBeVisible();
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true');

  chunk.release();
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true', { timeout: 15_000 });
  // Its code has taken the form over: add to cart goes through the cart API and stays on the page.
  await buyBox.getByRole('combobox', { name: 'Quantity:' }).selectOption('2');
  await buyBox.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Added to cart')).toBeVisible();
  await expect(page.getByRole('link', { name: /^Cart, \d+ items?$/ })).toHaveAccessibleName('Cart, 2 items');
  expect(new URL(page.url()).pathname).toBe(path);
  expect(errors).toEqual([]);
});

for (const how of ['a click', 'the keyboard'] as const) {
  test(`a press on add to cart by ${how} before the buy box code has arrived is held, then goes through the cart API`, async ({
    page,
    world,
  }) => {
    const { path, errors, chunk } = await openWithColumnHeld(page, world);
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(new URL(request.url()).pathname);
    });
    const addToCart = page
      .getByRole('complementary', { name: 'Buy box' })
      .getByRole('button', { name: 'Add to Cart' });
    if (how === 'a click') await addToCart.click();
    else {
      await addToCart.focus();
      await page.keyboard.press('Enter');
    }
    // Held: no navigation to the plain form's answer, nothing posted yet, and the shopper is told to wait.
    await page.waitForTimeout(500);
    expect(new URL(page.url()).pathname).toBe(path);
    expect(posts.filter((path) => path.startsWith('/gp/product/handle-buy-box'))).toEqual([]);
    await expect(page.getByText('Added to cart')).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: 'One moment…' })).toBeVisible();

    chunk.release();
    // Replayed once the buy box has hydrated: the same press, through the cart API, on this page.
    await expect(page.getByText('Added to cart')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('One moment…')).toHaveCount(0);
    await expect(page.getByRole('link', { name: /^Cart, \d+ items?$/ })).toHaveAccessibleName('Cart, 1 item');
    expect(new URL(page.url()).pathname).toBe(path);
    expect(posts.filter((path) => path.startsWith('/gp/product/handle-buy-box'))).toEqual([]);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    expect(errors).toEqual([]);
  });
}

test('a quantity chosen before the buy box code has arrived is kept, and a press made with it adds that many', async ({
  page,
  world,
}) => {
  const { errors, chunk } = await openWithColumnHeld(page, world);
  const buyBox = page.getByRole('complementary', { name: 'Buy box' });
  const quantity = buyBox.getByRole('combobox', { name: 'Quantity:' });
  await quantity.selectOption('3');
  await buyBox.getByRole('button', { name: 'Add to Cart' }).click();

  chunk.release();
  // Hydrating sets the field back to the quantity React rendered; the page gives it the shopper's again,
  // and the held press adds that many.
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true', { timeout: 15_000 });
  await expect(quantity).toHaveValue('3');
  await expect(page.getByText('Added to cart')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('link', { name: /^Cart, \d+ items?$/ })).toHaveAccessibleName('Cart, 3 items');
  expect(errors).toEqual([]);
});

test('a quantity chosen before the page script has arrived is kept once the page has hydrated', async ({
  page,
  world,
}) => {
  const path = await speakerLikePage(world);
  const errors = consoleErrors(page);
  const entry = await holdScript(page, /\/assets\/entry-client-[^/]*\.js$/);
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  const quantity = page
    .getByRole('complementary', { name: 'Buy box' })
    .getByRole('combobox', { name: 'Quantity:' });
  await quantity.selectOption('4');
  entry.release();
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true', { timeout: 15_000 });
  await expect(quantity).toHaveValue('4');
  await page
    .getByRole('complementary', { name: 'Buy box' })
    .getByRole('button', { name: 'Add to Cart' })
    .click();
  await expect(page.getByRole('link', { name: /^Cart, \d+ items?$/ })).toHaveAccessibleName('Cart, 4 items');
  expect(errors).toEqual([]);
});

test('an accessory ticked before the buy box code has arrived stays ticked and is added with the item', async ({
  page,
  world,
}) => {
  const { errors, chunk } = await openWithColumnHeld(page, world);
  const accessory = page.locator('.accessory__checkbox').first();
  await accessory.check();

  chunk.release();
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true', { timeout: 15_000 });
  await expect(accessory).toBeChecked();
  await page
    .getByRole('complementary', { name: 'Buy box' })
    .getByRole('button', { name: 'Add to Cart' })
    .click();
  await expect(page.getByText('Added to cart')).toBeVisible();
  // The item and the ticked accessory.
  await expect(page.getByRole('link', { name: /^Cart, \d+ items?$/ })).toHaveAccessibleName('Cart, 2 items');
  expect(errors).toEqual([]);
});
