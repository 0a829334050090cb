// Decision 0041: one ZIP, one offer everywhere; a plan and installation together; services follow their
// device's quantity through the page, the interstitial, the cart and the order (TV, washer, tablet deal).
import type { Locator, Page } from '@playwright/test';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/server/db/schema';
import {
  buildDevice,
  buildService,
  type CreatedService,
  createServiceWorld,
  type WidgetOptions,
} from '../factories/add-on-service-factory';
import type { CreatedProduct } from '../factories/product-factory';
import { expect, test } from './fixtures';
import { CheckoutPage } from './pages/checkout-page';
import { signIn } from './pages/sign-in-page';

const US = 'ATVPDKIKX0DER';
const HOME = { id: 'A3NWHOMESVC1', name: 'Northwind Home Services' };
const METRO = { id: 'A2METROMOUNT', name: 'Metro Mounts LLC' };
const STORE = { id: 'ATVPDKIKX0DER', name: 'Northwind Market (store pick-up)' };
const PROTECT = { id: 'A1NWPROTECT1', name: 'Northwind Protect' };

type Line = { id: string; asin: string; offerListingId: string; quantity: number; associatedItemId?: string };

async function cartLines(page: Page): Promise<Line[]> {
  const response = await page.request.get(`/api/marketplaces/${US}/cart/items?cartTypes=RETAIL`);
  return (await response.json()).entity.items as Line[];
}

/** Waits for the cart to hold exactly these [asin, quantity] lines. */
async function expectCart(page: Page, expected: [string, number][]) {
  await expect
    .poll(async () => (await cartLines(page)).map((l) => [l.asin, l.quantity]).sort())
    .toEqual([...expected].sort());
}

const widget = (page: Page) => page.getByTestId('add-on-services');
const addToCart = (page: Page) => page.getByRole('button', { name: 'Add to Cart', exact: true });

type TvWorld = {
  device: CreatedProduct;
  installation: CreatedService;
  plan: CreatedService;
  plan3: CreatedService;
};

/** A TV-like device: a 2-year plan with a 3-year upgrade, and an installation whose offers vary by ZIP. */
async function tvWorld(db: Kysely<Database>, options: WidgetOptions = {}): Promise<TvWorld> {
  const installation = buildService(
    {
      offers: [
        {
          price: 99,
          merchant: HOME,
          postalCodes: ['980', '981'],
          positiveRatingPercent: 98,
          ratingCount: 2140,
        },
        { price: 109, merchant: METRO, postalCodes: ['100'], positiveRatingPercent: 95, ratingCount: 860 },
        {
          price: 119,
          merchant: STORE,
          postalCodes: ['1', '2', '3'],
          fulfillmentType: 'in_store',
          isCBM: true,
        },
      ],
    },
    { title: 'TV wall-mount installation' },
  );
  const plan = buildService(
    { kind: 'protection', offers: [{ price: 59.99, merchant: PROTECT, fulfillmentType: 'online' }] },
    { title: '2-Year TV Protection Plan' },
  );
  const plan3 = buildService(
    { kind: 'protection', offers: [{ price: 89.99, merchant: PROTECT, fulfillmentType: 'online' }] },
    { title: '3-Year TV Protection Plan' },
  );
  const device = buildDevice(
    [
      { service: plan, upgrade: plan3, topChoice: true },
      { service: installation, isUpsellCritical: true },
    ],
    { widget: 'enhancedPPD', interstitial: 'buyable', showSTSServiceInterstitial: true, ...options },
    { title: 'Vista 55-inch test TV', offers: [{ price: 479.99, stock: 50 }] },
  );
  await createServiceWorld(db, [installation, plan, plan3, device]);
  return { device, installation, plan, plan3 };
}

async function visit(page: Page, asin: string, zip: string) {
  await page
    .context()
    .addCookies([{ name: 'delivery-zip', value: zip, domain: '127.0.0.1', path: '/', httpOnly: true }]);
  await page.goto(`/dp/${asin}`);
  await expect(widget(page)).toBeVisible();
  await expect(addToCart(page)).toBeEnabled();
}

/** Sets the delivery ZIP through the "Deliver to" dialog. */
async function deliverTo(page: Page, from: string, zip: string) {
  await page.getByRole('button', { name: `Deliver to ${from}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose your location' });
  await dialog.getByLabel('ZIP code').fill(zip);
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Deliver to ${zip}` })).toBeVisible();
}

/** The cart page's row of a line, by its title. */
const cartRow = (page: Page, title: string): Locator =>
  page.getByRole('listitem').filter({ has: page.getByRole('link', { name: title, exact: true }) });

async function setCartQuantity(page: Page, title: string, quantity: number) {
  const row = cartRow(page, title);
  await row.getByLabel(`Quantity of ${title}`).selectOption(String(quantity));
  await row.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByRole('status')).toBeVisible();
}

/** Checks out the retail cart and answers the confirmation's [title, "Qty: n"] lines. */
async function placeOrder(page: Page): Promise<string[]> {
  await page.goto('/gp/cart/view.html');
  await page.getByRole('button', { name: 'Proceed to checkout' }).click();
  const checkout = new CheckoutPage(page);
  await checkout.fillAddress();
  await checkout.placeOrder();
  await checkout.expectOrderPlaced();
  return page.locator('.checkout__item').allInnerTexts();
}

test('decision 0041 VAS-025 a new "Deliver to" ZIP refreshes the service offers: page row, interstitial and cart quote one offer', async ({
  page,
  store,
}) => {
  const { device, installation } = await tvWorld(store.db);
  await visit(page, device.asin, '20500');
  const row = () => widget(page).getByRole('checkbox', { name: /^Add TV wall-mount installation for/ });
  await expect(row()).toHaveAccessibleName(/for \$119\.00$/);
  await expect(widget(page).getByText(`Sold by ${STORE.name}`)).toBeVisible();

  // Seattle: the row quotes Seattle's installer without a reload.
  await deliverTo(page, '20500', '98109');
  await expect(row()).toHaveAccessibleName(/for \$99\.00$/);
  await expect(widget(page).getByText(`Sold by ${HOME.name}`)).toBeVisible();

  // New York: the row and the interstitial quote the same installer.
  await deliverTo(page, '98109', '10001');
  await expect(row()).toHaveAccessibleName(/for \$109\.00$/);
  await expect(widget(page).getByText(`Sold by ${METRO.name}`)).toBeVisible();
  await addToCart(page).click();
  const dialog = page.getByRole('dialog', { name: 'Add TV wall-mount installation?' });
  await expect(dialog.getByTestId('vas-interstitial-price')).toHaveText('$109.00');
  await expect(dialog.getByText(`Sold by ${METRO.name}`)).toBeVisible();
  const zip = dialog.getByRole('textbox', { name: 'ZIP code for this service' });
  await expect(zip).toHaveValue('10001');

  // A ZIP typed in the interstitial is the shopper's location: "Deliver to" and the row follow it.
  await zip.fill('98109');
  await zip.press('Enter');
  await expect(dialog.getByTestId('vas-interstitial-price')).toHaveText('$99.00');
  await expect(page.getByRole('button', { name: 'Deliver to 98109' })).toBeAttached();
  await expect(row()).toHaveAccessibleName(/for \$99\.00$/);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Added to cart.')).toBeVisible();
  await expectCart(page, [
    [device.asin, 1],
    [installation.asin, 1],
  ]);
  const line = (await cartLines(page)).find((l) => l.asin === installation.asin);
  expect(line?.offerListingId).toBe(installation.offerIds[0]);
  await page.goto('/gp/cart/view.html');
  await expect(cartRow(page, 'TV wall-mount installation')).toContainText('$99.00');
});

test('decision 0041 a protection plan and installation are bought together; plans of one kind exclude each other, and the page says so', async ({
  page,
  store,
}) => {
  const { device, installation, plan, plan3 } = await tvWorld(store.db, { interstitial: 'none' });
  await visit(page, device.asin, '98109');
  await expect(
    widget(page).getByText(
      'You can add a protection plan and installation together. Choose one protection plan.',
    ),
  ).toBeVisible();
  const install = widget(page).getByRole('checkbox', { name: /^Add TV wall-mount installation/ });
  const plan2 = widget(page).getByRole('checkbox', { name: /^Add 2-Year TV Protection Plan/ });
  const upgrade = widget(page).getByRole('checkbox', { name: /^Upgrade to 3-Year TV Protection Plan/ });
  await install.check();
  await plan2.check();
  await expect(install).toBeChecked();
  await expect(plan2).toBeChecked();
  // The upgrade replaces the 2-year plan (one plan), the installation stays.
  await upgrade.check();
  await expect(install).toBeChecked();
  await expect(page.locator(`input[type=hidden][value="${plan3.offerIds[0]}"]`)).toHaveCount(1);
  await expect(page.locator(`input[type=hidden][value="${plan.offerIds[0]}"]`)).toHaveCount(0);
  await expect(page.locator(`input[type=hidden][value="${installation.offerIds[0]}"]`)).toHaveCount(1);
  // Unticking the installation keeps the plan.
  await install.uncheck();
  await expect(plan2).toBeChecked();
  await install.check();

  await page.getByLabel('Quantity:').selectOption('2');
  await addToCart(page).click();
  await expect(page.getByText('Added to cart.')).toBeVisible();
  await expectCart(page, [
    [device.asin, 2],
    [plan3.asin, 2],
    [installation.asin, 2],
  ]);
});

test('decision 0041 services follow the TV: down with it, "Protect all 3" when it goes up; the order agrees', async ({
  page,
  store,
  world,
}) => {
  const { device, installation, plan } = await tvWorld(store.db, { interstitial: 'none' });
  await signIn(page, await world.customer(), `/dp/${device.asin}`);
  await visit(page, device.asin, '98109');
  await widget(page)
    .getByRole('checkbox', { name: /^Add TV wall-mount installation/ })
    .check();
  await widget(page)
    .getByRole('checkbox', { name: /^Add 2-Year TV Protection Plan/ })
    .check();
  await page.getByLabel('Quantity:').selectOption('2');
  await addToCart(page).click();
  await expect(page.getByText('Added to cart.')).toBeVisible();
  await expectCart(page, [
    [device.asin, 2],
    [plan.asin, 2],
    [installation.asin, 2],
  ]);

  await page.goto('/gp/cart/view.html');
  await expect(cartRow(page, '2-Year TV Protection Plan')).toContainText(
    'Qty: 2, one for each device it covers',
  );
  // Down to one TV: its services follow.
  await setCartQuantity(page, 'Vista 55-inch test TV', 1);
  await expectCart(page, [
    [device.asin, 1],
    [plan.asin, 1],
    [installation.asin, 1],
  ]);
  // Up to three: the services are offered for all three, one press each.
  await setCartQuantity(page, 'Vista 55-inch test TV', 3);
  await expect(cartRow(page, '2-Year TV Protection Plan')).toContainText('Qty: 1, covers 1 of your 3');
  await cartRow(page, '2-Year TV Protection Plan')
    .getByRole('button', { name: 'Protect all 3 with 2-Year TV Protection Plan' })
    .click();
  await cartRow(page, 'TV wall-mount installation')
    .getByRole('button', { name: 'Install all 3 with TV wall-mount installation' })
    .click();
  await expectCart(page, [
    [device.asin, 3],
    [plan.asin, 3],
    [installation.asin, 3],
  ]);
  await expect(page.getByRole('button', { name: /^(Protect|Install) all/ })).toHaveCount(0);

  const order = await placeOrder(page);
  expect(order.find((l) => l.startsWith('Vista 55-inch test TV'))).toContain('Qty: 3');
  expect(order.find((l) => l.startsWith('2-Year TV Protection Plan'))).toMatch(
    /For Vista 55-inch test TV[\s\S]*Qty: 3/,
  );
  // Seattle's installer at $99 for each of the three TVs.
  expect(order.find((l) => l.startsWith('TV wall-mount installation'))).toContain('$297.00');
  expect(order.find((l) => l.startsWith('TV wall-mount installation'))).toMatch(
    /For Vista 55-inch test TV[\s\S]*Qty: 3/,
  );
});

test('decision 0041 the washer: the haul-away service reads in full, covers each washer, and follows it to the order', async ({
  page,
  store,
  world,
}) => {
  const install = buildService({ offers: [{ price: 79, merchant: HOME }] }, { title: 'Washer installation' });
  const haulAway = buildService(
    { offers: [{ price: 119, merchant: HOME }] },
    { title: 'Washer installation and haul-away of your old washer' },
  );
  const washer = buildDevice(
    [{ service: install }, { service: haulAway }],
    { widget: 'twister' },
    { title: 'Tidewater test washer', offers: [{ price: 699, stock: 40 }] },
  );
  await createServiceWorld(store.db, [install, haulAway, washer]);
  await signIn(page, await world.customer(), `/dp/${washer.asin}`);
  await visit(page, washer.asin, '98109');
  await widget(page)
    .getByRole('combobox', { name: 'Service:' })
    .selectOption({ label: 'Washer installation and haul-away of your old washer – $119.00' });
  // The closed list cuts the name off; the choice is named in full under it, inside the widget.
  const chosen = widget(page).getByTestId('vas-chosen-service');
  await expect(chosen).toHaveText('Washer installation and haul-away of your old washer for $119.00');
  const fits = await chosen.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const outer = (el.closest('[data-testid="add-on-services"]') as HTMLElement).getBoundingClientRect();
    return el.scrollWidth <= el.clientWidth && box.right <= outer.right + 1 && box.left >= outer.left - 1;
  });
  expect(fits).toBe(true);

  await page.getByLabel('Quantity:').selectOption('2');
  await addToCart(page).click();
  await expect(page.getByText('Added to cart.')).toBeVisible();
  await expectCart(page, [
    [washer.asin, 2],
    [haulAway.asin, 2],
  ]);
  await page.goto('/gp/cart/view.html');
  await setCartQuantity(page, 'Tidewater test washer', 3);
  await cartRow(page, 'Washer installation and haul-away of your old washer')
    .getByRole('button', { name: 'Install all 3 with Washer installation and haul-away of your old washer' })
    .click();
  await expectCart(page, [
    [washer.asin, 3],
    [haulAway.asin, 3],
  ]);
  const order = await placeOrder(page);
  expect(order.find((l) => l.startsWith('Washer installation and haul-away'))).toContain('$357.00');
  expect(order.find((l) => l.startsWith('Washer installation and haul-away'))).toMatch(
    /For Tidewater test washer[\s\S]*Qty: 3/,
  );
});

test('decision 0041 the tablet deal: its plan covers the units claimed, is not offered again after a reload, and the cart shows the deal badge and hold timer', async ({
  page,
  world,
}) => {
  const PLAN = '2-Year Protection Plan for Nimbus Kids Tablet';
  const deal = await world.deal('B0PDPTAB01');
  await signIn(page, await world.customer(), `/dp/${deal.asin}`);
  await page.goto(`/dp/${deal.asin}`);
  await expect(page.locator('[data-deal-ready="true"]')).toHaveCount(1);
  const box = page.getByRole('region', { name: /^(Buying options|Lightning deal)$/ });
  await box.locator('#quantity-deals').selectOption('2');
  await box.getByLabel(`Add ${PLAN} for $14.99`).check();
  await box.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(box.getByText(`${PLAN} added to your cart.`)).toBeVisible();
  await expectCart(page, [
    [deal.asin, 2],
    ['B0PDPPRT01', 2],
  ]);

  // After a reload the plan in the cart is not offered again.
  await page.reload();
  await expect(page.locator('[data-deal-ready="true"]')).toHaveCount(1);
  await expect(box.getByText('This deal is in your cart.')).toBeVisible();
  await expect(box.getByRole('button', { name: `Add ${PLAN} for $14.99` })).toHaveCount(0);
  await expect(box.getByLabel(`Add ${PLAN} for $14.99`)).toHaveCount(0);

  // The cart: the deal's badge and the time its hold has left; the plan under it covers both.
  await page.goto('/gp/cart/view.html');
  const dealRow = cartRow(page, deal.title);
  await expect(dealRow.getByText('Lightning Deal', { exact: true })).toBeVisible();
  await expect(dealRow.getByRole('timer')).toHaveText(/^\d{1,2}:\d{2}$/);
  await expect(dealRow).toContainText('Deal held in your cart for');
  // The deal's quantity is the one claimed: no quantity to change (the server would refuse it).
  await expect(dealRow.getByText('Qty: 2, as claimed')).toBeVisible();
  await expect(dealRow.getByRole('combobox')).toHaveCount(0);
  await expect(cartRow(page, PLAN)).toContainText('Qty: 2, one for each device it covers');

  const order = await placeOrder(page);
  expect(order.find((l) => l.startsWith(PLAN))).toMatch(/Qty: 2[\s\S]*\$29\.98/);
  expect(order.find((l) => l.startsWith(deal.title))).toMatch(/Qty: 2/);
});
