import type { Page } from '@playwright/test';

/**
 * Specs about something else press add to cart or buy now on products with accessory upsells; the
 * accessory interstitial (ACC-010) then opens once. This declines it whenever it is in the way.
 */
export async function declineAccessoryInterstitial(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Add accessories to your order' });
  await page.addLocatorHandler(dialog, async () => {
    await dialog.getByRole('button', { name: /^(No thanks|Add selected|Continue)$/ }).click();
  });
}
