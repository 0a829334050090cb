import type { Kysely } from 'kysely';

// Frozen in time: imports nothing from the app. Recycle-and-save (decision 0051): the promotion a product
// carries, and each customer's claim of it, one per customer and product (the primary key is the
// guard), used by at most one order.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('recycle_and_save_promotions')
    .addColumn('asin', 'text', (c) => c.primaryKey().references('products.asin').onDelete('cascade'))
    .addColumn('product_group', 'text', (c) => c.notNull())
    .addColumn('percent_off', 'integer', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('recycle_and_save_claims')
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('asin', 'text', (c) => c.notNull().references('products.asin').onDelete('cascade'))
    .addColumn('claimed_at', 'bigint', (c) => c.notNull())
    .addColumn('order_id', 'text')
    .addPrimaryKeyConstraint('recycle_and_save_claims_pk', ['customer_id', 'asin'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('recycle_and_save_claims').execute();
  await db.schema.dropTable('recycle_and_save_promotions').execute();
}
