import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Moves focus with Tab alone until `target` has it, as a keyboard user would (never clicking), and
 * fails when it is not in the page's tab order within `limit` presses.
 */
export async function tabTo(page: Page, target: Locator, limit = 60) {
  for (let presses = 0; presses < limit; presses++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target, `not reached by ${limit} presses of Tab`).toBeFocused();
}
