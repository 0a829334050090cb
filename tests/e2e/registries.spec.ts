import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { Store } from '../../src/server/db/database';
import { GIFT_TAG_MODAL_WIDTH } from '../../src/shared/registry-constants';
import { createRegistry, type RegistryItemOverrides } from '../factories/registry-factory';
import { expect, test, type World } from './fixtures';
import { tabTo } from './pages/keyboard';
import { signIn } from './pages/sign-in-page';

const ADDRESS = {
  fullName: 'Sam Carter',
  line1: '1200 Market St',
  city: 'San Francisco',
  state: 'CA',
  postalCode: '94102',
};

async function axeClean(page: Page, selector: string) {
  const axe = await new AxeBuilder({ page }).include(selector).analyze();
  expect(axe.violations.map((v) => `${v.id} ${v.help}`)).toEqual([]);
}

/** A baby product like the demo monitor, its owner with a registry of `type`, signed in on its page. */
async function ownerOnPage(
  page: Page,
  world: World,
  store: Store,
  options: { type?: 'baby' | 'wedding' | 'birthday'; items?: (asin: string) => RegistryItemOverrides[] } = {},
) {
  const product = await world.standaloneProduct('B0PDPBAB01');
  const owner = await world.customer({ shippingAddress: ADDRESS, paymentMethod: 'Visa ending 4242' });
  const registry = await createRegistry(store.db, {
    customerId: owner.id,
    type: options.type ?? 'baby',
    items: options.items?.(product.asin) ?? [],
  });
  await signIn(page, owner, `/dp/${product.asin}`);
  return { product, owner, registry };
}

const itemRow = (store: Store, registryId: string, asin: string) =>
  store.db
    .selectFrom('registry_items')
    .selectAll()
    .where('registry_id', '=', registryId)
    .where('asin', '=', asin)
    .executeTakeFirst();

test('REG-001 REG-005 REG-006 REG-009 REG-010 the owner adds a baby item from its page by keyboard, sets must-have and 12 requested (shown 10+)', async ({
  page,
  world,
  store,
}) => {
  const { product, registry } = await ownerOnPage(page, world, store);
  const button = page.getByRole('button', { name: 'Add to registry' });
  await button.focus();
  await page.keyboard.press('Enter');
  const list = page.getByRole('dialog', { name: 'Add to registry' });
  await expect(list.getByRole('button', { name: new RegExp(registry.name) })).toBeVisible();
  await axeClean(page, '[role="dialog"]');
  await list.getByRole('button', { name: new RegExp(registry.name) }).focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: 'Added to your Baby Registry' });
  await expect(panel.getByRole('img', { name: 'Added item' })).toBeVisible();
  await expect(panel.getByRole('link', { name: /Checklist \d+% complete/ })).toBeVisible();
  await expect(panel.getByRole('link', { name: 'View your Baby Registry' })).toHaveAttribute(
    'href',
    `/registries/baby/owner-view?registryId=${registry.id}`,
  );
  await axeClean(page, '[role="dialog"]');
  const mustHave = panel.getByRole('checkbox', { name: 'Must have' });
  await mustHave.focus();
  await page.keyboard.press('Space');
  await expect(mustHave).toBeChecked();
  await expect(panel.getByRole('checkbox', { name: 'Group gifting' })).not.toBeChecked();
  await expect(panel.getByRole('checkbox', { name: 'Private' })).toBeVisible();
  await expect.poll(async () => Number((await itemRow(store, registry.id, product.asin))?.must_have)).toBe(1);
  const requested = panel.getByLabel('Requested');
  await requested.selectOption({ label: '10+' });
  await panel.getByLabel('How many').fill('12');
  await panel.getByLabel('How many').press('Enter');
  await expect(panel.getByText('10+ requested')).toBeVisible();
  await expect(requested.locator('option:checked')).toHaveText('10+');
  await expect
    .poll(async () => Number((await itemRow(store, registry.id, product.asin))?.requested_quantity))
    .toBe(12);
  await requested.selectOption({ label: '3' });
  await expect(panel.getByText('3 requested')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
});

test('REG-011 REG-013 REG-015 a duplicate add shows the duplicate message; similar items add once, an item already there is skipped', async ({
  page,
  world,
  store,
}) => {
  const group = `gl_e2e_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const [a, b] = [
    await world.standaloneProduct('B0PDPBAB01', {
      productGroup: group,
      title: 'Glass feeding bottles, 3-pack',
    }),
    await world.standaloneProduct('B0PDPBAB01', {
      productGroup: group,
      title: 'Cotton swaddle blankets, 2-pack',
    }),
  ];
  const { product, registry } = await ownerOnPage(page, world, store, {
    items: (asin) => [{ asin }, { asin: a.asin }],
  });
  await store.db
    .updateTable('products')
    .set({ product_group: group })
    .where('asin', '=', product.asin)
    .execute();
  await page.getByRole('button', { name: 'Add to registry' }).click();
  await page
    .getByRole('dialog', { name: 'Add to registry' })
    .getByRole('button', { name: new RegExp(registry.name) })
    .click();
  const panel = page.getByRole('dialog', { name: 'This item is already in your Baby Registry' });
  await expect(panel).toBeVisible();
  // REG-015: a is in the registry already: no add is sent for it.
  let sentForA = false;
  page.on('request', (r) => {
    if (r.url().includes('atbr-dpx') && (r.postData() ?? '').includes(a.asin)) sentForA = true;
  });
  await panel.getByRole('button', { name: `Add ${a.title} to registry` }).click();
  await expect(panel.getByText('Already in your registry')).toBeVisible();
  expect(sentForA).toBe(false);
  // REG-013: the button is disabled while its add is on its way, then says added.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/baby-reg/button-action/atbr-dpx', async (route) => {
    await held;
    await route.continue();
  });
  const addB = panel.getByRole('button', { name: `Add ${b.title} to registry` });
  await addB.click();
  await expect(addB).toBeDisabled();
  release();
  await expect(panel.getByText('Added to your registry')).toBeVisible();
  expect(await itemRow(store, registry.id, b.asin)).toBeTruthy();
});

test('REG-012 a failed baby add goes to the baby registry landing page', async ({ page, world, store }) => {
  const { registry } = await ownerOnPage(page, world, store);
  await page.getByRole('button', { name: 'Add to registry' }).click();
  const list = page.getByRole('dialog', { name: 'Add to registry' });
  await expect(list.getByRole('button', { name: new RegExp(registry.name) })).toBeVisible();
  // The registry is gone by the time the shopper chooses it.
  await store.db.deleteFrom('registries').where('id', '=', registry.id).execute();
  await list.getByRole('button', { name: new RegExp(registry.name) }).click();
  await expect(page).toHaveURL(/\/baby-reg\/\?error=add$/);
  await expect(page.getByRole('alert')).toContainText('We could not add that item');
});

test('REG-034 the error box shows when the registry list call fails', async ({
  page,
  world,
  store,
  consoleErrors,
}) => {
  consoleErrors.expect(/Failed to load resource/);
  await ownerOnPage(page, world, store);
  await page.route('**/registries/dpx/desktop/list-registry**', (route) =>
    route.fulfill({ status: 503, body: '' }),
  );
  await page.getByRole('button', { name: 'Add to registry' }).click();
  await expect(page.getByRole('dialog', { name: 'Add to registry' }).getByRole('alert')).toHaveText(
    'We could not load your registries. Please try again.',
  );
});

test('REG-007 REG-018 REG-021 REG-022 the gift-tag modal (800 wide) adds to a general registry, then says it is there', async ({
  page,
  world,
  store,
}, testInfo) => {
  const { product, registry } = await ownerOnPage(page, world, store, { type: 'birthday' });
  await page.getByRole('button', { name: 'Add to registry' }).click();
  await page
    .getByRole('dialog', { name: 'Add to registry' })
    .getByRole('button', { name: new RegExp(registry.name) })
    .click();
  const modal = page.getByRole('dialog', { name: `Add to ${registry.name}` });
  await expect(modal.getByRole('list', { name: 'Gift tags' })).toBeVisible();
  if (testInfo.project.name === 'desktop')
    expect((await modal.boundingBox())?.width).toBe(GIFT_TAG_MODAL_WIDTH);
  await axeClean(page, '[role="dialog"]');
  await modal.getByLabel('Requested').selectOption('2');
  await modal.getByRole('button', { name: 'Add to Birthday Gift List' }).click();
  await expect(modal.getByText('Added to your registry')).toBeVisible();
  expect(Number((await itemRow(store, registry.id, product.asin))?.requested_quantity)).toBe(2);
});

test('REG-019 REG-020 REG-032 REG-033 REG-016 the wedding modal adds, then says exists; another failure shows an error; signed out goes to nosignin', async ({
  page,
  world,
  store,
  consoleErrors,
}) => {
  consoleErrors.expect(/Failed to load resource/);
  const { product, registry } = await ownerOnPage(page, world, store, { type: 'wedding' });
  const open = async () => {
    await page.getByRole('button', { name: 'Add to registry' }).click();
    await page
      .getByRole('dialog', { name: 'Add to registry' })
      .getByRole('button', { name: new RegExp(registry.name) })
      .click();
    return page.getByRole('dialog', { name: `Add to ${registry.name}` });
  };
  let modal = await open();
  await modal.getByRole('button', { name: 'Add to wedding registry' }).click();
  await expect(modal.getByText('Added to your Wedding Registry')).toBeVisible();
  await axeClean(page, '[role="dialog"]');
  await page.keyboard.press('Escape');
  modal = await open();
  await modal.getByRole('button', { name: 'Add to wedding registry' }).click();
  await expect(modal.getByText('This item is already in your Wedding Registry')).toBeVisible();
  await page.keyboard.press('Escape');
  await store.db
    .deleteFrom('registry_items')
    .where('registry_id', '=', registry.id)
    .where('asin', '=', product.asin)
    .execute();
  await page.route(
    '**/wedding/registry-items/addItems',
    (route) => route.fulfill({ status: 500, body: '' }),
    { times: 1 },
  );
  modal = await open();
  await modal.getByRole('button', { name: 'Add to wedding registry' }).click();
  await expect(modal.getByRole('alert')).toHaveText(
    'Sorry, we could not add this item to your registry. Please try again.',
  );
  // Signed out meanwhile (another tab): the add goes to the no-sign-in page.
  await page.context().clearCookies();
  await modal.getByRole('button', { name: 'Add to wedding registry' }).click();
  await expect(page).toHaveURL(/\/wedding\/nosignin$/);
  await expect(page.getByRole('heading', { name: 'Sign in to your wedding registry' })).toBeVisible();
});

test('REG-002 REG-001 a gift-giver finds the registry by name and buys through checkout shipped to the registrant; the owner sees it purchased only after the order', async ({
  page,
  world,
  store,
  browser,
}) => {
  const product = await world.standaloneProduct('B0PDPBAB01');
  const owner = await world.customer({ shippingAddress: ADDRESS, paymentMethod: 'Visa ending 4242' });
  const registry = await createRegistry(store.db, {
    customerId: owner.id,
    items: [{ asin: product.asin, requested: 2 }],
  });
  const giver = await world.customer({ shippingAddress: ADDRESS, paymentMethod: 'Visa ending 1111' });
  await signIn(page, giver, '/registries');
  await page.getByLabel('Registrant name').fill(registry.name);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('link', { name: registry.name }).click();
  await expect(page.getByText('Requested 2 · Still needed 2')).toBeVisible();
  await page.getByRole('button', { name: `Add to cart: ${product.title}` }).click();
  await expect(page).toHaveURL(/\/gp\/cart\/view\.html/);

  const ownerContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const ownerPage = await ownerContext.newPage();
  await signIn(ownerPage, owner, `/registries/baby/owner-view?registryId=${registry.id}`);
  await expect(ownerPage.getByText('0 of 2 purchased')).toBeVisible();

  await page.goto('/gp/buy/spc/handlers/display.html');
  const shipTo = page.getByRole('checkbox', {
    name: `Ship the registry gifts to ${registry.name} (their address stays private)`,
  });
  await expect(shipTo).toBeChecked();
  await expect(page.getByText('11 Wall St')).toHaveCount(0);
  await page.getByRole('button', { name: 'Place your order' }).click();
  await expect(page).toHaveURL(/orderId=/);
  // The confirmation names where the gift goes; the registrant's address stays private.
  await expect(
    page.getByText(
      `Your registry gift ships to ${registry.name}, at the address on their registry: ${product.title}.`,
    ),
  ).toBeVisible();
  await expect(page.getByText('11 Wall St')).toHaveCount(0);
  await ownerPage.reload();
  await expect(ownerPage.getByText('1 of 2 purchased')).toBeVisible();
  await ownerContext.close();
});

test('REG-001 a group gift is funded by two givers and then counts as purchased', async ({
  page,
  world,
  store,
  browser,
}) => {
  const product = await world.standaloneProduct('B0PDPBAB01', { offers: [{ price: 60 }] });
  const owner = await world.customer();
  const registry = await createRegistry(store.db, {
    customerId: owner.id,
    items: [{ asin: product.asin, requested: 1, groupGifting: true }],
  });
  const guestView = `/registries/baby/guest-view?registryId=${registry.id}`;
  const give = async (p: Page, amount: string) => {
    await p.getByLabel('Contribution in dollars (from $5)').fill(amount);
    await p.getByRole('button', { name: 'Contribute' }).click();
    await expect(p.getByRole('status')).toHaveText('Thank you! Your contribution is recorded.');
  };
  const first = await world.customer({ paymentMethod: 'Visa ending 1111' });
  await signIn(page, first, guestView);
  await give(page, '25');
  await expect(page.getByText('41% funded ($25.00)')).toBeVisible();
  const secondContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const second = await secondContext.newPage();
  await signIn(second, await world.customer({ paymentMethod: 'Visa ending 2222' }), guestView);
  await give(second, '35');
  await expect(second.getByText('100% funded ($60.00)')).toBeVisible();
  await expect(second.getByText('Requested 1 · Still needed 0')).toBeVisible();
  await secondContext.close();
  const row = await itemRow(store, registry.id, product.asin);
  expect([Number(row?.purchased_quantity), Number(row?.funded_minor)]).toEqual([1, 6000]);
});

test.describe('a gift-giver by keyboard alone', () => {
  test('REG-002 REG-001 finds the registry by name, adds a gift to the cart and places the order shipped to the registrant', async ({
    page,
    world,
    store,
  }) => {
    const product = await world.standaloneProduct('B0PDPBAB01');
    const owner = await world.customer();
    const registry = await createRegistry(store.db, {
      customerId: owner.id,
      items: [{ asin: product.asin, requested: 2 }],
    });
    const giver = await world.customer({ shippingAddress: ADDRESS, paymentMethod: 'Visa ending 1111' });
    await signIn(page, giver, '/registries');
    await tabTo(page, page.getByLabel('Registrant name'));
    await page.keyboard.type(registry.name);
    await page.keyboard.press('Enter');
    const found = page.getByRole('link', { name: registry.name });
    await tabTo(page, found);
    await page.keyboard.press('Enter');
    await expect(page.getByText('Requested 2 · Still needed 2')).toBeVisible();
    await tabTo(page, page.getByRole('button', { name: `Add to cart: ${product.title}` }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/gp\/cart\/view\.html/);
    await page.goto('/gp/buy/spc/handlers/display.html');
    await expect(
      page.getByRole('checkbox', {
        name: `Ship the registry gifts to ${registry.name} (their address stays private)`,
      }),
    ).toBeChecked();
    await tabTo(page, page.getByRole('button', { name: 'Place your order' }), 120);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/orderId=/);
    await expect(
      page.getByText(`Your registry gift ships to ${registry.name}`, { exact: false }),
    ).toBeVisible();
    expect(Number((await itemRow(store, registry.id, product.asin))?.purchased_quantity)).toBe(1);
  });

  test('REG-001 contributes to a group gift from the guest view', async ({ page, world, store }) => {
    const product = await world.standaloneProduct('B0PDPBAB01', { offers: [{ price: 40 }] });
    const owner = await world.customer();
    const registry = await createRegistry(store.db, {
      customerId: owner.id,
      items: [{ asin: product.asin, requested: 1, groupGifting: true }],
    });
    await signIn(
      page,
      await world.customer({ paymentMethod: 'Visa ending 1111' }),
      `/registries/baby/guest-view?registryId=${registry.id}`,
    );
    await tabTo(page, page.getByLabel('Contribution in dollars (from $5)'));
    await page.keyboard.type('10');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status')).toHaveText('Thank you! Your contribution is recorded.');
    await expect(page.getByText('25% funded ($10.00)')).toBeVisible();
    expect(Number((await itemRow(store, registry.id, product.asin))?.funded_minor)).toBe(1000);
  });
});

test.describe('the registry pages without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('REG-002 REG-004 an owner creates a baby registry and manages an item with plain forms', async ({
    page,
    world,
    store,
  }) => {
    const product = await world.standaloneProduct('B0PDPBAB01');
    const owner = await world.customer({ shippingAddress: ADDRESS, paymentMethod: 'Visa ending 4242' });
    await signIn(page, owner, '/baby-reg/signup');
    const name = `Robin Baby ${Date.now()}`;
    await page.getByLabel('Registrant name(s)').fill(name);
    await page.getByLabel('Event date').fill('2027-09-01');
    await page.getByRole('button', { name: 'Create registry' }).click();
    await expect(page.getByRole('status')).toHaveText(
      'Your registry is ready. Add items from any product page.',
    );
    await expect(page.getByRole('heading', { name })).toBeVisible();
    const registry = await store.db
      .selectFrom('registries')
      .selectAll()
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    await store.db
      .insertInto('registry_items')
      .values({
        id: `RIE2E${Date.now()}`,
        registry_id: registry.id,
        asin: product.asin,
        requested_quantity: 1,
        purchased_quantity: 0,
        funded_minor: 0,
        must_have: 0,
        group_gifting: 0,
        private: 0,
        added_at: Date.now(),
      })
      .execute();
    await page.reload();
    await page.getByLabel('Requested').fill('4');
    await page.getByRole('checkbox', { name: 'Must have' }).check();
    await page.getByRole('button', { name: /^Save Cloud/ }).click();
    await expect(page.getByRole('status')).toHaveText('Your changes are saved.');
    await expect(page.getByText('0 of 4 purchased')).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Must have' })).toBeChecked();
  });
});

// Two halves of three pages each: six page loads and scans in one test outran its minute on a busy machine.
for (const [half, paths] of [
  [
    'the registry views and the search',
    (id: string, name: string) => [
      `/registries/baby/owner-view?registryId=${id}`,
      `/registries/baby/guest-view?registryId=${id}`,
      `/registries?q=${encodeURIComponent(name)}`,
    ],
  ],
  ['the wedding and baby landing pages', () => ['/wedding/new-registry', '/wedding/nosignin', '/baby-reg/']],
] as const) {
  test(`REG-002 REG-003 REG-004 the registry pages are axe clean: ${half}`, async ({
    page,
    world,
    store,
  }) => {
    const product = await world.standaloneProduct('B0PDPBAB01');
    const owner = await world.customer({ shippingAddress: ADDRESS });
    const registry = await createRegistry(store.db, {
      customerId: owner.id,
      items: [{ asin: product.asin, requested: 3, purchased: 1, mustHave: true }],
    });
    await signIn(page, owner, `/registries/baby/owner-view?registryId=${registry.id}`);
    for (const path of paths(registry.id, registry.name)) {
      await page.goto(path);
      await axeClean(page, 'main');
    }
  });
}
