import AxeBuilder from '@axe-core/playwright';
import { declineAccessoryInterstitial } from './accessory-interstitial';
import { expect, test, type World } from './fixtures';
import { CartPage } from './pages/cart-page';
import { CheckoutPage } from './pages/checkout-page';
import { ProductPage } from './pages/product-page';
import { fillSignIn, signIn } from './pages/sign-in-page';

/**
 * A product of its own shaped like a demo product (the speaker B0PDPSPK01 by default: $49.99, with
 * accessories), out of the demo family whose stripe another spec counts; returns its page's path.
 */
async function pageLike(world: World, demoAsin = 'B0PDPSPK01'): Promise<string> {
  const product = await world.standaloneProduct(demoAsin);
  return `/dp/${product.asin}`;
}

test.beforeEach(async ({ page }) => {
  await declineAccessoryInterstitial(page);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('BB-001 the buy box adds to cart and buys now as plain forms', async ({ page, world }) => {
    await page.goto(await pageLike(world, 'B0PDPBAT01'));
    await page.getByLabel('Quantity:').selectOption('2');
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page).toHaveURL(/\/gp\/cart\/view\.html\?notice=added$/);
    await expect(page.getByRole('status')).toHaveText('Added to cart');
    await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();

    await page.goto(await pageLike(world));
    await page.getByRole('button', { name: 'Buy Now', exact: true }).click();
    await expect(page).toHaveURL(/\/gp\/sign-in\.html\?path=/);
    await fillSignIn(page, await world.customer());
    await expect(page.getByRole('heading', { name: 'Checkout (1 item)' })).toBeVisible();
    const checkout = new CheckoutPage(page);
    await checkout.fillAddress();
    await checkout.placeOrder();
    await checkout.expectOrderPlaced();
    await expect(page.getByTestId('order-id')).toHaveText(/^111-\d{7}-\d{7}$/);
  });
});

test('a signed-in shopper adds to cart, reviews the cart and places the order', async ({ page, world }) => {
  // Three pages and three axe scans: more than the default 30 s budget when the machine is busy.
  test.slow();
  await signIn(page, await world.customer({ prime: true }), await pageLike(world));
  const checkout = new CheckoutPage(page);
  const cartLink = page.getByRole('link', { name: /^Cart, \d+ items?$/ });
  const before = Number((await cartLink.getAttribute('aria-label'))?.match(/\d+/)?.[0] ?? 0);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Added to cart.')).toBeVisible();
  await expect(cartLink).toHaveAccessibleName(`Cart, ${before + 1} ${before + 1 === 1 ? 'item' : 'items'}`);
  await cartLink.click();
  await expect(page.getByRole('heading', { name: 'Shopping Cart' })).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id} ${v.help}`)).toEqual([]);
  await new CartPage(page).proceedToCheckout();
  await expect(page.getByRole('heading', { name: /^Checkout/ })).toBeVisible();
  await checkout.fillAddress();
  const checkoutAxe = await new AxeBuilder({ page }).analyze();
  expect(checkoutAxe.violations.map((v) => `${v.id} ${v.help}`)).toEqual([]);
  await checkout.placeOrder();
  await checkout.expectOrderPlaced();
  await expect(page.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();
  const confirmationAxe = await new AxeBuilder({ page }).analyze();
  expect(confirmationAxe.violations.map((v) => `${v.id} ${v.help}`)).toEqual([]);
});

test('the cart page changes a quantity, deletes a line and proceeds to checkout', async ({ page, world }) => {
  const product = new ProductPage(page);
  for (const demoAsin of ['B0PDPSPK01', 'B0PDPSPK02']) {
    await page.goto(await pageLike(world, demoAsin));
    await product.addToCart();
  }
  const cart = new CartPage(page);
  await cart.goto();
  await cart.expectSubtotal('$79.98', 2);
  await page.getByLabel(/^Quantity of Nimbus Smart Speaker/).selectOption('3');
  await page.getByRole('button', { name: 'Update' }).first().click();
  await cart.expectSubtotal('$179.96', 4);
  await page.getByRole('button', { name: /^Delete Nimbus Mini/ }).click();
  await cart.expectSubtotal('$149.97', 3);
  await expect(page.getByRole('button', { name: /^Delete Nimbus Mini/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Cart, 3 items' })).toBeVisible();
  await cart.proceedToCheckout();
  await expect(page).toHaveURL(/\/gp\/(sign-in|buy)/);
});

test('a bad ZIP code is explained next to the field', async ({ page, world }) => {
  await signIn(page, await world.customer(), await pageLike(world));
  await new ProductPage(page).buyNowButton.click();
  const checkout = new CheckoutPage(page);
  await checkout.fillAddress();
  await page.getByLabel('ZIP code').fill('98');
  await checkout.placeOrder();
  await expect(page.getByText('Enter a 5-digit ZIP code.')).toBeVisible();
  await expect(page.getByLabel('ZIP code')).toHaveAttribute('aria-invalid', 'true');
});

test('decision 0015: a refused order keeps the checkout URL, focuses the first field in error and a reload does not post again', async ({
  page,
  world,
}) => {
  const path = await pageLike(world);
  await signIn(page, await world.customer(), path);
  await new ProductPage(page).buyNowButton.click();
  const checkout = new CheckoutPage(page);
  await checkout.fillAddress();
  await page.getByLabel('City').fill('');
  await page.getByLabel('ZIP code').fill('98');
  await checkout.placeOrder();
  await expect(page.getByText('Enter a city.')).toBeVisible();
  await expect(page).toHaveURL(
    new RegExp(`/gp/buy/spc/handlers/display\\.html\\?asin=${path.slice('/dp/'.length)}&`),
  );
  await expect(page.getByLabel('City')).toBeFocused();
  let posts = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST') posts++;
  });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Checkout (1 item)' })).toBeVisible();
  expect(posts).toBe(0);
});

const SAVED = {
  shippingAddress: {
    fullName: 'Priya Raman',
    line1: '410 Terry Ave N',
    city: 'Seattle',
    state: 'WA',
    postalCode: '98109',
  },
  paymentMethod: 'Visa ending 4242',
};

test('decision 0015: 1-Click places the order at once with the saved address and payment method', async ({
  page,
  world,
}) => {
  await signIn(page, await world.customer(SAVED), await pageLike(world));
  await page.getByRole('button', { name: 'Buy now with 1-Click' }).click();
  await new CheckoutPage(page).expectOrderPlaced();
  await expect(page.getByText('Paid with Visa ending 4242')).toBeVisible();
  await expect(page.getByText(/Shipping to\s+Priya Raman, 410 Terry Ave N, Seattle, WA 98109/)).toBeVisible();
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(summary).toContainText('Estimated tax to be collected:$3.25');
  await expect(page.getByText('Order total: $53.24')).toBeVisible();
});

test('decision 0015: 1-Click without a saved address explains and goes to checkout, which shows the whole order', async ({
  page,
  world,
}) => {
  await signIn(page, await world.customer(), await pageLike(world));
  await page.getByRole('button', { name: 'Buy now with 1-Click' }).click();
  await expect(page.getByRole('heading', { name: 'Checkout (1 item)' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText(
    '1-Click needs a saved shipping address and payment method.',
  );
  await expect(page.getByRole('heading', { name: 'Payment method' })).toBeVisible();
  await expect(page.getByText('Pay on delivery')).toBeVisible();
  await new CheckoutPage(page).fillAddress();
  await new CheckoutPage(page).placeOrder();
  await new CheckoutPage(page).expectOrderPlaced();
});

test('decision 0015: checkout shows the saved address, payment method, items, shipping, estimated tax and total', async ({
  page,
  world,
}) => {
  await signIn(page, await world.customer(SAVED), await pageLike(world));
  await new ProductPage(page).buyNowButton.click();
  await expect(page.getByLabel('Street address')).toHaveValue('410 Terry Ave N');
  await expect(page.getByText('Visa ending 4242')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Review items' })).toBeVisible();
  const summary = page.getByRole('complementary', { name: 'Order summary' });
  await expect(summary).toContainText('Items:$49.99');
  await expect(summary).toContainText('Shipping & handling:FREE');
  await expect(summary).toContainText('Estimated tax to be collected:$3.25');
  await expect(summary).toContainText('Order total:$53.24');
});

test('decision 0015: the header account entry opens the account page with the name, orders and Sign out', async ({
  page,
  world,
}) => {
  const customer = await world.customer({ name: 'Robin Account', ...SAVED });
  await signIn(page, customer, await pageLike(world));
  await page.getByRole('button', { name: 'Buy now with 1-Click' }).click();
  await new CheckoutPage(page).expectOrderPlaced();
  const orderId = await page.getByTestId('order-id').textContent();
  await page.getByRole('link', { name: /^Hello, Robin Account/ }).click();
  await expect(page).toHaveTitle('Your Account | Northwind Market');
  await expect(page.getByRole('heading', { name: 'Your Account' })).toBeVisible();
  await expect(page.getByText('Robin Account', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: `Order ${orderId}` })).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('link', { name: 'Hello, sign in' })).toBeVisible();
});
