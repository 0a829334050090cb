import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { declineAccessoryInterstitial } from './accessory-interstitial';

test.beforeEach(async ({ page }) => {
  await declineAccessoryInterstitial(page);
});

const ADDRESS = { 'Street address': '410 Terry Ave N', City: 'Seattle', State: 'WA', 'ZIP code': '98109' };

async function signIn(page: Page, path: string, email = 'shopper@example.com', password = 'shopper-demo') {
  await page.goto(`/gp/sign-in.html?path=${encodeURIComponent(path)}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[?.]/g, '\\$&')}$`));
}

async function fillAddress(page: Page) {
  await page.getByLabel('Full name').fill('Sam Carter');
  for (const [label, value] of Object.entries(ADDRESS)) await page.getByLabel(label).fill(value);
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('BB-001 the buy box adds to cart and buys now as plain forms', async ({ page }) => {
    await page.goto('/dp/B0PDPBAT01');
    await page.getByLabel('Quantity:').selectOption('2');
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page).toHaveURL(/\/gp\/cart\/view\.html\?notice=added$/);
    await expect(page.getByRole('status')).toHaveText('Added to cart');
    await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();

    await page.goto('/dp/B0PDPSPK01');
    await page.getByRole('button', { name: 'Buy Now', exact: true }).click();
    await expect(page).toHaveURL(/\/gp\/sign-in\.html\?path=/);
    await page.getByLabel('Email').fill('shopper@example.com');
    await page.getByLabel('Password').fill('shopper-demo');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Checkout (1 item)' })).toBeVisible();
    await fillAddress(page);
    await page.getByRole('button', { name: 'Place your order' }).click();
    await expect(page.getByRole('heading', { name: 'Order placed, thank you!' })).toBeVisible();
    await expect(page.getByTestId('order-id')).toHaveText(/^111-\d{7}-\d{7}$/);
  });
});

test('a signed-in shopper adds to cart, reviews the cart and places the order', async ({ page }) => {
  await signIn(page, '/dp/B0PDPSPK01', 'prime@example.com', 'prime-demo');
  const cartLink = page.getByRole('link', { name: /^Cart, \d+ items$/ });
  const before = Number((await cartLink.getAttribute('aria-label'))?.match(/\d+/)?.[0] ?? 0);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Added to cart.')).toBeVisible();
  await expect(cartLink).toHaveAccessibleName(`Cart, ${before + 1} items`);
  await cartLink.click();
  await expect(page.getByRole('heading', { name: 'Shopping Cart' })).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id} ${v.help}`)).toEqual([]);
  await page.getByRole('button', { name: 'Proceed to checkout' }).click();
  await expect(page.getByRole('heading', { name: /^Checkout/ })).toBeVisible();
  await fillAddress(page);
  const checkoutAxe = await new AxeBuilder({ page }).analyze();
  expect(checkoutAxe.violations.map((v) => `${v.id} ${v.help}`)).toEqual([]);
  await page.getByRole('button', { name: 'Place your order' }).click();
  await expect(page.getByRole('heading', { name: 'Order placed, thank you!' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();
  const confirmationAxe = await new AxeBuilder({ page }).analyze();
  expect(confirmationAxe.violations.map((v) => `${v.id} ${v.help}`)).toEqual([]);
});

test('the cart page changes a quantity, deletes a line and proceeds to checkout', async ({ page }) => {
  for (const asin of ['B0PDPSPK01', 'B0PDPSPK02']) {
    await page.goto(`/dp/${asin}`);
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByText('Added to cart.')).toBeVisible();
  }
  await page.goto('/gp/cart/view.html');
  const summary = page.getByRole('complementary', { name: 'Order summary' });
  await expect(summary).toContainText('Subtotal (2 items): $79.98');
  await page.getByLabel(/^Quantity of Nimbus Smart Speaker/).selectOption('3');
  await page.getByRole('button', { name: 'Update' }).first().click();
  await expect(summary).toContainText('Subtotal (4 items): $179.96');
  await page.getByRole('button', { name: /^Delete Nimbus Mini/ }).click();
  await expect(summary).toContainText('Subtotal (3 items): $149.97');
  await expect(page.getByRole('button', { name: /^Delete Nimbus Mini/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Cart, 3 items' })).toBeVisible();
  await page.getByRole('button', { name: 'Proceed to checkout' }).click();
  await expect(page).toHaveURL(/\/gp\/(sign-in|buy)/);
});

test('a bad ZIP code is explained next to the field', async ({ page }) => {
  await signIn(page, '/dp/B0PDPSPK01');
  await page.getByRole('button', { name: 'Buy Now', exact: true }).click();
  await fillAddress(page);
  await page.getByLabel('ZIP code').fill('98');
  await page.getByRole('button', { name: 'Place your order' }).click();
  await expect(page.getByText('Enter a 5-digit ZIP code.')).toBeVisible();
  await expect(page.getByLabel('ZIP code')).toHaveAttribute('aria-invalid', 'true');
});
