import type { Kysely } from 'kysely';

// Frozen in time: imports nothing from the app. Reads: the product read and the page ask for
// a product's offers in a marketplace by price then id, and a family's members by ASIN. With the index
// on (asin, marketplace_id) alone SQLite sorted every answer in a temporary B-tree; these indexes hand
// the rows over in order. Each replaces the index that is its prefix, so writes keep as many indexes.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('offers_asin_marketplace_price_idx')
    .on('offers')
    .columns(['asin', 'marketplace_id', 'price_minor', 'id'])
    .execute();
  await db.schema.dropIndex('offers_asin_idx').execute();
  await db.schema
    .createIndex('products_family_asin_idx')
    .on('products')
    .columns(['family_id', 'asin'])
    .execute();
  await db.schema.dropIndex('products_family_idx').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('products_family_idx').on('products').column('family_id').execute();
  await db.schema.dropIndex('products_family_asin_idx').execute();
  await db.schema.createIndex('offers_asin_idx').on('offers').columns(['asin', 'marketplace_id']).execute();
  await db.schema.dropIndex('offers_asin_marketplace_price_idx').execute();
}
