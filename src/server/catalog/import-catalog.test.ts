import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestStore, dialects, type TestStore } from '../../../tests/helpers/test-store';
import { importCatalog, validateCatalog } from './import-catalog';

const demo = JSON.parse(readFileSync('catalog/demo/catalog.json', 'utf8'));
const DEMO_ASINS = [
  'B0PDPSPK01',
  'B0PDPSTD01',
  'B0PDPSTD02',
  'B0PDPSTD03',
  'B0PDPPLG02',
  'B0PDPMUS01',
  'B0PDPBLB01',
  'B0PDPTAB01',
  'B0PDPSTK01',
  'B0PDPCAM01',
  'B0PDPRDR01',
  'B0PDPPLG01',
  'B0PDPTV055',
  'B0PDPPHN01',
  'B0PDPCNS01',
  'B0PDPBAN01',
  'B0PDPMLK01',
  'B0PDPPAP01',
  'B0PDPBAB01',
  'B0PDPFLT01',
  'B0PDPBAT01',
];

describe('catalog validation', () => {
  test('the demo catalog is valid and holds every demo product', () => {
    const result = validateCatalog(demo);
    expect(result.ok).toBe(true);
    const asins = result.ok ? result.catalog.products.map((p) => p.asin) : [];
    expect(asins).toEqual(expect.arrayContaining(DEMO_ASINS));
  });

  test('reports every problem with its JSON path', () => {
    const broken = structuredClone(demo);
    broken.products[0].asin = 'short';
    broken.products[1].offers[0].price = -1;
    broken.products[2].images = [];
    broken.products[3].unknownField = true;
    const result = validateCatalog(broken);
    expect(result.ok).toBe(false);
    const paths = result.ok ? [] : result.problems.map((p) => p.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        '$.products[0].asin',
        '$.products[1].offers[0].price',
        '$.products[2].images',
        '$.products[3]',
      ]),
    );
  });

  test('refuses duplicate asins and offer ids, and prices finer than the currency', () => {
    const broken = structuredClone(demo);
    broken.products[1].asin = broken.products[0].asin;
    broken.products[2].offers[0].price = 10.005;
    const result = validateCatalog(broken);
    const problems = result.ok ? [] : result.problems;
    expect(problems).toEqual(
      expect.arrayContaining([
        { path: '$.products[1].asin', message: `duplicate asin ${demo.products[0].asin}` },
        {
          path: '$.products[2].offers[0].price',
          message: "has more than 2 decimal places for this marketplace's currency",
        },
      ]),
    );
  });
});

describe.each(dialects)('catalog import on %s', (dialect) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await createTestStore(dialect);
  });
  afterAll(() => store?.drop());

  test('imports the demo catalog, and importing the same file twice changes nothing', async () => {
    const result = validateCatalog(demo);
    if (!result.ok) throw new Error('demo catalog invalid');
    const first = await importCatalog(store.db, result.catalog, 1000);
    expect(first.created).toBe(result.catalog.products.length);
    const snapshot = async () => ({
      products: await store.db.selectFrom('products').selectAll().orderBy('asin').execute(),
      offers: await store.db.selectFrom('offers').selectAll().orderBy('id').execute(),
      tiers: await store.db
        .selectFrom('quantity_tiers')
        .selectAll()
        .orderBy('offer_id')
        .orderBy('minimum_quantity')
        .execute(),
    });
    const before = await snapshot();
    const second = await importCatalog(store.db, result.catalog, 2000);
    expect(second).toEqual({ created: 0, updated: 0, unchanged: result.catalog.products.length });
    expect(await snapshot()).toEqual(before);
  });

  test('a changed product is updated in place; prices are stored in minor units', async () => {
    const changed = structuredClone(demo);
    const speaker = changed.products.find((p: { asin: string }) => p.asin === 'B0PDPSPK01');
    speaker.offers[0].price = 44.99;
    const result = validateCatalog(changed);
    if (!result.ok) throw new Error('invalid');
    const summary = await importCatalog(store.db, result.catalog, 3000);
    expect(summary.updated).toBe(1);
    const offer = await store.db
      .selectFrom('offers')
      .selectAll()
      .where('id', '=', speaker.offers[0].offerListingId)
      .executeTakeFirstOrThrow();
    expect(offer.price_minor).toBe(4499);
    expect(offer.updated_at).toBe(3000);
  });
});
