import {
  createFreshOrder,
  createGroceryAddress,
  createGroceryProduct,
  createSlotReservation,
} from '../factories/grocery-factory';
import { expect as baseExpect, test } from './fixtures';
import { GroceryPage } from './pages/grocery-page';
import { signIn } from './pages/sign-in-page';

const expect = baseExpect.configure({ timeout: 15_000 });

test('GRO-001 GRO-015 GRO-026 the store sheet: data from its call with the four it needs, a side sheet on desktop and a bottom sheet on phones; axe clean', async ({
  page,
  world,
}, testInfo) => {
  const bananas = await world.product('B0PDPBAN01');
  const grocery = new GroceryPage(page);
  await grocery.goto(bananas.asin);
  // By keyboard: Enter on the store's name opens its sheet.
  await grocery.box.getByRole('button', { name: 'Harvest Lane Fresh Seattle' }).focus();
  await page.keyboard.press('Enter');
  const sheet = page.getByRole('dialog', { name: 'About Harvest Lane Fresh Seattle' });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByText('FREE 2-hour grocery delivery on orders over $35 in Seattle')).toBeVisible();
  const [call] = grocery.callsTo('/mulon/alm-sis');
  const query = new URL(call?.url() ?? 'http://x/').searchParams;
  expect(Object.fromEntries(query)).toMatchObject({
    almBrandId: 'HARVEST-LANE-FRESH',
    almStoreId: 'HLF-SEATTLE',
    asin: bananas.asin,
    isDelivery: 'true',
    offerListingDiscriminator: 'HLF-BAN-BUNCH',
    isAlmDetailPageBopis: 'false',
    clientId: 'dp-atfc',
  });
  await expect(sheet).toHaveClass(testInfo.project.name === 'mobile' ? /ui-bottom-sheet/ : /ui-side-sheet/);
  await grocery.expectNoAxeViolations();
  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);
  await expect(grocery.box.getByRole('button', { name: 'Harvest Lane Fresh Seattle' })).toBeFocused();
});

test('GRO-002 GRO-003 the sheet after a first add: its storefront button changes the delivery address first, then opens the store front', async ({
  page,
  world,
  store,
}) => {
  const customer = await world.customer();
  await createGroceryAddress(store.db, customer.id, { fullName: 'Sam Carter' }, { select: true });
  const bananas = await world.product('B0PDPBAN01');
  await signIn(page, customer, `/dp/${bananas.asin}`);
  const grocery = new GroceryPage(page);
  await grocery.goto(bananas.asin);
  await grocery.addButton.click();
  const sheet = page.getByRole('dialog', { name: 'About this store' });
  await expect(sheet.getByText('Delivering to Sam Carter – Seattle 98109')).toBeVisible();
  await sheet.getByRole('link', { name: 'Shop Harvest Lane Fresh Seattle' }).click();
  await expect(page).toHaveURL(/\/alm\/storefront\?almBrandId=HARVEST-LANE-FRESH&almStoreId=HLF-SEATTLE$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Harvest Lane Fresh Seattle' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Organic Bananas/ }).first()).toBeVisible();
  expect(grocery.callsTo('/portal-migration/hz/glow/address-change')).toHaveLength(1);
});

test('GRO-011 GRO-022 GRO-025 GRO-027 GRO-028 an address change with conflicts: slot cancelled, substitute page, resolved, back', async ({
  page,
  world,
  store,
}) => {
  const customer = await world.customer();
  await createGroceryAddress(store.db, customer.id, {}, { select: true });
  await createGroceryAddress(store.db, customer.id, {
    line1: '500 Howard St',
    city: 'San Francisco',
    state: 'CA',
    postalCode: '94105',
  });
  const milk = await createGroceryProduct(store.db, {
    title: 'Test Whole Milk, 1 gallon',
    unitOfMeasure: 'gallon',
    stores: [{ name: 'Test Fresh Seattle', postalCodePrefixes: ['981'] }],
  });
  const slot = await createSlotReservation(
    store.db,
    { type: 'customer', id: customer.id },
    milk.grocery.stores[0]?.storeId ?? '',
  );
  await signIn(page, customer, `/dp/${milk.asin}`);
  const grocery = new GroceryPage(page);
  await grocery.goto(milk.asin);
  await grocery.addFirst();
  await grocery.box.getByRole('button', { name: 'Change delivery address' }).click();
  const picker = page.getByRole('dialog', { name: 'Choose a delivery address' });
  await expect(picker.getByRole('button', { name: /San Francisco 94105/ })).toBeVisible();
  await grocery.expectNoAxeViolations();
  await picker.getByRole('button', { name: /San Francisco 94105/ }).click();
  await expect(page).toHaveURL(/\/afx\/cartconflicts\/resolve\/substitute\?/);
  const url = new URL(page.url());
  expect(url.searchParams.get('sourceUrl')).toBe(`/dp/${milk.asin}`);
  // The calls in the spec's order: selections, the change (anti-CSRF header), the slot, the summary.
  const order = grocery.requests.map((r) => new URL(r.url()).pathname);
  const at = (path: string) => order.indexOf(path);
  expect(at('/portal-migration/hz/glow/get-rendered-address-selections')).toBeLessThan(
    at('/portal-migration/hz/glow/address-change'),
  );
  expect(at('/portal-migration/hz/glow/address-change')).toBeLessThan(at('/afx/slotselection/cancel'));
  expect(at('/afx/slotselection/cancel')).toBeLessThan(at('/afx/cartconflicts/getconflictsummary'));
  expect(
    grocery.callsTo('/portal-migration/hz/glow/address-change')[0]?.headers()['anti-csrftoken-a2z'],
  ).toBeTruthy();
  expect(
    new URL(grocery.callsTo('/afx/slotselection/cancel')[0]?.url() ?? 'http://x').searchParams.get('token'),
  ).toBe(slot);
  expect(
    new URL(
      grocery.callsTo('/afx/cartconflicts/getconflictsummary')[0]?.url() ?? 'http://x',
    ).searchParams.get('client'),
  ).toBe('atfc');
  await expect(page.getByRole('heading', { name: 'Some items in your fresh cart change' })).toBeVisible();
  await expect(page.getByText(/Test Whole Milk, 1 gallon.*will be removed/)).toBeVisible();
  await grocery.expectNoAxeViolations();
  await page.getByRole('button', { name: 'Update my fresh cart and continue' }).click();
  await expect(page).toHaveURL(new RegExp(`/dp/${milk.asin}$`));
  await expect(grocery.box.getByText('Not delivered to your address from any of its stores.')).toBeVisible();
  expect(await grocery.freshQuantity(milk.asin)).toBe(0);
});

test('GRO-012 an address change without conflicts resolves the cart and reloads the page', async ({
  page,
  world,
  store,
}) => {
  const customer = await world.customer();
  await createGroceryAddress(store.db, customer.id, {}, { select: true });
  await createGroceryAddress(store.db, customer.id, { line1: '1 Pike St', postalCode: '98101' });
  const bananas = await world.product('B0PDPBAN01');
  await signIn(page, customer, `/dp/${bananas.asin}`);
  const grocery = new GroceryPage(page);
  await grocery.goto(bananas.asin);
  await grocery.addFirst();
  // By keyboard: Change, then the address.
  await grocery.box.getByRole('button', { name: 'Change delivery address' }).focus();
  await page.keyboard.press('Enter');
  const choice = page
    .getByRole('dialog', { name: 'Choose a delivery address' })
    .getByRole('button', { name: /98101/ });
  await choice.focus();
  const reloaded = page.waitForEvent('load');
  await page.keyboard.press('Enter');
  await reloaded;
  await expect(grocery.box.getByText(/Deliver to Sam Carter – Seattle 98101/)).toBeVisible();
  expect(grocery.callsTo('/afx/cartconflicts/resolve')).toHaveLength(1);
  expect(await grocery.freshQuantity(bananas.asin)).toBe(1);
});

test('GRO-019 GRO-003 an add to the scheduled order goes to the ordering service after 3 s', async ({
  page,
  world,
  store,
}) => {
  const customer = await world.customer();
  const addressId = await createGroceryAddress(store.db, customer.id, {}, { select: true });
  const bananas = await world.product('B0PDPBAN01');
  const orderId = await createFreshOrder(store.db, {
    customerId: customer.id,
    storeId: 'HLF-SEATTLE',
    addressId,
    cutoffAt: Date.now() + 6 * 3_600_000,
  });
  await signIn(page, customer, `/dp/${bananas.asin}`);
  const grocery = new GroceryPage(page);
  await grocery.goto(bananas.asin);
  const pressed = Date.now();
  await grocery.box.getByRole('button', { name: /^Add to your order for / }).click();
  await expect(grocery.box.getByText('Added to your order. Opening your order…')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/fom/orders/${orderId}$`));
  expect(Date.now() - pressed).toBeGreaterThanOrEqual(3000);
  const [call] = grocery.callsTo('/fom/add-to-fresh-order/ref=dp_fo');
  expect(new URL(call?.url() ?? 'http://x').searchParams.get('csrf')).toBeTruthy();
  await expect(page.getByRole('cell', { name: /Organic Bananas/ })).toBeVisible();
});

test('GRO-032 an add to the order answered 401 reloads the page', async ({
  page,
  world,
  store,
  consoleErrors,
}) => {
  consoleErrors.expect(/status of 401/);
  const customer = await world.customer();
  const addressId = await createGroceryAddress(store.db, customer.id, {}, { select: true });
  const bananas = await world.product('B0PDPBAN01');
  await createFreshOrder(store.db, {
    customerId: customer.id,
    storeId: 'HLF-SEATTLE',
    addressId,
    cutoffAt: Date.now() + 3_600_000,
  });
  await signIn(page, customer, `/dp/${bananas.asin}`);
  const grocery = new GroceryPage(page);
  await grocery.goto(bananas.asin);
  await page.route('**/fom/add-to-fresh-order/**', (route) =>
    route.fulfill({
      status: 401,
      contentType: 'application/json',
      body: '{"error":{"code":"sign_in_required","message":"x"}}',
    }),
  );
  const reloaded = page.waitForEvent('load');
  await grocery.box.getByRole('button', { name: /^Add to your order for / }).click();
  await reloaded;
});

test('GRO-022 going back from the cart conflicts ("Go back" or the browser’s Back) keeps the previous address and store', async ({
  page,
  world,
  store,
}) => {
  const customer = await world.customer({ postalCode: '98109' });
  await createGroceryAddress(store.db, customer.id, {}, { select: true });
  await createGroceryAddress(store.db, customer.id, {
    line1: '500 Howard St',
    city: 'San Francisco',
    state: 'CA',
    postalCode: '94105',
  });
  const milk = await createGroceryProduct(store.db, {
    title: 'Test Whole Milk, 1 gallon',
    unitOfMeasure: 'gallon',
    stores: [{ name: 'Test Fresh Seattle', postalCodePrefixes: ['981'] }],
  });
  await signIn(page, customer, `/dp/${milk.asin}`);
  const grocery = new GroceryPage(page);
  await grocery.goto(milk.asin);
  await grocery.addFirst();

  const chooseSanFrancisco = async () => {
    await grocery.box.getByRole('button', { name: 'Change delivery address' }).click();
    const picker = page.getByRole('dialog', { name: 'Choose a delivery address' });
    await picker.getByRole('button', { name: /San Francisco 94105/ }).click();
    await expect(page.getByRole('heading', { name: 'Some items in your fresh cart change' })).toBeVisible();
  };
  const expectSeattle = async () => {
    await expect(page).toHaveURL(new RegExp(`/dp/${milk.asin}$`));
    await expect(grocery.box.getByText('Deliver to Sam Carter – Seattle 98109')).toBeVisible();
    await expect(grocery.box.getByRole('button', { name: 'Test Fresh Seattle' })).toBeVisible();
    await expect(grocery.box.getByText('Not delivered to your address from any of its stores.')).toHaveCount(
      0,
    );
    await expect(grocery.shownQuantity).toHaveText('1');
    // One "Deliver to" line: the grocery box's, not a second one from the account's ZIP.
    await expect(page.getByText(/Deliver to/)).toHaveCount(1);
  };

  await chooseSanFrancisco();
  await page.getByRole('link', { name: 'Go back' }).click();
  await expectSeattle();
  await page.reload();
  await expectSeattle();

  await chooseSanFrancisco();
  await page.goBack();
  await expectSeattle();
  await page.reload();
  await expectSeattle();
  expect(await grocery.freshQuantity(milk.asin)).toBe(1);
});
