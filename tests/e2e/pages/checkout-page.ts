import { expect, type Page } from '@playwright/test';

const ADDRESS = { 'Street address': '410 Terry Ave N', City: 'Seattle', State: 'WA', 'ZIP code': '98109' };

/** The checkout page: the shipping address form and the order button. */
export class CheckoutPage {
  constructor(readonly page: Page) {}

  async fillAddress(fullName = 'Sam Carter') {
    await this.page.getByLabel('Full name').fill(fullName);
    for (const [label, value] of Object.entries(ADDRESS)) await this.page.getByLabel(label).fill(value);
  }

  async placeOrder() {
    await this.page.getByRole('button', { name: 'Place your order' }).click();
  }

  async expectOrderPlaced() {
    await expect(this.page.getByRole('heading', { name: 'Order placed, thank you!' })).toBeVisible();
  }
}
