import type { Kysely } from 'kysely';

// Frozen in time: imports nothing from the app. Trade-in (decision 0052): the tradeable devices and the
// questionnaire of each product group (catalog data, not store products), the product group a store
// product launches a trade-in for, the devices customers own (past purchases), each customer's trade-in
// cart (the quote, and its item count) and a counter of ref tags.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('trade_in_devices')
    .addColumn('asin', 'text', (c) => c.primaryKey())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('product_group', 'text', (c) => c.notNull())
    .addColumn('carrier', 'text')
    .addColumn('storage', 'text')
    .addColumn('trade_in_item_type', 'text', (c) => c.notNull())
    .addColumn('hazmat', 'integer', (c) => c.notNull())
    .addColumn('payable_now', 'integer', (c) => c.notNull())
    .addColumn('image_url', 'text')
    .addColumn('currency_code', 'text')
    .addColumn('offers_json', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('trade_in_devices_group_idx')
    .on('trade_in_devices')
    .columns(['product_group', 'position'])
    .execute();
  await db.schema
    .createTable('trade_in_questionnaires')
    .addColumn('product_group', 'text', (c) => c.primaryKey())
    .addColumn('appraisal_optional', 'integer', (c) => c.notNull())
    .addColumn('questions_json', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('trade_in_products')
    .addColumn('asin', 'text', (c) => c.primaryKey().references('products.asin').onDelete('cascade'))
    .addColumn('product_group', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('trade_in_past_purchases')
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('device_asin', 'text', (c) => c.notNull())
    .addColumn('purchased_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('trade_in_past_purchases_pk', ['customer_id', 'device_asin'])
    .execute();
  await db.schema
    .createTable('trade_in_cart_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('device_asin', 'text', (c) => c.notNull())
    .addColumn('answers_json', 'text', (c) => c.notNull())
    .addColumn('appraisal', 'integer', (c) => c.notNull())
    .addColumn('condition', 'text', (c) => c.notNull())
    .addColumn('value_minor', 'bigint', (c) => c.notNull())
    .addColumn('offers_json', 'text', (c) => c.notNull())
    .addColumn('quoted_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('trade_in_cart_items_customer_idx')
    .on('trade_in_cart_items')
    .columns(['customer_id', 'quoted_at'])
    .execute();
  // How many items the customer's cart holds: the add's guarded upsert (`item_count < 5`) is the 5-item limit,
  // and its row lock makes parallel adds of one customer take turns.
  await db.schema
    .createTable('trade_in_carts')
    .addColumn('customer_id', 'text', (c) => c.primaryKey().references('customers.id').onDelete('cascade'))
    .addColumn('item_count', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('trade_in_ref_tags')
    .addColumn('ref_tag', 'text', (c) => c.primaryKey())
    .addColumn('count', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'trade_in_ref_tags',
    'trade_in_carts',
    'trade_in_cart_items',
    'trade_in_past_purchases',
    'trade_in_products',
    'trade_in_questionnaires',
    'trade_in_devices',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
