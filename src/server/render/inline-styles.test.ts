import { expect, test } from 'vitest';
import type { PageData } from '../../shared/contracts/pages/page-data';
import { PRODUCT_PARTS, productPartsShown } from './inline-styles';

// Only the fields the rule reads: the parts a product page renders (or fetches) come from these.
const productPage = (overrides: Record<string, unknown> = {}, addOnServices: unknown = null) =>
  ({
    page: 'product',
    deal: null,
    grocery: null,
    business: null,
    deferred: [],
    ...overrides,
    product: { addOnServices, recycleAndSave: null },
  }) as unknown as PageData;

test('a product page inlines only the styles of the parts it shows', () => {
  // LIST-002: the add-to-list button is on every page with the purchase column but the business box's.
  expect(productPartsShown(productPage())).toEqual(['lists']);
  expect(productPartsShown(productPage({ deal: {} }))).toEqual(['deal', 'lists']);
  expect(productPartsShown(productPage({ grocery: {}, business: {} }))).toEqual(['grocery', 'business']);
  expect(productPartsShown(productPage({}, { widget: 'twister' }))).toEqual(['addOnServices', 'lists']);
  // The add-on widget fetches its slice itself when the server deferred it.
  expect(productPartsShown(productPage({ deferred: ['addOnServices'] }))).toEqual(['addOnServices', 'lists']);
  // RS-001: the recycle-and-save launch's styles only where the product carries the promotion.
  const promoted = { ...productPage(), product: { addOnServices: null, recycleAndSave: { percentOff: 25 } } };
  expect(productPartsShown(promoted as unknown as PageData)).toEqual(['recycleAndSave', 'lists']);
  // TI-002: the trade-in box's only where the product has a trade-in group.
  const tradeIn = {
    ...productPage(),
    product: { addOnServices: null, tradeIn: { productGroup: 'gl_wireless' } },
  };
  expect(productPartsShown(tradeIn as unknown as PageData)).toEqual(['tradeIn', 'lists']);
  // REG-001: "Add to registry" only for a signed-in shopper with registries.
  expect(productPartsShown(productPage({ registries: { registries: [] } }))).toEqual(['lists', 'registries']);
});

test('every other page keeps every part style, in the stylesheet order', () => {
  expect(productPartsShown({ page: 'cart' } as unknown as PageData)).toEqual(PRODUCT_PARTS);
  expect(PRODUCT_PARTS).toEqual([
    'addOnServices',
    'deal',
    'grocery',
    'business',
    'recycleAndSave',
    'tradeIn',
    'lists',
    'registries',
  ]);
});
