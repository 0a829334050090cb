import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test, type World } from './fixtures';

// The smart-home badge (SH): a speaker's page offers a plug ($24.99), a bulb ($14.99) and a camera
// ($1,059.99) to add together.

async function badge(world: World) {
  const speaker = await world.product(undefined, { title: 'Test Hub Speaker' });
  const plug = await world.product(undefined, { title: 'Test Plug', offers: [{ price: 24.99 }] });
  const bulb = await world.product(undefined, { title: 'Test Bulb', offers: [{ price: 14.99 }] });
  const camera = await world.product(undefined, { title: 'Test Camera', offers: [{ price: 1059.99 }] });
  await world.smartHome(speaker, [plug, bulb, camera]);
  return { speaker, plug, bulb, camera };
}

const region = (page: Page) => page.getByRole('region', { name: /add compatible smart-home devices/ });

test('SH-001 SH-003 SH-004 SH-007 checkboxes, a running total in dollars and cents, the button off and the total hidden at zero', async ({
  page,
  world,
}) => {
  const { speaker } = await badge(world);
  await page.goto(`/dp/${speaker.asin}`);
  const total = region(page).getByTestId('smart-home-total');
  const button = region(page).getByRole('button', { name: /to Cart$/ });
  await expect(region(page).getByRole('checkbox')).toHaveCount(3);
  await expect(total).toHaveText('$1,099.97');
  await expect(button).toHaveText('Add 3 to Cart');
  await region(page)
    .getByRole('checkbox', { name: /Test Camera/ })
    .uncheck();
  await expect(total).toHaveText('$39.98');
  await region(page)
    .getByRole('checkbox', { name: /Test Plug/ })
    .uncheck();
  await expect(total).toHaveText('$14.99');
  await expect(button).toBeEnabled();
  await region(page)
    .getByRole('checkbox', { name: /Test Bulb/ })
    .uncheck();
  await expect(button).toBeDisabled();
  await expect(button).toHaveText('Add to Cart');
  await expect(region(page).getByText('Total price:')).toHaveCount(0);
  await region(page)
    .getByRole('checkbox', { name: /Test Plug/ })
    .check();
  await expect(button).toBeEnabled();
  await expect(total).toHaveText('$24.99');
  const results = await new AxeBuilder({ page }).include('.smart-home').analyze();
  expect(results.violations.map((v) => `${v.id} ${v.nodes[0]?.target}`)).toEqual([]);
});

test('SH-002 one cart call adds every checked device, each by asin and offer listing id', async ({
  page,
  world,
}) => {
  const { speaker, plug, camera } = await badge(world);
  const bodies: unknown[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/cart/carts/retail/items')) bodies.push(request.postDataJSON());
  });
  await page.goto(`/dp/${speaker.asin}`);
  const plugBox = region(page).getByRole('checkbox', { name: /Test Plug/ });
  await expect(plugBox).toHaveAttribute('data-offerlistingid', plug.offers[0]?.offerListingId ?? '');
  await expect(plugBox).toHaveAttribute('data-price', '24.99');
  await region(page)
    .getByRole('checkbox', { name: /Test Bulb/ })
    .uncheck();
  await region(page).getByRole('button', { name: 'Add 2 to Cart' }).click();
  await expect(region(page).getByRole('status').filter({ hasText: 'Added 2 to Cart' })).toBeVisible();
  expect(bodies).toEqual([
    {
      items: [
        { asin: plug.asin, offerListingId: plug.offers[0]?.offerListingId, quantity: 1 },
        { asin: camera.asin, offerListingId: camera.offers[0]?.offerListingId, quantity: 1 },
      ],
    },
  ]);
  await expect(page.getByRole('link', { name: /^Cart, 2 items$/ })).toBeVisible();
});

test('SH-005 without its button messages in page state the badge does not start', async ({ page, world }) => {
  const { speaker } = await badge(world);
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await page.route('**/page-slices/smart-home', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    delete body.smartHome.pageState.buttonMessages;
    await route.fulfill({ response, json: body });
  });
  await page.goto(`/dp/${speaker.asin}`);
  await expect.poll(() => warnings).toContain('smart-home badge not started: no button messages');
  await expect(region(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeVisible();
});

test('a product without compatible devices shows no badge', async ({ page, world }) => {
  const plain = await world.product();
  await page.goto(`/dp/${plain.asin}`);
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(region(page)).toHaveCount(0);
});

test('SH-002 pressed by keyboard, the add keeps focus while its call runs and takes no second press', async ({
  page,
  world,
}) => {
  const { speaker } = await badge(world);
  let calls = 0;
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/cart/carts/retail/items*', async (route) => {
    calls += 1;
    await held;
    await route.continue();
  });
  await page.goto(`/dp/${speaker.asin}`);
  const button = region(page).getByRole('button', { name: /to Cart$/ });
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(button).toHaveAttribute('aria-disabled', 'true');
  await expect(button).toBeFocused();
  await page.keyboard.press('Enter');
  release();
  await expect(region(page).getByRole('status')).toContainText(/added/i);
  expect(calls).toBe(1);
  await expect(button).toBeFocused();
});
