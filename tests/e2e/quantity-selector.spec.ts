import { expect as baseExpect, test } from './fixtures';
import { GroceryPage } from './pages/grocery-page';

const expect = baseExpect.configure({ timeout: 15_000 });

test('QS-001 QS-003 QS-004 the quantity selector opens as a popover (a bottom sheet on phones); a pick, an outside press or a resize closes it', async ({
  page,
  world,
}, testInfo) => {
  const bananas = await world.product('B0PDPBAN01');
  const grocery = new GroceryPage(page);
  await grocery.goto(bananas.asin);
  const trigger = grocery.box.getByRole('button', { name: /^Quantity:/ });
  const panel = page.getByRole('dialog', { name: 'Quantity:' });
  await trigger.click();
  await expect(panel).toBeVisible();
  if (testInfo.project.name === 'mobile') await expect(panel).toHaveClass(/ui-bottom-sheet/);
  else await expect(panel).toHaveClass(/ui-popover/);
  await expect(trigger).toHaveAttribute('aria-expanded', 'true');
  await grocery.expectNoAxeViolations();
  await panel.getByRole('button', { name: '3', exact: true }).click();
  await expect(panel).toHaveCount(0);
  await expect(trigger).toContainText('3');
  // An outside press closes it, the choice kept.
  await trigger.click();
  await expect(panel).toBeVisible();
  await page.mouse.click(5, 5);
  await expect(panel).toHaveCount(0);
  await expect(trigger).toContainText('3');
  // So does a resize of the window.
  await trigger.click();
  await expect(panel).toBeVisible();
  const size = page.viewportSize() ?? { width: 1280, height: 900 };
  await page.setViewportSize({ width: size.width - 20, height: size.height - 20 });
  await expect(panel).toHaveCount(0);
  // The chosen quantity is what the add asks for.
  await grocery.addButton.click();
  await expect(grocery.shownQuantity).toHaveText('3');
  expect(grocery.callsTo('/alm/addtofreshcart')[0]?.postDataJSON().quantity).toBe(3);
});

test('QS-013 QS-014 QS-015 "10+" switches to the free-text quantity: digits only, 3 characters, Enter submits; all by keyboard', async ({
  page,
  world,
}) => {
  const bananas = await world.product('B0PDPBAN01', {
    offers: [{ price: 1.49, stock: 500, maxOrderQuantity: 99 }],
  });
  const grocery = new GroceryPage(page);
  await grocery.goto(bananas.asin);
  const trigger = grocery.box.getByRole('button', { name: /^Quantity:/ });
  await trigger.focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: 'Quantity:' });
  await expect(panel).toBeVisible();
  await panel.getByRole('button', { name: '10+' }).focus();
  await page.keyboard.press('Enter');
  const field = grocery.box.getByRole('textbox', { name: 'Quantity:' });
  await expect(field).toBeFocused();
  await page.keyboard.type('1a2-.e');
  await expect(field).toHaveValue('12');
  await page.keyboard.type('345');
  await expect(field).toHaveValue('123');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.type('2');
  await expect(field).toHaveValue('21');
  await page.keyboard.press('Enter');
  await expect(grocery.box.getByText('Quantity: 21')).toBeVisible();
  await grocery.addButton.focus();
  await page.keyboard.press('Enter');
  await expect(grocery.shownQuantity).toHaveText('21');
  expect(await grocery.freshQuantity(bananas.asin)).toBe(21);
});
