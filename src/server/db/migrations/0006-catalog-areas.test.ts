import { readFileSync } from 'node:fs';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestStore, dialects, type TestStore } from '../../../../tests/helpers/test-store';
import { importCatalog, validateCatalog } from '../../catalog/import-catalog';
import { down, up } from './0006-catalog-areas';

const demo = JSON.parse(readFileSync('catalog/demo/catalog.json', 'utf8'));

describe.each(dialects)('migration 0006 (catalog areas) on %s', (dialect) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await createTestStore(dialect);
  });
  afterAll(() => store?.drop());

  const areaTables = async () => ({
    buyBox: await store.db.selectFrom('product_buy_box_options').selectAll().orderBy('asin').execute(),
    coupons: await store.db.selectFrom('product_coupons').selectAll().orderBy('asin').execute(),
    plans: await store.db.selectFrom('product_protection_plans').selectAll().orderBy('asin').execute(),
  });

  test('moves the features of rows stored before it out of the JSON column into the area tables', async () => {
    const result = validateCatalog(demo);
    if (!result.ok) throw new Error('demo catalog invalid');
    await importCatalog(store.db, result.catalog, 1000);
    const imported = await areaTables();
    expect(imported.buyBox).toHaveLength(result.catalog.products.length);
    expect(imported.coupons.length).toBeGreaterThan(0);
    expect(imported.plans.length).toBeGreaterThan(0);

    // Back to the features column, as a store migrated before 0006 holds it, then forward again.
    await down(store.db);
    // The column is gone from the app's schema types: read it as the old schema had it.
    const old = store.db as unknown as Kysely<{ products: { asin: string; features: string } }>;
    const storedSpeaker = await old
      .selectFrom('products')
      .select('features')
      .where('asin', '=', 'B0PDPSPK01')
      .executeTakeFirstOrThrow();
    const speaker = demo.products.find((p: { asin: string }) => p.asin === 'B0PDPSPK01');
    // Keys of areas that came after 0006 (recycle-and-save, 0020; trade-in, 0021) live in their own tables, not here.
    const { recycleAndSave: _later, tradeIn: _tradeIn, ...featuresAt0006 } = speaker.features;
    expect(JSON.parse(storedSpeaker.features)).toEqual(featuresAt0006);
    await up(store.db);
    expect(await areaTables()).toEqual(imported);
    const columns = await store.db.introspection.getTables();
    // On PostgreSQL only this test's schema: other test runs have their own `products` tables.
    const products = columns.find(
      (t) => t.name === 'products' && (store.schema === undefined || t.schema === store.schema),
    );
    expect(products?.columns.map((c) => c.name)).not.toContain('features');
  });
});
