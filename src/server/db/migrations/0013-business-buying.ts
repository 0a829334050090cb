import type { Kysely } from 'kysely';

// Frozen in time: imports nothing from the app. Business buying (decision 0022): how the business
// quantity picker shows a product, tiers priced as a percentage off the offer (a unit price between
// cents, kept exact) with their bulk-buying row, and each order line's exact total, rounded once
// per line, so an order keeps what its lines cost even when unit × quantity is not a whole cent.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('product_business_settings')
    .addColumn('asin', 'text', (c) => c.primaryKey().references('products.asin').onDelete('cascade'))
    .addColumn('picker', 'text', (c) => c.notNull())
    .addColumn('request_discount_url', 'text')
    .addColumn('buying_in_bulk_url', 'text')
    .addColumn('locked_merchant_discounts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('summary_enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('offers_link_enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('devices_link_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('messages', 'text')
    .execute();
  await db.schema.alterTable('quantity_tiers').addColumn('percent_off_bp', 'integer').execute();
  await db.schema.alterTable('quantity_tiers').addColumn('buying_in_bulk', 'text').execute();
  await db.schema.alterTable('order_items').addColumn('line_total_minor', 'bigint').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('order_items').dropColumn('line_total_minor').execute();
  await db.schema.alterTable('quantity_tiers').dropColumn('buying_in_bulk').execute();
  await db.schema.alterTable('quantity_tiers').dropColumn('percent_off_bp').execute();
  await db.schema.dropTable('product_business_settings').execute();
}
