import { type BrowserContext, test as base, expect, type Page } from '@playwright/test';
import { openStore, type Store } from '../../src/server/db/database';
import { adTotals } from '../../src/server/db/repositories/sponsored-ad-repository';
import { PAGE_DATA_ELEMENT_ID } from '../../src/shared/page-data-element';
import { type BundleOverrides, type CreatedBundle, createBundle } from '../factories/bundle-factory';
import { type CreatedCustomer, type CustomerOverrides, createCustomer } from '../factories/customer-factory';
import { type CreatedDeal, createDeal } from '../factories/deal-factory';
import { demoProductShape } from '../factories/demo-products';
import {
  type CreatedGroceryProduct,
  createGroceryAddress,
  createGroceryProduct,
  type GroceryOverrides,
} from '../factories/grocery-factory';
import { type CreatedProduct, createProduct, type ProductOverrides } from '../factories/product-factory';
import { createSmartHomeBadge } from '../factories/smart-home-factory';
import { type CreatedAd, createSponsoredAd } from '../factories/sponsored-ad-factory';

/**
 * What a browser test builds for itself in the test server's database (playwright.config.ts passes its
 * address as E2E_DATABASE_URL), so parallel workers never share a deal, a product or an account.
 */
export type World = {
  /** A product shaped like a demo product (catalog/demo/catalog.json), under a fresh ASIN. */
  product(likeDemo?: string, overrides?: ProductOverrides): Promise<CreatedProduct>;
  /**
   * The same, out of the demo product's variation family: a copy in it would join the demo page's family
   * stripe, which storefront-look.spec.ts counts. What most specs want.
   */
  standaloneProduct(likeDemo: string, overrides?: ProductOverrides): Promise<CreatedProduct>;
  /** A lightning deal shaped like a demo deal product, under a fresh ASIN; its times start now. */
  deal(likeDemo: string, overrides?: ProductOverrides): Promise<CreatedDeal>;
  /** A shopper's account, ready to sign in with its email and password. */
  customer(overrides?: CustomerOverrides): Promise<CreatedCustomer>;
  /** A bundle of fresh products (or those given), offered on its first component's page. */
  bundle(overrides?: BundleOverrides): Promise<CreatedBundle>;
  /** Makes a product's page offer the smart-home badge with these devices. */
  smartHome(product: CreatedProduct, devices: CreatedProduct[]): Promise<void>;
  /** An ad of the sponsored inventory for a fresh product (or the one given). */
  ad(overrides?: Parameters<typeof createSponsoredAd>[1]): Promise<CreatedAd>;
  /** What the server has counted for an ad. */
  adCounts(adId: string): Promise<{ impressions: number; clicks: number }>;
  /** A grocery product in stores of its own (unless named), so no other test takes its delivery windows. */
  groceryProduct(overrides?: GroceryOverrides): Promise<CreatedGroceryProduct>;
  /** A chosen grocery delivery address (Seattle 98109 unless told) of the customer's. */
  groceryAddress(customerId: string): Promise<string>;
};

export type ConsoleErrors = {
  /** Declares that this test makes the page log an error matching `pattern` on purpose. */
  expect(pattern: RegExp): void;
};

/**
 * After `goto`, `reload` or any other navigation lands on one of the store's pages, waits until its script has hydrated it
 * (`<html data-hydrated>`, set by entry-client.tsx): a press before that would reach the server's plain
 * form, or nothing, instead of the widget under test.
 */
function waitForHydrationAfterNavigating(page: Page): Promise<void> {
  const hydrated = async () => {
    if ((await page.locator(`#${PAGE_DATA_ELEMENT_ID}`).count()) === 0) return;
    await expect(page.locator('html[data-hydrated="true"]')).toBeAttached({ timeout: 15_000 });
  };
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await hydrated();
    return response;
  };
  const reload = page.reload.bind(page);
  page.reload = async (options) => {
    const response = await reload(options);
    await hydrated();
    return response;
  };
  // Any other way onto a page (a form's redirect, a link) gets the same wait before the test's next
  // action or assertion: the handler runs whenever the page has its data but not yet its script.
  return page.addLocatorHandler(
    page.locator(`html:not([data-hydrated="true"]):has(#${PAGE_DATA_ELEMENT_ID})`),
    async () => {
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', null, {
        timeout: 15_000,
      });
    },
  );
}

/**
 * The store and the world alone: no wait for hydration after navigating and no console watch. For tests
 * that hold a page's scripts back on purpose (buy-box-hydrates-later.spec.ts); every other spec uses `test`.
 */
export const worldTest = base.extend<{ world: World }, { store: Store }>({
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
      standaloneProduct: (likeDemo, overrides = {}) =>
        createProduct(store.db, { ...demoProductShape(likeDemo), family: undefined, ...overrides }),
      deal: (likeDemo, overrides = {}) =>
        createDeal(store.db, { ...demoProductShape(likeDemo), ...overrides }),
      customer: (overrides = {}) => createCustomer(store.db, overrides),
      bundle: (overrides = {}) => createBundle(store.db, overrides),
      smartHome: (product, devices) => createSmartHomeBadge(store.db, product, devices),
      ad: (overrides = {}) => createSponsoredAd(store.db, overrides),
      groceryProduct: (overrides = {}) => createGroceryProduct(store.db, overrides),
      groceryAddress: (customerId) => createGroceryAddress(store.db, customerId, {}, { select: true }),
      adCounts: async (adId) => {
        const row = (await adTotals(store.db)).find((ad) => ad.adId === adId);
        return { impressions: row?.impressions ?? 0, clicks: row?.clicks ?? 0 };
      },
    });
  },
});

/** Any console message about the page's Content Security Policy, whatever its level. */
export const POLICY_MESSAGE = /Content Security Policy/i;

/**
 * Runs in every page before its scripts: a Content Security Policy violation is a DOM event, and one the
 * page's code catches (a blocked `new Function`) logs nothing to the console, so it is logged here.
 */
function reportPolicyViolations() {
  document.addEventListener('securitypolicyviolation', (event) => {
    const where = event.sourceFile ? ` at ${event.sourceFile}:${event.lineNumber}` : '';
    console.error(
      `Content Security Policy violation: ${event.effectiveDirective} blocked ${event.blockedURI || 'inline code'}${where}`,
    );
  });
}

export const test = worldTest.extend<{ consoleErrors: ConsoleErrors }>({
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled) await waitForHydrationAfterNavigating(page);
    await use(page);
  },

  // A console error, a Content Security Policy violation or an uncaught exception in the page fails the
  // test unless the test expects it; contexts a test opens itself (browser.newContext) are watched too,
  // and their pages wait for hydration after goto and reload like the default page.
  consoleErrors: [
    async ({ context, browser }, use) => {
      const errors: string[] = [];
      const expected: RegExp[] = [];
      const watch = async (watched: BrowserContext, scripted: boolean) => {
        await watched.addInitScript(reportPolicyViolations);
        watched.on('console', (message) => {
          if (message.type() === 'error' || POLICY_MESSAGE.test(message.text()))
            errors.push(`console.${message.type()}: ${message.text()} (${message.location().url})`);
        });
        watched.on('weberror', (error) => errors.push(`uncaught: ${error.error().message}`));
        if (scripted)
          watched.on('page', (page) => void waitForHydrationAfterNavigating(page).catch(() => {}));
      };
      await watch(context, false);
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const opened = await newContext(options);
        await watch(opened, options?.javaScriptEnabled !== false);
        return opened;
      };
      try {
        await use({ expect: (pattern) => expected.push(pattern) });
      } finally {
        browser.newContext = newContext;
      }
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
