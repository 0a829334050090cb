import { GROCERY_TIMEOUTS } from '../../src/shared/grocery-constants';
import { expect as baseExpect, test } from './fixtures';
import { GroceryPage } from './pages/grocery-page';
import { signIn } from './pages/sign-in-page';

const expect = baseExpect.configure({ timeout: 15_000 });

async function openAsCustomer(page: import('@playwright/test').Page, world: import('./fixtures').World) {
  const customer = await world.customer();
  const bananas = await world.product('B0PDPBAN01');
  await signIn(page, customer, `/dp/${bananas.asin}`);
  const grocery = new GroceryPage(page);
  await grocery.goto(bananas.asin);
  return { grocery, section: page.getByRole('region', { name: /^Repeat Delivery/ }), asin: bananas.asin };
}

test('STP-003 STP-004 STP-005 STP-001 add: spinner in place of the button, then the server’s next view fades in after 1 s', async ({
  page,
  world,
}) => {
  const { grocery, section } = await openAsCustomer(page, world);
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/repeatitems/psa/v1/add*', async (route) => {
    await held;
    await route.continue();
  });
  await section.getByRole('button', { name: 'Add to Repeat Delivery' }).click();
  await expect(section.getByRole('status', { name: 'Adding to Repeat Delivery' })).toBeVisible();
  await expect(section.getByRole('button', { name: 'Add to Repeat Delivery' })).toHaveCount(0);
  // When each text comes onto the page, read in the page as the DOM changes: a poll from the test can
  // see the first one late, and then the wait between them looks shorter than it was.
  const appeared = page.evaluate(
    (texts) =>
      new Promise<number[]>((resolve) => {
        const at = texts.map(() => 0);
        const observer = new MutationObserver(() => {
          const shown = document.body.innerText;
          texts.forEach((text, i) => {
            if (!at[i] && shown.includes(text)) at[i] = performance.now();
          });
          if (at.every(Boolean)) {
            observer.disconnect();
            resolve(at);
          }
        });
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
      }),
    ['Added to Repeat Delivery', '1 bunch every 2 weeks'],
  );
  await expect(section.getByText('1 bunch every 2 weeks')).toHaveCount(0);
  release();
  await expect(section.getByText('Added to Repeat Delivery')).toBeVisible();
  await expect(section.getByText('1 bunch every 2 weeks')).toBeVisible();
  const [added = 0, next = 0] = await appeared;
  expect(next - added).toBeGreaterThanOrEqual(800);
  await expect(section.getByText(/^Next delivery: /)).toBeVisible();
  const [call] = grocery.callsTo('/repeatitems/psa/v1/add');
  expect(new URL(call?.url() ?? 'http://x').searchParams.get('reftag_')).toBe('dp_rd');
  expect(call?.postDataJSON()).toMatchObject({
    reftag_: 'dp_rd',
    clientContext: { pageType: 'Detail' },
    asins: [expect.any(String)],
  });
});

test('STP-006 an item already repeated replaces the view at once', async ({ page, world }) => {
  const { section } = await openAsCustomer(page, world);
  // Another tab put it on Repeat Delivery meanwhile.
  const csrf = (await page.locator('meta[name="csrf-token"]').getAttribute('content')) ?? '';
  const asin = page.url().split('/dp/')[1] ?? '';
  await page.request.post('/repeatitems/psa/v1/add', {
    headers: { 'x-csrf-token': csrf },
    data: { clientContext: { asin }, asins: [asin] },
  });
  await section.getByRole('button', { name: 'Add to Repeat Delivery' }).click();
  await expect(section.getByText('1 bunch every 2 weeks')).toBeVisible();
  await expect(section.getByText('Added to Repeat Delivery')).toHaveCount(0);
});

test('STP-007 STP-014 a failed add brings the button back with the server’s error modal, or a generic one', async ({
  page,
  world,
  consoleErrors,
}) => {
  consoleErrors.expect(/status of (400|500)/);
  const { grocery, section } = await openAsCustomer(page, world);
  await page.route('**/repeatitems/psa/v1/add*', (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({
        error: { code: 'not_repeatable', message: 'x' },
        errorModalHtml: '<p class="fresh-error__message">This item cannot be put on Repeat Delivery.</p>',
      }),
    }),
  );
  await section.getByRole('button', { name: 'Add to Repeat Delivery' }).click();
  const modal = page.getByRole('dialog', { name: 'Repeat Delivery was not changed' });
  await expect(modal.getByText('This item cannot be put on Repeat Delivery.')).toBeVisible();
  await grocery.expectNoAxeViolations();
  await modal.getByRole('button', { name: 'OK' }).click();
  await expect(section.getByRole('button', { name: 'Add to Repeat Delivery' })).toBeVisible();
  await page.unroute('**/repeatitems/psa/v1/add*');
  await page.route('**/repeatitems/psa/v1/add*', (route) => route.fulfill({ status: 500, body: 'oops' }));
  await section.getByRole('button', { name: 'Add to Repeat Delivery' }).click();
  await expect(modal.getByText('Something went wrong. Please try again.')).toBeVisible();
});

test('STP-002 STP-008 STP-012 QS-003 QS-006 QS-008 edit quantity (stepper) and cadence: the server’s next drop date comes back', async ({
  page,
  world,
}) => {
  const { grocery, section } = await openAsCustomer(page, world);
  await section.getByRole('button', { name: 'Add to Repeat Delivery' }).click();
  await expect(section.getByText('1 bunch every 2 weeks')).toBeVisible();
  await section.getByRole('button', { name: 'Edit quantity or frequency' }).click();
  const editor = page.getByRole('dialog', { name: 'Edit Repeat Delivery' });
  // QS-006: plus moves to the next item (1, 2, 3, 4, 5, 6, 8…); QS-008 minus to the previous.
  for (let i = 0; i < 6; i++) await editor.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(editor.locator('.qty-stepper__number')).toHaveText('8');
  await editor.getByRole('button', { name: 'Decrease quantity' }).click();
  await expect(editor.locator('.qty-stepper__number')).toHaveText('6');
  // QS-003: the cadence list opens inline; a pick is the editor's draft (Save saves it, no Confirm).
  const cadence = editor.getByRole('button', { name: /^Deliver:/ });
  await cadence.click();
  await grocery.expectNoAxeViolations();
  await editor.getByRole('button', { name: 'Every 4 weeks' }).click();
  await expect(cadence).toContainText('Every 4 weeks');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor).toHaveCount(0);
  await expect(section.getByText('6 bunches every 4 weeks')).toBeVisible();
  const [update] = grocery.callsTo('/repeatitems/psa/v1/update');
  expect(update?.postDataJSON()).toMatchObject({
    quantity: { quantity: 6, unit: 'bunch' },
    cadence: 4,
    clientContext: { pageType: 'Detail' },
  });
  const answer = await (await update?.response())?.json();
  await expect(section.getByText(`Next delivery: ${answer.renderableNextDropDate}`)).toBeVisible();
  // Skipping the next delivery moves it by one cadence.
  await section.getByRole('button', { name: 'Skip next delivery' }).click();
  await expect(section.getByText(/^Skipped\. Next delivery: /)).toBeVisible();
});

test('STP-008 STP-010 Save saves the frequency the editor shows, without a separate Confirm; Cancel discards the draft', async ({
  page,
  world,
}) => {
  const { grocery, section } = await openAsCustomer(page, world);
  await section.getByRole('button', { name: 'Add to Repeat Delivery' }).click();
  await expect(section.getByText('1 bunch every 2 weeks')).toBeVisible();
  const edit = section.getByRole('button', { name: 'Edit quantity or frequency' });
  const editor = page.getByRole('dialog', { name: 'Edit Repeat Delivery' });
  const cadence = editor.getByRole('button', { name: /^Deliver:/ });

  // Cancel: a changed quantity and frequency are dropped; reopening shows what is saved.
  await edit.click();
  await editor.getByRole('button', { name: 'Increase quantity' }).click();
  await cadence.click();
  await editor.getByRole('button', { name: 'Every 3 weeks' }).click();
  await expect(cadence).toContainText('Every 3 weeks');
  await editor.getByRole('button', { name: 'Cancel' }).click();
  await expect(editor).toHaveCount(0);
  await expect(section.getByText('1 bunch every 2 weeks')).toBeVisible();
  await edit.click();
  await expect(editor.locator('.qty-stepper__number')).toHaveText('1');
  await expect(cadence).toContainText('Every 2 weeks');
  expect(grocery.callsTo('/repeatitems/psa/v1/update')).toHaveLength(0);

  // Save: the frequency picked is what is saved, with no Confirm in between.
  await cadence.click();
  await editor.getByRole('button', { name: 'Every 4 weeks' }).click();
  await expect(cadence).toContainText('Every 4 weeks');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor).toHaveCount(0);
  await expect(section.getByText('1 bunch every 4 weeks')).toBeVisible();
  const [update] = grocery.callsTo('/repeatitems/psa/v1/update');
  expect(update?.postDataJSON()).toMatchObject({ quantity: { quantity: 1, unit: 'bunch' }, cadence: 4 });
  // Reopened, the editor shows the saved values.
  await edit.click();
  await expect(cadence).toContainText('Every 4 weeks');
});

test('STP-009 STP-010 a failed update or closing without saving keeps the original quantity and cadence', async ({
  page,
  world,
  consoleErrors,
}) => {
  consoleErrors.expect(/status of 500/);
  const { section } = await openAsCustomer(page, world);
  await section.getByRole('button', { name: 'Add to Repeat Delivery' }).click();
  await expect(section.getByText('1 bunch every 2 weeks')).toBeVisible();
  const edit = section.getByRole('button', { name: 'Edit quantity or frequency' });
  await edit.click();
  const editor = page.getByRole('dialog', { name: 'Edit Repeat Delivery' });
  await editor.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(editor.locator('.qty-stepper__number')).toHaveText('2');
  // STP-010: Escape closes without saving; opening again shows the original.
  await page.keyboard.press('Escape');
  await expect(editor).toHaveCount(0);
  await expect(edit).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(editor.locator('.qty-stepper__number')).toHaveText('1');
  // STP-009: a failure brings the original back, with an error.
  await page.route('**/repeatitems/psa/v1/update*', (route) => route.fulfill({ status: 500, body: 'oops' }));
  await editor.getByRole('button', { name: 'Increase quantity' }).click();
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor.getByRole('alert')).toHaveText(
    'Your Repeat Delivery was not changed. Please try again.',
  );
  await expect(editor.locator('.qty-stepper__number')).toHaveText('1');
  await page.keyboard.press('Escape');
  await expect(section.getByText('1 bunch every 2 weeks')).toBeVisible();
});

test('STP-012 an update the server never answers gives up after 10 s (GROCERY_TIMEOUTS.staples) and keeps the original', async ({
  page,
  world,
}) => {
  await page.clock.install();
  const { section } = await openAsCustomer(page, world);
  await section.getByRole('button', { name: 'Add to Repeat Delivery' }).click();
  await expect(section.getByText('1 bunch every 2 weeks')).toBeVisible();
  await section.getByRole('button', { name: 'Edit quantity or frequency' }).click();
  const editor = page.getByRole('dialog', { name: 'Edit Repeat Delivery' });
  await editor.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(editor.locator('.qty-stepper__number')).toHaveText('2');
  // The update call reaches the server's door and stays there.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const asked = page.waitForRequest('**/repeatitems/psa/v1/update*');
  await page.route('**/repeatitems/psa/v1/update*', async (route) => {
    await held;
    await route.abort().catch(() => undefined);
  });
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  await editor.getByRole('button', { name: 'Save' }).click();
  const update = await asked;
  const saving = editor.getByRole('status', { name: 'Saving' });
  await expect(saving).toBeVisible();
  await page.clock.runFor(GROCERY_TIMEOUTS.staples - 1);
  // Two message-channel hops (no timer, so the paused clock does not hold them): an abort would have shown by then.
  await page.evaluate(async () => {
    for (let hop = 0; hop < 2; hop++) {
      await new Promise((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = resolve;
        channel.port2.postMessage(null);
      });
    }
  });
  await expect(saving).toBeVisible();
  expect(update.failure()).toBeNull();
  await page.clock.runFor(1);
  await expect(editor.getByRole('alert')).toHaveText(
    'Your Repeat Delivery was not changed. Please try again.',
  );
  await expect(saving).toHaveCount(0);
  await expect(editor.locator('.qty-stepper__number')).toHaveText('1');
  release();
});

test('STP-013 the educational popover loads its content and the manage link; signed out, the button is a sign-in link', async ({
  page,
  world,
}) => {
  const bananas = await world.product('B0PDPBAN01');
  const grocery = new GroceryPage(page);
  await grocery.goto(bananas.asin);
  const section = page.getByRole('region', { name: /^Repeat Delivery/ });
  await expect(section.getByRole('link', { name: 'Sign in to set up Repeat Delivery' })).toBeVisible();
  await section.getByRole('button', { name: 'What is Repeat Delivery?' }).click();
  const popover = page.getByRole('dialog', { name: 'About Repeat Delivery' });
  await expect(
    popover.getByRole('link', { name: 'Learn more and manage your Repeat Delivery' }),
  ).toHaveAttribute('href', '/gp/help/repeat-delivery.html');
  expect(grocery.callsTo('/repeatitems/psa/v1/educontent')).toHaveLength(1);
  await grocery.expectNoAxeViolations();
  await page.keyboard.press('Escape');
  await expect(popover).toHaveCount(0);
});
