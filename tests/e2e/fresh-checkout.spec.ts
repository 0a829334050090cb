import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect as baseExpect, test } from './fixtures';
import { signIn } from './pages/sign-in-page';

// The machine the suite runs on is shared and busy: answers get a longer wait than the default 5 s.
const expect = baseExpect.configure({ timeout: 15_000 });

async function expectAxeClean(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map((v) => `${v.id} ${v.help} ${v.nodes.map((n) => n.target).join(' ')}`),
  ).toEqual([]);
}

const headerCart = (page: Page) => page.getByRole('link', { name: /^Cart, \d+ items?$/ });
const expectHeaderCount = (page: Page, count: number) =>
  expect(headerCart(page)).toHaveAccessibleName(`Cart, ${count} ${count === 1 ? 'item' : 'items'}`);

test.describe('the fresh checkout (decision 0047)', () => {
  test('GRO-025 bananas by weight and milk: the cart page, a held delivery window, the fresh order on the account page; the header counts what the cart page shows', async ({
    page,
    world,
  }) => {
    const storeId = `E2E-${Date.now().toString(36).toUpperCase()}`;
    const stores = [{ storeId, name: 'Corner Fresh' }];
    const bananas = await world.groceryProduct({
      title: 'Loose bananas',
      unitOfMeasure: 'lb',
      stores,
      offer: { price: 0.69 },
    });
    const milk = await world.groceryProduct({
      title: 'Whole milk',
      unitOfMeasure: 'gallon',
      stores,
      offer: { price: 4.99 },
    });
    const customer = await world.customer();
    await world.groceryAddress(customer.id);
    await signIn(page, customer, `/dp/${bananas.asin}`);

    // Bananas by weight: 2.5 lb, one line.
    const box = page.getByTestId('grocery-buy-box');
    await expectHeaderCount(page, 0);
    await box.getByLabel('Weight:').selectOption('2.5');
    await box.getByRole('button', { name: 'Add to Fresh Cart' }).click();
    const sheet = page.getByRole('dialog', { name: /^About / });
    await expect(sheet).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(box.getByText('2.5 lb in fresh cart')).toBeVisible();
    await expectHeaderCount(page, 1);

    await page.goto(`/dp/${milk.asin}`);
    await box.getByRole('button', { name: 'Add to Fresh Cart' }).click();
    await expect(box.getByRole('group', { name: 'Quantity of Whole milk' })).toBeVisible();
    await expectHeaderCount(page, 2);

    // The cart page shows the fresh cart: weighed line by weight, its subtotal and the minimum not met.
    await page.goto('/gp/cart/view.html');
    const fresh = page.getByRole('region', { name: 'Fresh groceries' });
    await expect(fresh.getByText('2.5 lb at $0.69 / lb')).toBeVisible();
    await expect(fresh.getByText('$1.73')).toBeVisible();
    await expect(fresh.getByText('Corner Fresh subtotal (2 items):')).toContainText('$6.72');
    await expect(fresh.getByText('Add $3.28 more to reach the $10.00 minimum order.')).toBeVisible();
    await expect(fresh.getByRole('link', { name: 'Check out fresh groceries' })).toHaveCount(0);
    await expectHeaderCount(page, 2);

    // A second milk reaches the minimum.
    await page.goto(`/dp/${milk.asin}`);
    await box.getByRole('button', { name: 'Increase quantity' }).click();
    await expectHeaderCount(page, 3);
    await page.goto('/gp/cart/view.html');
    await expect(fresh.getByText('Corner Fresh subtotal (3 items):')).toContainText('$11.71');
    await expectHeaderCount(page, 3);
    await expectAxeClean(page);
    await fresh.getByRole('link', { name: 'Check out fresh groceries' }).click();

    // The checkout: the address, the windows with their places; hold one, then place the order.
    await expect(page.getByRole('heading', { name: 'Fresh checkout' })).toBeVisible();
    await expect(page.getByText('Sam Carter – Seattle 98109')).toBeVisible();
    await expectHeaderCount(page, 3);
    const place = page.getByRole('button', { name: 'Place your fresh order' });
    await expect(place).toBeDisabled();
    // The windows are listed by day: the first day's first window.
    const firstDay = page
      .getByRole('group')
      .filter({ has: page.getByRole('radio') })
      .first();
    const firstWindow = firstDay.getByRole('radio').first();
    const day = ((await firstDay.locator('legend').textContent()) ?? '').trim();
    const hours = ((await firstWindow.locator('xpath=..').textContent()) ?? '').replace(/\(.*\)/, '').trim();
    const windowLabel = `${day}, ${hours}`;
    await expect(firstWindow.locator('xpath=..')).toContainText('(5 places left)');
    await firstWindow.check();
    await page.getByRole('button', { name: 'Hold this window' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'held while you check out' })).toBeVisible();
    await expect(page.getByText(`${windowLabel} is held for you until`)).toBeVisible();
    await expectAxeClean(page);
    await place.click();

    await expect(page.getByRole('heading', { name: `Your order for ${windowLabel}` })).toBeVisible();
    await expect(page.getByRole('cell', { name: '2.5 lb' })).toBeVisible();
    await expect(page.getByText('Subtotal: $11.71')).toBeVisible();
    await expectHeaderCount(page, 0);

    await page.goto('/gp/cart/view.html');
    await expect(page.getByRole('heading', { name: 'Your Northwind Cart is empty' })).toBeVisible();
    await expectHeaderCount(page, 0);

    await page.goto('/gp/css/homepage.html');
    const orders = page.getByRole('region', { name: 'Your fresh orders' });
    await expect(orders.getByText(`Delivery ${windowLabel}`)).toBeVisible();
    await expect(orders.getByText('3 items from Corner Fresh (you can still add items)')).toBeVisible();
    await expectHeaderCount(page, 0);
  });
});

test('a signed-in shopper without a grocery address is told they can fill the fresh cart now, and adding works', async ({
  page,
  world,
}) => {
  const milk = await world.groceryProduct({ title: 'Oat milk', unitOfMeasure: 'carton' });
  const customer = await world.customer();
  await signIn(page, customer, `/dp/${milk.asin}`);
  const box = page.getByTestId('grocery-buy-box');
  await expect(
    box.getByText('Fill your fresh cart now; add a delivery address before you check out.'),
  ).toBeVisible();
  await expect(box.getByText('Add a delivery address to shop fresh groceries')).toHaveCount(0);
  await box.getByRole('button', { name: 'Add to Fresh Cart' }).click();
  await expect(box.getByRole('group', { name: 'Quantity of Oat milk' })).toBeVisible();
  await expectHeaderCount(page, 1);
});
