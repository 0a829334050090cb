import { test as base, expect } from '@playwright/test';
import { openStore, type Store } from '../../src/server/db/database';
import { type CreatedCustomer, type CustomerOverrides, createCustomer } from '../factories/customer-factory';
import { type CreatedDeal, createDeal } from '../factories/deal-factory';
import { demoProductShape } from '../factories/demo-products';
import { type CreatedProduct, createProduct, type ProductOverrides } from '../factories/product-factory';

/**
 * What a browser test builds for itself in the test server's database (playwright.config.ts passes its
 * address as E2E_DATABASE_URL), so parallel workers never share a deal, a product or an account.
 */
export type World = {
  /** A product shaped like a demo product (catalog/demo/catalog.json), under a fresh ASIN. */
  product(likeDemo?: string, overrides?: ProductOverrides): Promise<CreatedProduct>;
  /** A lightning deal shaped like a demo deal product, under a fresh ASIN; its times start now. */
  deal(likeDemo: string, overrides?: ProductOverrides): Promise<CreatedDeal>;
  /** A shopper's account, ready to sign in with its email and password. */
  customer(overrides?: CustomerOverrides): Promise<CreatedCustomer>;
};

export type ConsoleErrors = {
  /** Declares that this test makes the page log an error matching `pattern` on purpose. */
  expect(pattern: RegExp): void;
};

export const test = base.extend<{ world: World; consoleErrors: ConsoleErrors }, { store: Store }>({
  store: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures name what they use in a pattern.
    async ({}, use) => {
      const url = process.env.E2E_DATABASE_URL;
      if (!url)
        throw new Error('E2E_DATABASE_URL is not set: run the browser tests through playwright.config.ts');
      const store = openStore(url);
      await use(store);
      await store.close();
    },
    { scope: 'worker' },
  ],

  world: async ({ store }, use) => {
    await use({
      product: (likeDemo, overrides = {}) =>
        createProduct(store.db, { ...(likeDemo ? demoProductShape(likeDemo) : {}), ...overrides }),
      deal: (likeDemo, overrides = {}) =>
        createDeal(store.db, { ...demoProductShape(likeDemo), ...overrides }),
      customer: (overrides = {}) => createCustomer(store.db, overrides),
    });
  },

  // A console error or an uncaught exception in the page fails the test unless the test expects it.
  consoleErrors: [
    async ({ context }, use) => {
      const errors: string[] = [];
      const expected: RegExp[] = [];
      context.on('console', (message) => {
        if (message.type() === 'error')
          errors.push(`console.error: ${message.text()} (${message.location().url})`);
      });
      context.on('weberror', (error) => errors.push(`uncaught: ${error.error().message}`));
      await use({ expect: (pattern) => expected.push(pattern) });
      const unexpected = errors.filter((error) => !expected.some((pattern) => pattern.test(error)));
      expect(
        unexpected,
        'the page logged errors the test did not expect (consoleErrors.expect(/…/))',
      ).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
