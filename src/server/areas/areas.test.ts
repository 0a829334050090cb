import { describe, expect, test } from 'vitest';
import { DEFERRED_PRODUCT_PAGE_SLICES, productPageData } from '../../shared/contracts/pages/product-page';
import { FROZEN_MIGRATIONS } from '../db/migrations/frozen-migrations';
import { productPageSlices, SERVER_AREAS, STORE_MIGRATIONS, storeMigrations } from './areas';
import { dealsArea } from './deals';
import type { ServerArea } from './server-area';

const FRAME_KEYS = [
  'page',
  'csrfToken',
  'marketplaceId',
  'language',
  'shopper',
  'refTag',
  'initialQuantity',
  'quantityAdjustment',
  'purchaseProblem',
  'deferred',
  'product',
];
const DETAILS_KEYS = [
  'asin',
  'title',
  'brand',
  'description',
  'images',
  'bullets',
  'rating',
  'ratingCount',
  'family',
  'offer',
];

describe('the area list', () => {
  test('fills every slice key of the page contract once, in its place, and nothing else', () => {
    const slices = productPageSlices(SERVER_AREAS);
    const at = (where: 'page' | 'product') =>
      Object.entries(slices)
        .filter(([, slice]) => slice.at === where)
        .map(([name]) => name)
        .sort();
    expect(at('page')).toEqual(
      Object.keys(productPageData.shape)
        .filter((k) => !FRAME_KEYS.includes(k))
        .sort(),
    );
    expect(at('product')).toEqual(
      Object.keys(productPageData.shape.product.shape)
        .filter((k) => !DETAILS_KEYS.includes(k))
        .sort(),
    );
    const deferred = Object.entries(slices).flatMap(([name, slice]) => (slice.deferred ? [name] : []));
    expect(deferred.sort()).toEqual([...DEFERRED_PRODUCT_PAGE_SLICES].sort());
  });

  test('refuses a page slice two areas name', () => {
    const twice = {
      name: 'deal-again',
      pageSlices: dealsArea.pageSlices,
    };
    expect(() => productPageSlices([...SERVER_AREAS, twice])).toThrow('page slice deal is another area');
  });

  test('migrations: the frozen ones, then the areas’, which must sort after them and not repeat', () => {
    const areaMigrations = (SERVER_AREAS as readonly ServerArea[]).flatMap((area) =>
      Object.keys(area.migrations ?? {}),
    );
    expect(Object.keys(STORE_MIGRATIONS).sort()).toEqual(
      [...Object.keys(FROZEN_MIGRATIONS), ...areaMigrations].sort(),
    );
    const migration = { up: async () => undefined };
    const adding = (name: string) => ({ name: 'trade-in', migrations: { [name]: migration } });
    expect(Object.keys(storeMigrations([...SERVER_AREAS, adding('0017-trade-in')]))).toContain(
      '0017-trade-in',
    );
    expect(() => storeMigrations([adding('0012-trade-in')])).toThrow('must sort after 0016');
    expect(() => storeMigrations([adding('0017-trade-in'), adding('0017-trade-in')])).toThrow(
      'already in the list',
    );
  });

  test('area names are unique', () => {
    const names = SERVER_AREAS.map((a) => a.name);
    expect(new Set(names).size).toBe(names.length);
  });
});
