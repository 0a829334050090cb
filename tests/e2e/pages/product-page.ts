import { expect, type Locator, type Page } from '@playwright/test';

/** The product detail page, as a shopper sees it. */
export class ProductPage {
  constructor(readonly page: Page) {}

  async goto(asin: string, query = '') {
    await this.page.goto(`/dp/${asin}${query}`);
  }

  get addToCartButton(): Locator {
    return this.page.getByRole('button', { name: 'Add to Cart' });
  }

  get buyNowButton(): Locator {
    return this.page.getByRole('button', { name: 'Buy Now', exact: true });
  }

  get quantity(): Locator {
    return this.page.getByLabel('Quantity:');
  }

  /** The header's cart link, named with its count ("Cart, 2 items"). */
  get cartLink(): Locator {
    return this.page.getByRole('link', { name: /^Cart, \d+ items?$/ });
  }

  /** Presses add to cart and waits for the page to confirm it. */
  async addToCart() {
    await this.addToCartButton.click();
    await expect(this.page.getByText('Added to cart.')).toBeVisible();
  }
}
