import { expect, type Locator, type Page } from '@playwright/test';

/** The shopping cart page. */
export class CartPage {
  constructor(readonly page: Page) {}

  async goto() {
    await this.page.goto('/gp/cart/view.html');
  }

  get summary(): Locator {
    return this.page.getByRole('complementary', { name: 'Order summary' });
  }

  /** The order summary shows this subtotal for this many items, e.g. `expectSubtotal('$79.98', 2)`. */
  async expectSubtotal(amount: string, items: number) {
    await expect(this.summary).toContainText(
      `Subtotal (${items} ${items === 1 ? 'item' : 'items'}): ${amount}`,
    );
  }

  async proceedToCheckout() {
    await this.page.getByRole('button', { name: 'Proceed to checkout' }).click();
  }
}
