import type { Page } from '@playwright/test';
import { declineAccessoryInterstitial } from './accessory-interstitial';
import { expect, test } from './fixtures';
import { CartPage } from './pages/cart-page';
import { CheckoutPage } from './pages/checkout-page';
import { signIn } from './pages/sign-in-page';

const US = 'ATVPDKIKX0DER';
const PLAN = '2-Year Protection Plan for Nimbus Kids Tablet';
const STAND = { asin: 'B0PDPSTD01', offerListingId: 'OL-B0PDPSTD01-NEW' };

test.beforeEach(async ({ page }) => {
  await declineAccessoryInterstitial(page);
});

test('BB-028: a clipped coupon comes off the cart, checkout and placed order, as its own line', async ({
  page,
  world,
}) => {
  // A product of its own with the speaker's coupon and price (a copy of the speaker would join its family stripe).
  const speaker = await world.product(undefined, {
    features: {
      coupon: {
        encryptedPromotionId: 'A2PDPCOUPON5OFF',
        amountOff: 5,
        description: 'Save $5.00 with coupon',
      },
    },
    offers: [{ price: 49.99 }],
  });
  await signIn(page, await world.customer(), `/dp/${speaker.asin}`);
  await page.getByRole('button', { name: 'Apply coupon' }).click();
  await expect(page.getByText(/applied at checkout/)).toBeVisible();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Added to cart.')).toBeVisible();

  const cart = new CartPage(page);
  await cart.goto();
  await cart.expectSubtotal('$49.99', 1);
  const summary = cart.summary;
  await expect(summary.getByRole('term').filter({ hasText: 'Coupon: Save $5.00 with coupon' })).toBeVisible();
  await expect(summary.getByRole('definition').filter({ hasText: '-$5.00' })).toBeVisible();
  await expect(summary).toContainText('Total:$44.99');

  await cart.proceedToCheckout();
  const totals = page.getByRole('complementary', { name: 'Order summary' });
  await expect(totals.getByRole('term').filter({ hasText: 'Coupon: Save $5.00 with coupon' })).toBeVisible();
  await expect(totals).toContainText('Order total:$44.99');
  const checkout = new CheckoutPage(page);
  await checkout.fillAddress();
  await checkout.placeOrder();
  await checkout.expectOrderPlaced();
  await expect(page.getByText('Coupon: Save $5.00 with coupon')).toBeVisible();
  // $44.99 after the coupon, plus WA's estimated tax on it (decision 0015): $2.92.
  await expect(page.getByText('Order total: $47.91')).toBeVisible();

  // Once per customer: the next order of the speaker pays the full price.
  await page.goto(`/dp/${speaker.asin}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Added to cart.')).toBeVisible();
  await cart.goto();
  await expect(cart.summary.getByText(/Coupon:/)).toHaveCount(0);
});

/** Adds to the cart through the cart API as the page does (its CSRF and slate tokens). */
async function addThroughApi(page: Page, items: unknown[]) {
  const meta = (name: string) =>
    page.locator(`meta[name="${name}"]`).getAttribute('content') as Promise<string>;
  const response = await page.request.post(`/api/marketplaces/${US}/cart/carts/retail/items`, {
    headers: {
      'content-type': 'application/vnd.com.amazon.api+json; type="cart.add-items.request/v1"',
      accept: 'application/vnd.com.amazon.api+json; type="cart.add-items/v1"',
      'x-csrf-token': await meta('csrf-token'),
      'x-encrypted-slate-token': await meta('encrypted-slate-token'),
    },
    data: { items },
  });
  expect(response.status()).toBe(200);
}

test('decision 0014: in the cart the page item comes first, its accessory and plan under it; the plan has no quantity choice nor "In Stock"', async ({
  page,
  world,
}) => {
  const deal = await world.deal('B0PDPTAB01');
  await page.goto(`/dp/${deal.asin}`);
  await expect(page.locator('[data-deal-ready="true"]')).toHaveCount(1);
  // Deal mode: the interstitial's accessory goes in before the claim, naming the page item by asin (ACC-013).
  await addThroughApi(page, [
    {
      ...STAND,
      quantity: 1,
      additionalParameters: { itemAssociation: { associatedItemId: deal.asin, renderType: 'renderAll' } },
    },
  ]);
  const box = page.getByRole('region', { name: /^(Buying options|Lightning deal)$/ });
  await box.getByLabel(`Add ${PLAN} for $14.99`).check();
  await box.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(box.getByText(`${PLAN} added to your cart.`)).toBeVisible();

  await new CartPage(page).goto();
  const lines = page
    .getByRole('list')
    .filter({ has: page.getByRole('link') })
    .first()
    .getByRole('listitem');
  await expect(lines).toHaveCount(3);
  await expect(lines.nth(0).getByRole('link')).toHaveText(deal.title);
  await expect(lines.nth(1).getByRole('link')).toHaveText(/^Speaker Stand/);
  await expect(lines.nth(2).getByRole('link')).toHaveText(PLAN);
  await expect(lines.nth(0)).toContainText('In Stock');
  const plan = lines.nth(2);
  await expect(plan.getByRole('combobox')).toHaveCount(0);
  await expect(plan).not.toContainText('In Stock');
  await expect(plan).toContainText('Qty: 1');
  await expect(plan.getByRole('button', { name: `Delete ${PLAN}` })).toBeVisible();
});
