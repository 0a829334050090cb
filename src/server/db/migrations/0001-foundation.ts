import { type Kysely, sql } from 'kysely';

// Frozen in time: this migration imports nothing from the app, so later code changes never alter it.

const marketplaces = [
  ['ATVPDKIKX0DER', 'us', 'USD', 'en-US', 'United States'],
  ['A1F83G8C2ARO7P', 'gb', 'GBP', 'en-GB', 'United Kingdom'],
  ['A2EUQ1WTGCTBG2', 'ca', 'CAD', 'en-CA', 'Canada'],
  ['A1PA6795UKMFR9', 'de', 'EUR', 'de-DE', 'Germany'],
  ['A1VC38T7YXB528', 'jp', 'JPY', 'ja-JP', 'Japan'],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('marketplaces')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('country_code', 'text', (c) => c.notNull())
    .addColumn('currency_code', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .execute();
  await db
    .insertInto('marketplaces')
    .values(
      marketplaces.map(([id, country_code, currency_code, language, name]) => ({
        id,
        country_code,
        currency_code,
        language,
        name,
      })),
    )
    .execute();

  await db.schema
    .createTable('customers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('is_prime', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_business', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('postal_code', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_customer_idx').on('sessions').column('customer_id').execute();

  await db.schema
    .createTable('sign_in_failures')
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sign_in_failures_email_at_idx')
    .on('sign_in_failures')
    .columns(['email', 'at'])
    .execute();
  await db.schema
    .createIndex('sign_in_failures_ip_at_idx')
    .on('sign_in_failures')
    .columns(['ip', 'at'])
    .execute();

  await db.schema
    .createTable('products')
    .addColumn('asin', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('product_group', 'text', (c) => c.notNull())
    .addColumn('family_id', 'text')
    .addColumn('variation_label', 'text')
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('bullets', 'text', (c) => c.notNull())
    .addColumn('images', 'text', (c) => c.notNull())
    .addColumn('reviews', 'text', (c) => c.notNull())
    .addColumn('features', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('products_family_idx').on('products').column('family_id').execute();

  await db.schema
    .createTable('offers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('asin', 'text', (c) => c.notNull().references('products.asin').onDelete('cascade'))
    .addColumn('marketplace_id', 'text', (c) => c.notNull().references('marketplaces.id'))
    .addColumn('merchant_id', 'text', (c) => c.notNull())
    .addColumn('merchant_name', 'text', (c) => c.notNull())
    .addColumn('condition_type', 'text', (c) => c.notNull())
    .addColumn('price_minor', 'integer', (c) => c.notNull())
    .addColumn('list_price_minor', 'integer')
    .addColumn('currency_code', 'text', (c) => c.notNull())
    .addColumn('stock', 'integer', (c) => c.notNull())
    .addColumn('min_order_quantity', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('max_order_quantity', 'integer')
    .addColumn('buyable', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('offers_stock_non_negative', sql`stock >= 0`)
    .execute();
  await db.schema.createIndex('offers_asin_idx').on('offers').columns(['asin', 'marketplace_id']).execute();

  await db.schema
    .createTable('quantity_tiers')
    .addColumn('offer_id', 'text', (c) => c.notNull().references('offers.id').onDelete('cascade'))
    .addColumn('minimum_quantity', 'integer', (c) => c.notNull())
    .addColumn('price_minor', 'integer', (c) => c.notNull())
    .addColumn('program', 'text')
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('quantity_tiers_pk', ['offer_id', 'minimum_quantity'])
    .execute();

  await db.schema
    .createTable('carts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('marketplace_id', 'text', (c) => c.notNull().references('marketplaces.id'))
    .addColumn('owner_type', 'text', (c) => c.notNull())
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('cart_type', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('carts_owner_unique', ['marketplace_id', 'owner_type', 'owner_id', 'cart_type'])
    .execute();

  await db.schema
    .createTable('cart_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('cart_id', 'text', (c) => c.notNull().references('carts.id').onDelete('cascade'))
    .addColumn('asin', 'text', (c) => c.notNull())
    .addColumn('offer_id', 'text', (c) => c.notNull().references('offers.id'))
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('additional_parameters', 'text')
    .addColumn('custom_attributes', 'text')
    .addColumn('associated_item_id', 'text')
    .addColumn('added_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('cart_items_quantity_positive', sql`quantity > 0`)
    .execute();
  await db.schema
    .createIndex('cart_items_cart_idx')
    .on('cart_items')
    .columns(['cart_id', 'offer_id'])
    .execute();

  await db.schema
    .createTable('orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('marketplace_id', 'text', (c) => c.notNull().references('marketplaces.id'))
    .addColumn('customer_id', 'text', (c) => c.references('customers.id'))
    .addColumn('session_owner', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('subtotal_minor', 'integer', (c) => c.notNull())
    .addColumn('currency_code', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('order_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('asin', 'text', (c) => c.notNull())
    .addColumn('offer_id', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('unit_price_minor', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_items_order_idx').on('order_items').column('order_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'order_items',
    'orders',
    'cart_items',
    'carts',
    'quantity_tiers',
    'offers',
    'products',
    'sign_in_failures',
    'sessions',
    'customers',
    'marketplaces',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
