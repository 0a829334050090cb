import { expect, test } from './fixtures';

// Retries (decision 0042): the page's writes carry an idempotency key, the same on each try, so a write
// whose answer was lost on the way back is sent again and done once.

test('a cart add whose answer is lost is sent again with its key and adds one unit, not two', async ({
  page,
  world,
  consoleErrors,
}) => {
  const product = await world.standaloneProduct('B0PDPBAT01');
  consoleErrors.expect(/net::ERR_FAILED .*cart\/carts\/retail\/items/);
  const keys: string[] = [];
  await page.route('**/cart/carts/retail/items*', async (route) => {
    keys.push((await route.request().headerValue('idempotency-key')) ?? '');
    if (keys.length > 1) return route.continue();
    // The first try reaches the store and adds the unit; its answer never reaches the page.
    await route.fetch();
    return route.abort('failed');
  });
  await page.goto(`/dp/${product.asin}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Added to cart.')).toBeVisible();
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
  expect(keys[1]).toBe(keys[0]);
  const cart = await page.request.get('/api/marketplaces/ATVPDKIKX0DER/cart/items?cartTypes=RETAIL');
  const items = (await cart.json()).entity.items as { asin: string; quantity: number }[];
  expect(items.filter((item) => item.asin === product.asin).map((item) => item.quantity)).toEqual([1]);
});
