import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { IDEA_LIST_FAILED_TEXT, LIST_UI } from '../../src/shared/list-constants';
import { expect, test, type World } from './fixtures';
import { fillSignIn, signIn } from './pages/sign-in-page';

const isAdd = (url: string) => url.includes('/hz/wishlist/additemtolist');

/** A speaker without accessories (their interstitial would hold presses), and a shopper signed in on its page. */
async function openSignedIn(page: Page, world: World) {
  const product = await world.standaloneProduct('B0PDPSPK01', { accessories: undefined });
  const shopper = await world.customer();
  await signIn(page, shopper, `/dp/${product.asin}`);
  return { product, shopper };
}

const addButton = (page: Page) => page.getByRole('button', { name: 'Add to List', exact: true });
const arrow = (page: Page) => page.getByRole('button', { name: 'Choose a list' });
const dropdown = (page: Page) => page.getByRole('dialog', { name: 'Add to a list' });
const createDialog = (page: Page) => page.getByRole('dialog', { name: 'Create a list' });

async function axeClean(page: Page) {
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => `${v.id} ${v.help} ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual(
    [],
  );
}

test('LIST-002 LIST-022 LIST-023 LIST-003 the main part adds the page item, quantity 1, to the default list and confirms with a link to it', async ({
  page,
  world,
}) => {
  const { product } = await openSignedIn(page, world);
  await expect(addButton(page)).toBeVisible();
  const asked = page.waitForRequest((r) => isAdd(r.url()));
  await addButton(page).click();
  const body = (await asked).postDataJSON();
  expect(body).toMatchObject({ asin: product.asin, quantity: 1, isAjax: true });
  const confirmation = page.getByRole('status').filter({ hasText: 'Added to Wish List.' });
  await expect(confirmation).toBeVisible();
  await confirmation.getByRole('link', { name: 'View your list' }).click();
  await expect(page).toHaveURL(/\/hz\/wishlist\/ls\/[A-Z0-9]{13}$/);
  await expect(page.getByRole('heading', { name: 'Wish List', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: product.title as string })).toBeVisible();
  await expect(page.getByText('Wanted: 1')).toBeVisible();
});

test('LIST-002 LIST-044 LIST-030 the arrow opens the lists (230 wide), the default first; choosing one adds to it; axe clean', async ({
  page,
  world,
}) => {
  await openSignedIn(page, world);
  // Two lists: the default made by a first add, then one made on the lists page.
  await addButton(page).click();
  await expect(page.getByText('Added to Wish List.')).toBeVisible();
  await page.goto('/hz/wishlist/ls');
  await page.getByLabel('List name', { exact: true }).fill('Birthday ideas');
  await page.getByRole('button', { name: 'Create list' }).click();
  await expect(page.getByRole('heading', { name: 'Birthday ideas', level: 1 })).toBeVisible();
  await page.goBack();
  await page.goBack();
  await arrow(page).click();
  const lists = dropdown(page);
  await expect(lists).toBeVisible();
  await expect(arrow(page)).toHaveAttribute('aria-expanded', 'true');
  expect((await lists.boundingBox())?.width).toBe(LIST_UI.dropdownWidth);
  const names = lists.getByRole('listitem');
  await expect(names).toHaveCount(2);
  await expect(names.first()).toContainText('Wish List');
  await axeClean(page);
  await lists.getByRole('button', { name: /Birthday ideas/ }).click();
  await expect(page.getByText('Added to Birthday ideas.')).toBeVisible();
  await expect(lists).toHaveCount(0);
  await expect(arrow(page)).toHaveAttribute('aria-expanded', 'false');
});

test('LIST-001 LIST-012 LIST-014 LIST-015 LIST-016 LIST-004 LIST-041 LIST-042 LIST-043 create a list from the product page: sheet on a phone, popover on a desktop', async ({
  page,
  world,
}, testInfo) => {
  const { product } = await openSignedIn(page, world);
  const formAsked = page.waitForRequest((r) => r.url().includes('/hz/wishlist/create?'));
  await arrow(page).click();
  await dropdown(page).getByRole('button', { name: 'Create a list' }).click();
  const form = new URL((await formAsked).url()).searchParams;
  expect(form.get('createIngressName')).toBe('dp-atwl');
  const dialog = createDialog(page);
  const name = dialog.getByLabel('List name');
  await expect(name).toHaveValue('Wish List');
  const phone = testInfo.project.name === 'mobile';
  if (phone) {
    expect((await dialog.boundingBox())?.height).toBe(LIST_UI.bottomSheetHeight);
  } else {
    expect((await dialog.locator('.atwl-create').boundingBox())?.height).toBe(LIST_UI.popoverHeight);
  }
  await axeClean(page);
  // LIST-014, LIST-015: an empty name gets the error style until typed in.
  await name.fill('');
  await dialog.getByRole('button', { name: 'Create list' }).click();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toHaveClass(/is-error/);
  await name.pressSequentially('Cam');
  await expect(name).toHaveAttribute('aria-invalid', 'false');
  // LIST-016: Enter in the name does not submit.
  let creations = 0;
  page.on('request', (r) => {
    if (r.url().includes('/hz/wishlist/create/newlist')) creations += 1;
  });
  await name.press('Enter');
  await expect(dialog).toBeVisible();
  await name.pressSequentially('ping');
  if (phone) {
    await dialog.getByRole('button', { name: 'More options' }).click();
    expect((await dialog.boundingBox())?.height).toBe(LIST_UI.expandedHeight);
  }
  // LIST-012: a spinner while it is created.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/hz/wishlist/create/newlist', async (route) => {
    await held;
    await route.continue();
  });
  await dialog.getByRole('button', { name: 'Create list' }).click();
  await expect(dialog.getByRole('status', { name: 'Creating your list' })).toBeVisible();
  release();
  await expect(page).toHaveURL(/\/hz\/wishlist\/ls\/[A-Z0-9]{13}$/);
  expect(creations).toBe(1);
  await expect(page.getByRole('heading', { name: 'Camping', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: product.title as string })).toBeVisible();
});

test('LIST-013 LIST-036 a failed creation opens the error section; closing it reloads the page', async ({
  page,
  world,
  consoleErrors,
}) => {
  consoleErrors.expect(/\[fatal\] create list failed/);
  consoleErrors.expect(/status of 500/);
  await openSignedIn(page, world);
  await page.route('**/hz/wishlist/create/newlist', (route) => route.fulfill({ status: 500, body: '' }));
  await arrow(page).click();
  await dropdown(page).getByRole('button', { name: 'Create a list' }).click();
  const dialog = createDialog(page);
  await dialog.getByRole('button', { name: 'Create list' }).click();
  const failed = dialog.getByRole('alert');
  await expect(failed).toContainText('We could not create your list.');
  const reloaded = page.waitForEvent('load');
  await failed.getByRole('button', { name: 'Close' }).click();
  await reloaded;
});

test('LIST-036 a create form that fails to load shows the loading-error section', async ({
  page,
  world,
  consoleErrors,
}) => {
  consoleErrors.expect(/\[fatal\] create-list form failed to load/);
  consoleErrors.expect(/status of 503/);
  await openSignedIn(page, world);
  await page.route('**/hz/wishlist/create?**', (route) => route.fulfill({ status: 503, body: '' }));
  await arrow(page).click();
  await dropdown(page).getByRole('button', { name: 'Create a list' }).click();
  await expect(createDialog(page).getByRole('alert')).toContainText(
    'We could not load the create-list form.',
  );
});

test('LIST-038 LIST-029 an idea list failure shows the answer message, or the spec text when there is none', async ({
  page,
  world,
  consoleErrors,
}, testInfo) => {
  consoleErrors.expect(/\[fatal\] create list failed/);
  consoleErrors.expect(/status of 422/);
  await openSignedIn(page, world);
  await page.route('**/hz/wishlist/ajax/createlistandadditem', (route) =>
    route.fulfill({
      status: 422,
      contentType: 'application/json',
      body: JSON.stringify({ hasError: true, authRequired: false, authUrl: null, error: null }),
    }),
  );
  await arrow(page).click();
  await dropdown(page).getByRole('button', { name: 'Create a list' }).click();
  const dialog = createDialog(page);
  await dialog.getByRole('button', { name: 'More options' }).click();
  await dialog.getByRole('radio', { name: 'Idea list' }).check();
  if (testInfo.project.name === 'mobile') await axeClean(page);
  await dialog.getByRole('button', { name: 'Create list' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(new RegExp(IDEA_LIST_FAILED_TEXT.replace('.', '\\.')));
});

test('LIST-028 LIST-006 an idea list made from the product page holds the item at /create/collection', async ({
  page,
  world,
}) => {
  const { product } = await openSignedIn(page, world);
  await arrow(page).click();
  await dropdown(page).getByRole('button', { name: 'Create a list' }).click();
  const dialog = createDialog(page);
  await dialog.getByLabel('List name').fill('Gadget ideas');
  await dialog.getByRole('button', { name: 'More options' }).click();
  await dialog.getByRole('radio', { name: 'Idea list' }).check();
  await dialog.getByRole('button', { name: 'Create list' }).click();
  await expect(page).toHaveURL(/\/create\/collection\?id=[A-Z0-9]{13}$/);
  await expect(page.getByText('Idea list · Private')).toBeVisible();
  await expect(page.getByRole('link', { name: product.title as string })).toBeVisible();
});

test('LIST-039 after repeated failures the dropdown shows its unavailable holder', async ({
  page,
  world,
  consoleErrors,
}) => {
  consoleErrors.expect(/status of 503/);
  await openSignedIn(page, world);
  await page.route('**/hz/wishlist/addtolist**', (route) => route.fulfill({ status: 503, body: '' }));
  await arrow(page).click();
  const lists = dropdown(page);
  await lists.getByRole('button', { name: 'Try again' }).click();
  await expect(lists.getByText('Lists are unavailable right now. Try again later.')).toBeVisible();
});

test('LIST-040 a failed inline add shows the message inline', async ({ page, world, consoleErrors }) => {
  consoleErrors.expect(/status of 422/);
  await openSignedIn(page, world);
  await page.route('**/hz/wishlist/additemtolist', (route) =>
    route.fulfill({
      status: 422,
      contentType: 'application/json',
      body: JSON.stringify({
        hasError: true,
        authRequired: false,
        authUrl: null,
        error: { code: 'list_full', message: 'A list can hold at most 100 items.' },
      }),
    }),
  );
  await addButton(page).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'A list can hold at most 100 items.' }),
  ).toBeVisible();
});

test('LIST-024 a list post without a CSRF token records a metric', async ({ page, world, consoleErrors }) => {
  consoleErrors.expect(/status of 403/);
  await openSignedIn(page, world);
  await page.evaluate(() => document.querySelector('meta[name="csrf-token"]')?.setAttribute('content', ''));
  const metric = page.waitForRequest((r) => r.url().includes('/api/metrics/events'));
  await addButton(page).click();
  expect(JSON.stringify((await metric).postDataJSON())).toContain('pdp.lists.csrf-missing/v1');
  await expect(page.getByRole('alert').filter({ hasText: 'missing or invalid CSRF token' })).toBeVisible();
});

test('LIST-011 LIST-025 signed out: add to list, sign in, back on the page with the item in the list exactly once', async ({
  page,
  world,
  consoleErrors,
}) => {
  consoleErrors.expect(/status of 401 .*\/hz\/wishlist\/additemtolist/);
  const product = await world.standaloneProduct('B0PDPSPK01', { accessories: undefined });
  const shopper = await world.customer();
  await page.goto(`/dp/${product.asin}`);
  const answered = page.waitForResponse((r) => isAdd(r.url()));
  await addButton(page).click();
  // LIST-011: the ajax state says sign-in is needed (the body is checked by the server tests).
  expect((await answered).status()).toBe(401);
  await expect(page).toHaveURL(/\/gp\/sign-in\.html\?path=/);
  await fillSignIn(page, shopper);
  await expect(page).toHaveURL(new RegExp(`/dp/${product.asin}\\?listNotice=added#list-notice$`));
  // The notice is where the shopper pressed: the address's fragment brings it into view.
  await expect(page.getByRole('status').filter({ hasText: 'Added to your list.' })).toBeInViewport();
  await expect(page.getByRole('link', { name: 'View your lists' })).toHaveAttribute(
    'href',
    '/hz/wishlist/ls',
  );
  await page.goto('/hz/wishlist/ls');
  const list = page.getByRole('navigation', { name: 'Your lists' }).getByRole('link', { name: 'Wish List' });
  await list.click();
  await expect(page.getByRole('link', { name: product.title as string })).toHaveCount(1);
  await expect(page.getByText('Wanted: 1')).toBeVisible();
});

test('move to cart, and share a private list by link, then revoke the link', async ({
  page,
  world,
  browser,
  consoleErrors,
}) => {
  consoleErrors.expect(/status of 404 .*\/hz\/wishlist\/ls\/[A-Z0-9]+\?token=/);
  const { product } = await openSignedIn(page, world);
  await addButton(page).click();
  await page.getByRole('link', { name: 'View your list' }).click();
  const listUrl = page.url();
  await page.getByRole('button', { name: 'Create share link' }).click();
  await expect(page.getByText('Share link created.')).toBeVisible();
  const shareUrl = await page.getByLabel('Share link').inputValue();
  expect(shareUrl).toContain('?token=');
  const friend = await (await browser.newContext({ baseURL: new URL(listUrl).origin })).newPage();
  await friend.goto(shareUrl);
  await expect(friend.getByRole('heading', { name: 'Wish List', level: 1 })).toBeVisible();
  await expect(friend.getByRole('button', { name: 'Delete this list' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Revoke share link' }).click();
  await expect(page.getByText('Share link revoked.')).toBeVisible();
  const gone = await friend.goto(shareUrl);
  expect(gone?.status()).toBe(404);
  await friend.context().close();
  await page.getByRole('button', { name: `Move to cart: ${product.title}` }).click();
  await expect(page.getByText('Moved to your cart.')).toBeVisible();
  await expect(page.getByText('This list is empty')).toBeVisible();
  await expect(page.getByRole('link', { name: /Cart, 1 item/ })).toBeVisible();
});

test('every action by keyboard: add, open the lists, choose one, close with Escape', async ({
  page,
  world,
}) => {
  await openSignedIn(page, world);
  await addButton(page).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Added to Wish List.')).toBeVisible();
  await arrow(page).focus();
  await page.keyboard.press('Enter');
  const lists = dropdown(page);
  await expect(lists.getByRole('button', { name: /Wish List/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(lists).toHaveCount(0);
  await expect(arrow(page)).toBeFocused();
  await page.keyboard.press('Enter');
  await lists.getByRole('button', { name: /Wish List/ }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Added to Wish List.')).toBeVisible();
});

test('LIST-010 LIST-017 LIST-018 LIST-019 LIST-020 LIST-021 the legacy create form checks before posting', async ({
  page,
  world,
}) => {
  const shopper = await world.customer();
  await signIn(page, shopper, '/hz/wishlist/ls');
  const form = page.getByRole('region', { name: 'Create a list' });
  await form.getByRole('button', { name: 'Create list' }).click();
  await expect(form.getByRole('alert')).toHaveText('Enter a name for your list.');
  await form.getByRole('radio', { name: 'Gift list' }).check();
  await form.getByRole('button', { name: 'Create list' }).click();
  await expect(form.getByRole('alert')).toHaveText("Enter the recipient's first or last name.");
  await form.getByLabel('Recipient first name').fill('Ada');
  await expect(form.getByLabel('Child age')).toHaveCount(0);
  await form.getByLabel('Month').selectOption('February');
  await expect(form.getByLabel('Child age')).toHaveCount(0);
  await form.getByLabel('Day').fill('31');
  await expect(form.getByLabel('Child age')).toBeVisible();
  await form.getByLabel('Year').fill('2027');
  await form.getByRole('button', { name: 'Create list' }).click();
  await expect(form.getByRole('alert')).toHaveText('The occasion date is not a valid date.');
  await form.getByRole('radio', { name: 'Idea list' }).check();
  await form.getByRole('button', { name: 'Create list' }).click();
  await expect(form.getByRole('alert')).toHaveText('Enter a name for your idea list.');
  await form.getByRole('radio', { name: 'Gift list' }).check();
  await form.getByLabel('Recipient first name').fill('Ada');
  await form.getByLabel('Month').selectOption('February');
  await form.getByLabel('Day').fill('14');
  await form.getByLabel('Year').fill('2027');
  await form.getByRole('button', { name: 'Create list' }).click();
  await expect(page.getByRole('heading', { name: 'Gifts for Ada', level: 1 })).toBeVisible();
  await expect(page.getByText('Gift list · Private · For Ada · 2027-02-14')).toBeVisible();
  await axeClean(page);
});

test('LIST-037 a legacy create failure shows the error block', async ({ page, world }) => {
  const shopper = await world.customer();
  await signIn(page, shopper, '/hz/wishlist/ls');
  await page.route('**/hz/wishlist/create/newlist', (route) =>
    route.fulfill({ status: 303, headers: { location: '/hz/wishlist/ls?problem=too_many_lists' } }),
  );
  const form = page.getByRole('region', { name: 'Create a list' });
  await form.getByLabel('List name', { exact: true }).fill('One more');
  await form.getByRole('button', { name: 'Create list' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'You have as many lists as you can have.' }),
  ).toBeVisible();
});

test.describe('without script', () => {
  test.use({ javaScriptEnabled: false });
  test('LIST-031 the button is a plain form: the add goes through and comes back to the page', async ({
    page,
    world,
  }) => {
    const product = await world.standaloneProduct('B0PDPSPK01', { accessories: undefined });
    const shopper = await world.customer();
    await signIn(page, shopper, `/dp/${product.asin}`);
    await addButton(page).click();
    await expect(page).toHaveURL(new RegExp(`/dp/${product.asin}\\?listNotice=added#list-notice$`));
    await expect(page.getByRole('status').filter({ hasText: 'Added to your list.' })).toBeInViewport();
    await page.goto('/hz/wishlist/ls');
    await page
      .getByRole('navigation', { name: 'Your lists' })
      .getByRole('link', { name: 'Wish List' })
      .click();
    await expect(page.getByRole('link', { name: product.title as string })).toBeVisible();
  });
});
