import type { Locator, Page } from '@playwright/test';
import { declineAccessoryInterstitial } from './accessory-interstitial';
import { expect, test } from './fixtures';
import { signIn } from './pages/sign-in-page';

// What a shopper sees of the page's layout and wording: sizes are measured, not guessed.

test.beforeEach(async ({ page }) => {
  await declineAccessoryInterstitial(page);
});

async function box(locator: Locator) {
  const measured = await locator.boundingBox();
  if (!measured) throw new Error('the element has no box: it is not rendered');
  return measured;
}

/** One line of `locator`'s text is at most this tall: its line height, from the page's own CSS. */
async function lineHeight(locator: Locator) {
  return locator.evaluate((element) => {
    const style = getComputedStyle(element);
    const lineHeight = Number.parseFloat(style.lineHeight);
    return Number.isNaN(lineHeight) ? Number.parseFloat(style.fontSize) * 1.45 : lineHeight;
  });
}

/** The value of the description list's entry `term` in the buy box ("Sold by" → the seller). */
const buyBoxDetail = (page: Page, term: string) =>
  page
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${term}$`) })
    .locator('xpath=following-sibling::dd[1]');

test.describe('desktop widths', () => {
  test.skip(({ isMobile }) => isMobile, 'the side-by-side gallery is the desktop layout');

  test('gallery thumbnails show their images at a usable size from 1024 to 1920 px', async ({
    page,
    world,
  }) => {
    const product = await world.product('B0PDPRDR01');
    for (const width of [1024, 1366, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/dp/${product.asin}`);
      const thumbs = page.getByRole('button', { name: /^View image \d+ of 3/ });
      await expect(thumbs).toHaveCount(3);
      for (const thumb of await thumbs.all()) {
        const size = await box(thumb);
        expect(size.width, `a thumbnail at ${width} px`).toBeGreaterThanOrEqual(44);
        expect(size.height, `a thumbnail at ${width} px`).toBeGreaterThanOrEqual(44);
        const image = await box(thumb.getByRole('presentation'));
        expect(image.width, `a thumbnail's image at ${width} px`).toBeGreaterThanOrEqual(40);
      }
      // The hero keeps the rest of the column, beside the thumbnails.
      const hero = await box(page.getByRole('img', { name: product.images?.[0]?.alt ?? '' }));
      expect(hero.width).toBeGreaterThan(200);
    }
  });

  test('BB-041: the variation popover opens beside its trigger, flipped to stay in a 900 px window', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/dp/B0PDPSPK01');
    const trigger = page
      .getByRole('region', { name: 'Add an accessory' })
      .getByRole('button', { name: /^Color: Black/ });
    await trigger.click();
    const popover = page.getByRole('dialog', { name: 'Choose a color' });
    await expect(popover).toBeVisible();
    const opener = await box(trigger);
    const placed = await box(popover);
    // Beside the trigger (the buy box is at the window's right edge, so at its left), not below it.
    const atRight = placed.x >= opener.x + opener.width;
    const atLeft = placed.x + placed.width <= opener.x;
    expect(atRight || atLeft, 'the popover sits beside its trigger').toBe(true);
    expect(placed.y).toBeLessThanOrEqual(opener.y);
    // Inside the window, "Add to order" included, without scrolling.
    expect(placed.y).toBeGreaterThanOrEqual(0);
    expect(placed.y + placed.height).toBeLessThanOrEqual(900);
    await expect(popover.getByRole('button', { name: 'Add to order' })).toBeInViewport({ ratio: 1 });
  });
});

test('info messages are styled as alerts, like the others', async ({ page }) => {
  await page.goto('/dp/B0PDPSPK01');
  await page.getByLabel('Add gift options').check();
  const note = page.getByRole('status').filter({ hasText: 'link up to 3 devices' });
  await expect(note).toBeVisible();
  const style = await note.evaluate((element) => {
    const computed = getComputedStyle(element);
    return {
      border: computed.borderTopStyle,
      borderWidth: computed.borderTopWidth,
      background: computed.backgroundColor,
    };
  });
  expect(style.border).toBe('solid');
  expect(style.borderWidth).not.toBe('0px');
  expect(style.background).not.toBe('rgba(0, 0, 0, 0)');
});

test('signed in at 390 px the header keeps the store name and the greeting on one line each', async ({
  page,
  world,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const shopper = await world.customer({ name: 'Alexandra Montgomery-Whitfield' });
  await signIn(page, shopper, '/dp/B0PDPSPK01');
  const header = page.getByRole('banner');
  const logo = header.getByRole('link', { name: /Northwind/ });
  const greeting = header.getByText(/^Hello, Alexandra/);
  await expect(greeting).toBeVisible();
  const logoBox = await box(logo);
  const greetingBox = await box(greeting);
  expect(logoBox.height, '"Northwindmarket" on one line').toBeLessThan(1.5 * (await lineHeight(logo)));
  expect(greetingBox.height, '"Hello, …" on one line').toBeLessThan(1.5 * (await lineHeight(greeting)));
  // Side by side in one row, inside the window.
  expect(greetingBox.x).toBeGreaterThanOrEqual(logoBox.x + logoBox.width);
  expect(Math.abs(greetingBox.y + greetingBox.height / 2 - (logoBox.y + logoBox.height / 2))).toBeLessThan(8);
  const cart = await box(header.getByRole('link', { name: /^Cart, \d+ items?$/ }));
  expect(cart.x + cart.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // The whole name is still there for assistive technology, whatever the ellipsis cuts.
  await expect(greeting).toHaveText('Hello, Alexandra Montgomery-Whitfield');
});

test('decision 0017: the store sells its own offers under its own name, other merchants under theirs', async ({
  page,
  world,
}) => {
  const own = await world.product('B0PDPBAT01');
  await page.goto(`/dp/${own.asin}`);
  await expect(buyBoxDetail(page, 'Ships from')).toHaveText('Northwind Market');
  await expect(buyBoxDetail(page, 'Sold by')).toHaveText('Northwind Market');
  await expect(page.getByText('Amazon.com')).toHaveCount(0);

  const merchant = { id: 'A3HARBORGOODS', name: 'Harbor Goods Co.' };
  const theirs = await world.product(undefined, { offers: [{ merchant }] });
  await page.goto(`/dp/${theirs.asin}`);
  await expect(buyBoxDetail(page, 'Sold by')).toHaveText('Harbor Goods Co.');
});

test.describe('decision 0017: wording', () => {
  test('DEAL-025 a signed-in shopper without Prime is told they can buy at the regular price, not to sign in', async ({
    page,
    world,
  }) => {
    const deal = await world.deal('B0PDPRDR01');
    await signIn(page, await world.customer(), `/dp/${deal.asin}`);
    await expect(page.locator('[data-deal-ready="true"]')).toHaveCount(1);
    const note = page.getByText('This deal is for Prime members only.');
    await expect(note).toBeVisible();
    await expect(note).toContainText(/you can still buy this item at its regular price of \$\d+\.\d\d/);
    await expect(note).not.toContainText('Sign in');
    await expect(note.getByRole('link')).toHaveCount(0);
  });

  test('DEAL-025 a signed-out shopper is still asked to sign in with a Prime account', async ({
    page,
    world,
  }) => {
    const deal = await world.deal('B0PDPRDR01');
    await page.goto(`/dp/${deal.asin}`);
    await expect(page.locator('[data-deal-ready="true"]')).toHaveCount(1);
    await expect(page.getByText('This deal is for Prime members only.')).toContainText(
      'Sign in with a Prime account to claim it.',
    );
  });

  test('DP-012 a qty above the per-order limit becomes the limit and says so, once', async ({
    page,
    world,
  }) => {
    const batteries = await world.product('B0PDPBAT01');
    await page.goto(`/dp/${batteries.asin}?qty=9`);
    await expect(page.getByLabel('Quantity:')).toHaveValue('5');
    const note = page.getByRole('status').filter({ hasText: 'limited to 5 per order' });
    await expect(note).toHaveText('This item is limited to 5 per order, so the quantity is set to 5.');
    await expect(page.getByLabel('Quantity:')).toHaveAccessibleDescription(/limited to 5 per order/);
    await expect(page.getByText(/limited to 5 per order, so/)).toHaveCount(1);
    // The plain "Quantity updated" tip is not shown beside it.
    await expect(page.getByRole('button', { name: 'Quantity updated' })).toHaveCount(0);
  });

  test('DP-012 an unreadable qty becomes 1 and says why', async ({ page, world }) => {
    const batteries = await world.product('B0PDPBAT01');
    await page.goto(`/dp/${batteries.asin}?qty=abc`);
    await expect(page.getByLabel('Quantity:')).toHaveValue('1');
    await expect(page.getByRole('status').filter({ hasText: 'quantity in the link' })).toHaveText(
      "The quantity in the link you followed isn't one we can use, so the quantity is set to 1.",
    );
  });

  test('DP-012 a qty within the limits is used without a note', async ({ page, world }) => {
    const batteries = await world.product('B0PDPBAT01');
    await page.goto(`/dp/${batteries.asin}?qty=3`);
    await expect(page.getByLabel('Quantity:')).toHaveValue('3');
    await expect(page.getByRole('button', { name: 'Quantity updated' })).toBeVisible();
    await expect(page.getByText(/so the quantity is set to/)).toHaveCount(0);
  });
});

test('decision 0017: on a phone the variation popover opens in view, its "Add to order" reachable', async ({
  page,
  isMobile,
}) => {
  test.skip(!isMobile, 'the phone layout');
  await page.goto('/dp/B0PDPSPK01');
  const trigger = page
    .getByRole('region', { name: 'Add an accessory' })
    .getByRole('button', { name: /^Color: Black/ });
  await trigger.click();
  const popover = page.getByRole('dialog', { name: 'Choose a color' });
  await expect(popover).toBeVisible();
  const viewport = page.viewportSize();
  const placed = await box(popover);
  expect(placed.y).toBeGreaterThanOrEqual(0);
  expect(placed.y + placed.height).toBeLessThanOrEqual(viewport?.height ?? 0);
  await expect(popover.getByRole('button', { name: 'Add to order' })).toBeInViewport({ ratio: 1 });
});

test('the family stripe keeps each model name whole; on a phone it scrolls sideways instead', async ({
  page,
}) => {
  await page.goto('/dp/B0PDPSPK01');
  const models = page.getByRole('navigation', { name: 'Other models in this family' }).getByRole('link');
  await expect(models.first()).toBeVisible();
  for (const model of await models.all()) {
    const cut = await model.evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(cut, `${await model.textContent()} is cut`).toBeLessThanOrEqual(0);
  }
});
