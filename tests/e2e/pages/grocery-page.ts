import AxeBuilder from '@axe-core/playwright';
import { expect as baseExpect, type Locator, type Page, type Request } from '@playwright/test';

const expect = baseExpect.configure({ timeout: 15_000 });

/** The product page of a grocery item: its grocery buy box, as a shopper sees it. */
export class GroceryPage {
  readonly requests: Request[] = [];

  constructor(readonly page: Page) {
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (/^\/(alm|fom|afx|mulon|portal-migration|repeatitems|gp\/api\/cart)\//.test(path))
        this.requests.push(request);
    });
  }

  async goto(asin: string, query = '') {
    await this.page.goto(`/dp/${asin}${query}`);
    // The box is server-rendered; its chunk hydrates it.
    await expect(this.box).toBeVisible();
    await this.page.waitForFunction(() => document.readyState === 'complete');
  }

  get box(): Locator {
    return this.page.getByTestId('grocery-buy-box');
  }

  get addButton(): Locator {
    return this.box.getByRole('button', { name: 'Add to Fresh Cart' });
  }

  /** The stepper of the item in the fresh cart. */
  stepper(title: RegExp | string = /.*/): Locator {
    return this.box.getByRole('group', {
      name: typeof title === 'string' ? `Quantity of ${title}` : /^Quantity of /,
    });
  }

  get plus(): Locator {
    return this.box.getByRole('button', { name: 'Increase quantity' });
  }

  get minus(): Locator {
    return this.box.getByRole('button', { name: 'Decrease quantity' });
  }

  get trash(): Locator {
    return this.box.getByRole('button', { name: /^Delete / });
  }

  get shownQuantity(): Locator {
    return this.box.locator('.qty-stepper__number');
  }

  get cartLink(): Locator {
    return this.page.getByRole('link', { name: /^Cart, \d+ items?$/ });
  }

  /** The store introduction sheet a first add in a store opens. */
  get storeSheet(): Locator {
    return this.page.getByRole('dialog', { name: /^About / });
  }

  /** The first add of the item: the stepper shows 1 and the store sheet that comes with it is closed. */
  async addFirst() {
    await this.addButton.click();
    await expect(this.shownQuantity).toHaveText('1');
    await expect(this.storeSheet).toBeVisible();
    await this.page.keyboard.press('Escape');
    await expect(this.storeSheet).toHaveCount(0);
  }

  /** Calls the page made to a path (pathname), in order. */
  callsTo(path: string): Request[] {
    return this.requests.filter((r) => new URL(r.url()).pathname === path);
  }

  /** The fresh cart's quantity of an item, as the cart API has it. */
  async freshQuantity(asin: string): Promise<number> {
    const response = await this.page.request.get(
      '/api/marketplaces/ATVPDKIKX0DER/cart/items?cartTypes=FRESH',
    );
    const items = (await response.json()).entity.items as { asin: string; quantity: number }[];
    return items.find((item) => item.asin === asin)?.quantity ?? 0;
  }

  async expectNoAxeViolations() {
    const results = await new AxeBuilder({ page: this.page }).analyze();
    expect(results.violations.map((v) => `${v.id} ${v.help} ${v.nodes[0]?.target}`)).toEqual([]);
  }
}
