import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page, Request } from '@playwright/test';
import { businessProductShape } from '../factories/business-factory';
import type { ProductOverrides } from '../factories/product-factory';
import { expect, test, type World } from './fixtures';
import { signIn } from './pages/sign-in-page';

// Business buying on the product page (BIZ-001..062): each test makes its own product (three offers,
// business tiers) and its own business customer, and drives the page by keyboard where it can.

const BUSINESS_METRIC = /\/api\/metrics\/events$/;

async function businessPage(world: World, page: Page, overrides: ProductOverrides = {}, query = '') {
  const product = await world.product(undefined, { ...businessProductShape(), ...overrides });
  const buyer = await world.customer({ business: true });
  await signIn(page, buyer, `/dp/${product.asin}${query}`);
  await ready(page);
  return product;
}

/** The business boxes are hydrated: the deep check, asked for once they mount, has answered. */
async function ready(page: Page) {
  await expect(page.getByTestId('deep-check').first()).toContainText(/delivery/i);
}

const defaultBox = (page: Page) => page.getByRole('region', { name: 'Business price' });
const customBox = (page: Page) => page.getByRole('region', { name: 'Custom offer' });
const quantityInput = (box: ReturnType<typeof defaultBox>) =>
  box.getByRole('combobox', { name: 'Quantity:' });
const table = (page: Page) =>
  page.getByRole('listbox', { name: 'Quantity discounts' }).filter({ visible: true });

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id} ${v.help} ${v.nodes[0]?.target}`)).toEqual([]);
}

/** The product calls the picker makes (the quantity checks and table pages). */
function productCalls(page: Page, asin: string): Request[] {
  const calls: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === `/api/marketplaces/ATVPDKIKX0DER/products/${asin}`)
      calls.push(request);
  });
  return calls;
}

/** The metric events the page sends, flattened. */
function metricEvents(page: Page): { schemaId: string; data: Record<string, unknown> }[] {
  const events: { schemaId: string; data: Record<string, unknown> }[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && BUSINESS_METRIC.test(request.url())) {
      events.push(...((request.postDataJSON() as { events: typeof events }).events ?? []));
    }
  });
  return events;
}

test('business prices are shown to business customers only: a consumer sees the regular offer', async ({
  page,
  world,
}) => {
  const product = await world.product(undefined, businessProductShape());
  await page.goto(`/dp/${product.asin}`);
  await expect(page.getByTestId('price')).toHaveText('$9.60');
  await expect(page.getByRole('region', { name: 'Business price' })).toHaveCount(0);
  await expect(page.getByText('How this price is built')).toHaveCount(0);
  await expect(page.getByText('Summit Test Supply')).toHaveCount(0);
});

test('BIZ-001 BIZ-022 BIZ-023 BIZ-028 BIZ-061 BIZ-062 BIZ-027 the table opens on focus, fetches, shows 3 tiers then load-more, and closes on Escape and blur', async ({
  page,
  world,
}) => {
  await businessPage(world, page);
  const input = quantityInput(defaultBox(page));
  await input.focus();
  await expect(input).toHaveAttribute('aria-expanded', 'true');
  const rows = table(page).getByRole('option');
  // 12, 24, 40 (the hidden 30 waits behind load-more), then load-more and the request-a-discount row.
  await expect(rows).toHaveText([
    /^12\+\s*\$8\.40\/unit/,
    /^24\+\s*\$7\.44\/unit/,
    /^40\+/,
    'See more quantity discounts',
    /Request a quantity discount/,
  ]);
  await expectNoAxeViolations(page);
  // Keyboard: down to load-more and Enter: every tier shows, the table stays open.
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowDown');
  await expect(table(page).getByRole('option', { selected: true })).toHaveText('See more quantity discounts');
  await page.keyboard.press('Enter');
  await expect(rows.filter({ hasText: /^\d+\+/ })).toHaveText([
    /^12\+/,
    /^24\+/,
    /^30\+.*Better price at a lower quantity/,
    /^40\+/,
    /^100\+/,
  ]);
  await page.keyboard.press('Escape');
  await expect(input).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('ArrowDown');
  await expect(input).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Tab');
  await expect(input).toHaveAttribute('aria-expanded', 'false');
});

test('BIZ-029 BIZ-017 choosing a tier by keyboard sets every box to its quantity, which reloads for the new price; a rounded unit price says so', async ({
  page,
  world,
}) => {
  const product = await businessPage(world, page);
  const input = quantityInput(defaultBox(page));
  await input.focus();
  await expect(table(page).getByRole('option').first()).toHaveText(/^12\+/);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/dp/${product.asin}\\?qty=12&psc=1(#bb-default)?$`));
  await expect(defaultBox(page).getByTestId('business-total')).toHaveText('Total for 12: $100.80');
  await expect(quantityInput(defaultBox(page))).toHaveValue('12');
  // The other box follows the chosen quantity and its own availability and price for it.
  await expect(quantityInput(customBox(page))).toHaveValue('12');
  // 12 × $0.9667 is $11.60: the $0.97 shown each is rounded, and the box says so (decision 0045).
  await expect(customBox(page).getByTestId('business-unit-price')).toHaveText('$0.97');
  await expect(customBox(page).getByTestId('business-total')).toHaveText(
    'Total for 12: $11.60 (the unit price is rounded to the cent; the total is exact)',
  );
  await expect(defaultBox(page).getByTestId('business-total')).toHaveText('Total for 12: $100.80');
});

test('BIZ-039 BIZ-038 BIZ-036 BIZ-013 BIZ-037 BIZ-018 typing: a focused 1 clears, empty reverts, digits only, update shows, Enter applies in place', async ({
  page,
  world,
  isMobile,
}) => {
  const product = await businessPage(world, page);
  const box = defaultBox(page);
  const input = quantityInput(box);
  await input.focus();
  await expect(input).toHaveValue('');
  await input.blur();
  await expect(input).toHaveValue('1');
  await input.focus();
  if (!isMobile) await expect(box.getByRole('button', { name: 'Update' })).toHaveCount(0);
  await page.keyboard.type('3a-');
  await expect(input).toHaveValue('3');
  await expect(box.getByRole('button', { name: 'Update' })).toBeVisible();
  await page.keyboard.press('ArrowUp');
  await expect(input).toHaveValue('3');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Enter');
  // Three cost what one does per unit: the page stays and the total follows (BIZ-018).
  await expect(box.getByTestId('business-total')).toHaveText('Total for 3: $28.80');
  expect(new URL(page.url()).pathname).toBe(`/dp/${product.asin}`);
  expect(new URL(page.url()).search).toBe('');
  await expect(box.getByRole('button', { name: 'Buy 9 more for $8.40 each (save $14.40)' })).toBeVisible();
});

test('BIZ-015 BIZ-019 the picker is disabled during the refresh check, and a failed check reloads', async ({
  page,
  world,
  consoleErrors,
}) => {
  consoleErrors.expect(/status of 500/);
  const product = await businessPage(world, page);
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    `**/api/marketplaces/ATVPDKIKX0DER/products/${product.asin}?itemQuantity=4*`,
    async (route) => {
      await held;
      await route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"error":{"code":"x","message":"down"}}',
      });
    },
  );
  const input = quantityInput(defaultBox(page));
  await input.fill('4');
  await page.keyboard.press('Escape');
  await input.press('Enter');
  await expect(input).toBeDisabled();
  // Disabled, it keeps the keyboard's place and refuses what is typed.
  await expect(input).toBeFocused();
  await page.keyboard.type('7');
  await expect(input).toHaveValue('4');
  await expect(defaultBox(page).getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
  const reloaded = page.waitForURL(new RegExp(`/dp/${product.asin}\\?qty=4&psc=1(#bb-default)?$`));
  release();
  await reloaded;
  await expect(quantityInput(defaultBox(page))).toBeEnabled();
});

test('DP-010 a business reload keeps ref_, sbo, smid and the other parameters and marks psc=1', async ({
  page,
  world,
}) => {
  const query = '?ref_=sr_1_1&sbo=SBO1&smid=M-B2B-SUPPLY&th=1';
  const product = await businessPage(world, page);
  await page.goto(`/dp/${product.asin}${query}`);
  await ready(page);
  await quantityInput(defaultBox(page)).focus();
  await expect(table(page).getByRole('option').first()).toHaveText(/^12\+/);
  const reloaded = page.waitForURL(
    new RegExp(
      `/dp/${product.asin}\\?ref_=sr_1_1&sbo=SBO1&smid=M-B2B-SUPPLY&th=1&qty=12&psc=1(#bb-default)?$`,
    ),
  );
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await reloaded;
  await expect(quantityInput(defaultBox(page))).toHaveValue('12');
});

test('BIZ-042 BIZ-048 availability checks while typing go out at most every 500 ms, with language, currency, CSRF and slate token', async ({
  page,
  world,
}) => {
  const product = await businessPage(world, page);
  const calls = productCalls(page, product.asin);
  const input = quantityInput(defaultBox(page));
  await input.focus();
  await page.keyboard.press('Escape');
  await page.keyboard.type('123', { delay: 60 });
  const checks = () => calls.filter((c) => c.url().includes('itemQuantity='));
  const quantities = () => checks().map((c) => new URL(c.url()).searchParams.get('itemQuantity'));
  await expect.poll(quantities).toContain('123');
  // The first goes at once and the last typed when its 500 ms window ends. 12 goes between them only
  // when a busy machine spaced the keys out over a window; the calls are always 500 ms apart.
  expect(quantities()[0]).toBe('1');
  expect(quantities().at(-1)).toBe('123');
  expect(quantities().length).toBeLessThanOrEqual(3);
  // A request's timing is filled in once its answer has come. The box sends them 500 ms apart; a busy
  // browser may start the earlier one late, so their starts are only sure to be well apart (unthrottled,
  // the keys' checks would start 60 ms apart).
  await Promise.all(checks().map((c) => c.response()));
  const starts = checks().map((c) => c.timing().startTime);
  for (const [i, start] of starts.entries()) {
    if (i > 0) expect(start - (starts[i - 1] as number)).toBeGreaterThanOrEqual(300);
  }
  const headers = await (checks()[0] as Request).allHeaders();
  expect(headers['accept-language']).toBe('en-US');
  expect(headers['x-currency-of-preference']).toBe('USD');
  expect(headers['x-csrf-token']).toBeTruthy();
  expect(headers['x-encrypted-slate-token']).toBeTruthy();
});

test('BIZ-030 BIZ-031 BIZ-032 BIZ-003 more than any seller has: the message, add to cart disabled and the split link (a centred page; cart lines that name their sellers); then back', async ({
  page,
  world,
}) => {
  const product = await businessPage(world, page, businessProductShape(50));
  const box = defaultBox(page);
  const input = quantityInput(box);
  await expect(box.getByTestId('limited-availability')).toHaveCount(0);
  await input.fill('60');
  const limited = box.getByTestId('limited-availability');
  await expect(limited).toContainText('This quantity is more than one seller can supply.');
  await expect(box.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
  const split = limited.getByRole('link', { name: 'Buy it from several sellers' });
  await expect(split).toHaveAttribute(
    'href',
    `/gp/buy/basket/ff.html?quantity=60&asin=${product.asin}&ref_=bbt_limit_order`,
  );
  await input.fill('6');
  await expect(limited).toHaveCount(0);
  await expect(box.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
  // The split link's page: the 60 over two sellers, cheapest first, added to the cart at once.
  await input.fill('60');
  await page.keyboard.press('Escape');
  await limited.getByRole('link', { name: 'Buy it from several sellers' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Buy 60 from several sellers');
  const lines = page.getByRole('table', { name: 'How your quantity is split between sellers' });
  await expect(lines.getByRole('row')).toHaveText([
    /Seller/,
    /^Paperworks Test Direct.*50/,
    /10/,
    /Total for 60/,
  ]);
  // Laid out like the store's other pages: centred, not flush left.
  const main = await page.getByRole('main').boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(main && Math.abs(main.x - (width - main.x - main.width))).toBeLessThan(2);
  await expect(lines.getByRole('row').last()).toHaveText(/^Total for 60\s*\$/);
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id} ${v.help} ${v.nodes[0]?.target}`)).toEqual([]);
  await page.getByRole('button', { name: 'Add all 60 to cart' }).click();
  await expect(page).toHaveURL(/\/gp\/cart\/view\.html\?notice=added$/);
  await expect(page.getByRole('link', { name: 'Cart, 60 items' })).toBeVisible();
  // One item from two sellers is two lines that say who sells each and at what price each.
  const cartLines = page.getByRole('region', { name: 'Shopping Cart' }).getByRole('listitem');
  await expect(cartLines).toHaveCount(2);
  await expect(
    cartLines.filter({ hasText: /Sold by Paperworks Test Direct · \$\d+\.\d\d each/ }),
  ).toHaveCount(1);
  await expect(cartLines.filter({ hasText: /Sold by Summit Test Supply · \$\d+\.\d\d each/ })).toHaveCount(1);
  await expect(
    page.getByRole('combobox', { name: `Quantity of ${product.title} from Paperworks Test Direct` }),
  ).toHaveValue('50');
});

test('BIZ-032 out of stock at quantity 1: the message shows without the split link', async ({
  page,
  world,
}) => {
  await businessPage(world, page, businessProductShape(0));
  const limited = defaultBox(page).getByTestId('limited-availability');
  await expect(limited).toBeVisible();
  await expect(limited.getByRole('link')).toHaveCount(0);
  await expect(defaultBox(page).getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
});

test('BIZ-026 an unavailable quantity shows the unavailable row', async ({ page, world }) => {
  await businessPage(world, page, businessProductShape(0));
  await quantityInput(defaultBox(page)).focus();
  await expect(table(page).getByRole('option')).toHaveText([
    'This quantity is more than one seller can supply.',
  ]);
});

test('the ladder: one press sets the next tier, and the explanation adds up to what the cart charges', async ({
  page,
  world,
}) => {
  const product = await businessPage(world, page);
  const box = defaultBox(page);
  await box.getByRole('button', { name: 'Buy 11 more for $8.40 each (save $14.40)' }).click();
  await expect(page).toHaveURL(new RegExp(`/dp/${product.asin}\\?qty=12&psc=1(#bb-default)?$`));
  await ready(page);
  await expect(defaultBox(page).getByTestId('business-total')).toHaveText('Total for 12: $100.80');
  // Keyboard opens the disclosure.
  await defaultBox(page).getByText('How this price is built').focus();
  await page.keyboard.press('Enter');
  const explanation = defaultBox(page).getByRole('table', { name: 'How the price of 12 units is built' });
  await expect(explanation.getByRole('row')).toHaveText([
    /List price\s*\$144\.00/,
    /Business price\s*−\$28\.80/,
    /Quantity discount \(12\+ units\)\s*−\$14\.40/,
    /You pay for 12 units\s*\$100\.80/,
  ]);
  await expectNoAxeViolations(page);
  await defaultBox(page).getByRole('button', { name: 'Add to Cart' }).click();
  await expect(defaultBox(page).getByText('Added to cart.')).toBeVisible();
  const summary = await page.request.get('/api/marketplaces/ATVPDKIKX0DER/cart/summary?cartTypes=RETAIL');
  expect((await summary.json()).entity.summary[0].subtotal.displayString).toBe('$100.80');
});

test('BIZ-004 BIZ-011 the summary click reloads for the recommended quantity (a link to the summary on phones) and records its data', async ({
  page,
  world,
  isMobile,
}) => {
  const product = await businessPage(world, page);
  const events = metricEvents(page);
  const summary = defaultBox(page).locator('.business-box__summary');
  const control = isMobile
    ? summary.getByRole('link', { name: 'See the price for 12' })
    : summary.getByRole('button', { name: 'See the price for 12' });
  if (isMobile) {
    await expect(control).toHaveAttribute('href', /qty=12&psc=1#bb-default-summary$/);
  }
  await control.click();
  await expect(page).toHaveURL(
    new RegExp(`/dp/${product.asin}\\?qty=12&psc=1${isMobile ? '#bb-default-summary' : ''}$`),
  );
  await expect
    .poll(() => events.find((e) => e.schemaId === 'pdp.business.summary.click/v1')?.data)
    .toMatchObject({
      selectedQuantity: 1,
      deviceType: isMobile ? 'mobile' : 'desktop',
      bestTier: 12,
      recommendedTier: 12,
      asinDetailPageUrl: `/dp/${product.asin}`,
      tierSelected: true,
      selectedBuyingOption: 'B2B_NEW',
    });
});

test('BIZ-051 BIZ-058 the deep-check promise fills its container; a failed deep check hides it', async ({
  page,
  world,
  consoleErrors,
}) => {
  consoleErrors.expect(/status of 503/);
  await businessPage(world, page);
  await expect(defaultBox(page).getByTestId('deep-check')).toContainText('from Summit Test Supply');
  await page.route('**/gp/product/ajax/deep-check-promise', (route) =>
    route.fulfill({ status: 503, body: 'down' }),
  );
  await page.reload();
  await expect(defaultBox(page).getByTestId('deep-check')).toBeHidden();
});

test('BIZ-024 BIZ-057 BIZ-056 a failed table fetch shows the error row with the offers link, and is counted', async ({
  page,
  world,
  consoleErrors,
}) => {
  consoleErrors.expect(/status of 500/);
  const product = await businessPage(world, page);
  const events = metricEvents(page);
  await page.route(
    `**/api/marketplaces/ATVPDKIKX0DER/products/${product.asin}?expand=quantityPricingTable*`,
    (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"error":{"code":"x","message":"down"}}',
      }),
  );
  await quantityInput(defaultBox(page)).focus();
  const error = table(page).getByRole('option', { name: /We could not load the quantity discounts/ });
  await expect(error).toContainText('See all offers');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'All offers' })).toBeVisible();
  await expect
    .poll(() => events.map((e) => e.schemaId))
    .toEqual(
      expect.arrayContaining([
        'pdp.business.pricing-table.error-code/v1',
        'pdp.business.pricing-table.load-error/v1',
      ]),
    );
});

test('BIZ-025 a buying option without tiers shows a single-tier list', async ({ page, world }) => {
  const shape = businessProductShape();
  const offers = (shape.offers ?? []).map((o) =>
    o.condition === 'CUSTOM_OFFER' ? { ...o, quantityTiers: [] } : o,
  );
  await businessPage(world, page, { ...shape, offers });
  await quantityInput(customBox(page)).focus();
  await expect(table(page).getByRole('option')).toHaveText([
    /^1\+\s*\$1\.00\/unit/,
    /Request a quantity discount/,
  ]);
});

test('BIZ-012 BIZ-014 BIZ-016 BIZ-046 the dropdown variant: its last option switches to typing, and an applied listed quantity returns to it', async ({
  page,
  world,
  isMobile,
}) => {
  const shape = businessProductShape();
  const product = await businessPage(world, page, {
    ...shape,
    features: { business: true, businessBuying: { picker: 'dropdown' } },
  });
  const box = customBox(page);
  const select = box.getByRole('combobox', { name: 'Quantity:' });
  await expect(select).toHaveValue('1');
  await select.selectOption({ label: '10+' });
  const input = box.getByRole('textbox', { name: 'Quantity:' });
  await expect(input).toBeFocused();
  // BIZ-046: a phone shows the update button with the text input; a desktop once something is typed.
  await expect(box.getByRole('button', { name: 'Update' })).toHaveCount(isMobile ? 1 : 0);
  await page.keyboard.type('1');
  await page.keyboard.press('Enter');
  await expect(box.getByRole('combobox', { name: 'Quantity:' })).toHaveValue('1');
  // A quantity the dropdown does not list opens in free-quantity mode (BIZ-016).
  await page.goto(`/dp/${product.asin}?qty=25`);
  await ready(page);
  await expect(customBox(page).getByRole('textbox', { name: 'Quantity:' })).toHaveValue('25');
});

test('BIZ-040 BIZ-041 BIZ-035 the quantity starts at and never goes under the least minimum order quantity', async ({
  page,
  world,
}) => {
  const shape = businessProductShape();
  const offers = (shape.offers ?? []).map((o) => ({ ...o, minOrderQuantity: 3 }));
  await businessPage(world, page, { ...shape, offers });
  const input = quantityInput(defaultBox(page));
  await expect(input).toHaveValue('3');
  await input.fill('2');
  await page.keyboard.press('Escape');
  await input.press('Enter');
  await expect(input).toHaveValue('3');
});

test('BIZ-045 locked-merchant discounts show only when the catalog turns them on', async ({
  page,
  world,
}) => {
  await businessPage(world, page, {
    ...businessProductShape(),
    features: { business: true, businessBuying: { lockedMerchantDiscounts: true } },
  });
  await expect(defaultBox(page).getByText(/More discounts from other sellers unlock/)).toBeVisible();
  const plain = await world.product(undefined, businessProductShape());
  await page.goto(`/dp/${plain.asin}`);
  await ready(page);
  await expect(defaultBox(page).getByText(/More discounts from other sellers unlock/)).toHaveCount(0);
});

/** Whether two elements' boxes overlap on the screen. */
async function overlaps(a: Locator, b: Locator): Promise<boolean> {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  if (!x || !y) return false;
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
}

const cartSummary = async (page: Page) =>
  (await (await page.request.get('/api/marketplaces/ATVPDKIKX0DER/cart/summary?cartTypes=RETAIL')).json())
    .entity.summary[0] as { itemCount: number; subtotal: { displayString: string } };

test('BIZ-037 BIZ-028 the box’s value is what is added: 12 applied, 8 typed, Add to Cart adds 8; the open table never covers the buttons', async ({
  page,
  world,
  isMobile,
}) => {
  const product = await businessPage(world, page);
  const input = quantityInput(defaultBox(page));
  await input.focus();
  await page.keyboard.type('12');
  await page.keyboard.press('Enter');
  // The price for 12 differs: the page reloads for it (BIZ-017), on a phone anchored at the box.
  await expect(page).toHaveURL(
    new RegExp(`/dp/${product.asin}\\?qty=12&psc=1${isMobile ? '#bb-default' : ''}$`),
  );
  await ready(page);
  const box = defaultBox(page);
  await expect(box.getByTestId('business-total')).toHaveText('Total for 12: $100.80');
  await quantityInput(box).fill('8');
  // While typing, the box prices what it shows.
  await expect(box.getByTestId('business-total')).toHaveText('Total for 8: $76.80');
  await expect(table(page).getByRole('option').first()).toHaveText(/^12\+/);
  const addToCart = box.getByRole('button', { name: 'Add to Cart' });
  const buyNow = box.getByRole('button', { name: 'Buy Now' });
  expect(await overlaps(table(page), addToCart)).toBe(false);
  expect(await overlaps(table(page), buyNow)).toBe(false);
  // No Update, no Enter: the press reaches the button (not a table row) and adds the 8 the box shows.
  await addToCart.click();
  await expect(box.getByText('Added to cart.')).toBeVisible();
  expect(await cartSummary(page)).toMatchObject({ itemCount: 8, subtotal: { displayString: '$76.80' } });
  await expect(page).toHaveURL(
    new RegExp(`/dp/${product.asin}\\?qty=12&psc=1${isMobile ? '#bb-default' : ''}$`),
  );
});

test('BIZ-029 picking a tier on a phone reloads at the buy box, not the top of the page', async ({
  page,
  world,
  isMobile,
}) => {
  test.skip(!isMobile, 'a phone scrolls a long page; a desktop box sits at the top');
  const product = await businessPage(world, page);
  const input = quantityInput(defaultBox(page));
  await input.scrollIntoViewIfNeeded();
  await input.focus();
  await table(page).getByRole('option', { name: /^12\+/ }).click();
  await expect(page).toHaveURL(new RegExp(`/dp/${product.asin}\\?qty=12&psc=1#bb-default$`));
  await ready(page);
  await expect(quantityInput(defaultBox(page))).toHaveValue('12');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
  await expect(quantityInput(defaultBox(page))).toBeInViewport();
});

test('BIZ-006 “Discount unlocked” shows on the volume-pricing tier only once the quantity reaches it', async ({
  page,
  world,
}) => {
  const shape = businessProductShape();
  const offers = (shape.offers ?? []).map((o) =>
    o.condition === 'B2B_NEW'
      ? {
          ...o,
          quantityTiers: (o.quantityTiers ?? []).map((t, i) =>
            i === 0 ? { ...t, program: 'BUSINESS_VOLUME_AWARE_PRICING' } : t,
          ),
        }
      : o,
  );
  await businessPage(world, page, { ...shape, offers });
  const input = quantityInput(defaultBox(page));
  await input.focus();
  const first = table(page).getByRole('option').first();
  await expect(first).toHaveText(/^12\+/);
  await expect(first).not.toContainText('Discount unlocked');
  await page.keyboard.type('12');
  await expect(first).toContainText('Discount unlocked');
});

test('BIZ-033 BIZ-034 a quantity the box changes says why: 0 becomes 1, 1000 becomes 999', async ({
  page,
  world,
}) => {
  await businessPage(world, page);
  const box = defaultBox(page);
  const input = quantityInput(box);
  await input.focus();
  await page.keyboard.type('0');
  const notice = box.getByRole('status').filter({ hasText: /least you can order/ });
  await expect(notice).toHaveText('The least you can order is 1, so the quantity is 1.');
  await box.getByRole('button', { name: 'Update' }).click();
  await expect(input).toHaveValue('1');
  await expect(notice).toBeVisible();
  await expect(input).toHaveAccessibleDescription(/the quantity is 1/);
  // The refresh check disables the picker for a moment (BIZ-015); focus stays in the input through it.
  await expect(input).toBeEnabled();
  await expect(input).toBeFocused();
  await input.blur();
  await input.focus();
  await expect(input).toHaveValue('');
  await page.keyboard.type('1000');
  await expect(input).toHaveValue('999');
  await expect(box.getByRole('status').filter({ hasText: /most you can order/ })).toHaveText(
    '999 is the most you can order at once.',
  );
  await expect(box.getByTestId('business-total')).toHaveText(/^Total for 999:/);
});

test('LIST-002 the business box carries the add-to-list button too: it adds the page item to the default list', async ({
  page,
  world,
}) => {
  await businessPage(world, page);
  const add = page.getByRole('button', { name: 'Add to List', exact: true });
  await expect(add).toBeVisible();
  await add.click();
  await expect(page.getByRole('status').filter({ hasText: 'Added to Wish List.' })).toBeVisible();
  const lists = await page.request.get('/hz/wishlist/addtolist');
  const [list] = (await lists.json()).lists as { itemCount: number }[];
  expect(list?.itemCount).toBe(1);
});
