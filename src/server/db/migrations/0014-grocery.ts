import { type Kysely, sql } from 'kysely';

// Frozen in time: imports nothing from the app. Grocery (decision 0023): stores and the postal codes they
// deliver to, the products each store sells, the fresh cart's store per line (the lines themselves stay
// in cart_items, cart_type FRESH), delivery addresses per customer and the one chosen, scheduled fresh
// orders that take items until their cut-off, delivery slot reservations, and repeat delivery items.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('grocery_stores')
    .addColumn('store_id', 'text', (c) => c.primaryKey())
    .addColumn('brand_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('delivery_message', 'text', (c) => c.notNull())
    .addColumn('introduction', 'text', (c) => c.notNull().defaultTo('sheet'))
    .execute();
  await db.schema
    .createTable('grocery_store_postal_prefixes')
    .addColumn('store_id', 'text', (c) =>
      c.notNull().references('grocery_stores.store_id').onDelete('cascade'),
    )
    .addColumn('postal_prefix', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('grocery_store_postal_prefixes_pk', ['store_id', 'postal_prefix'])
    .execute();

  await db.schema
    .createTable('product_grocery')
    .addColumn('asin', 'text', (c) => c.primaryKey().references('products.asin').onDelete('cascade'))
    .addColumn('brand_id', 'text', (c) => c.notNull())
    .addColumn('offer_listing_discriminator', 'text', (c) => c.notNull())
    .addColumn('unit_of_measure', 'text', (c) => c.notNull())
    .addColumn('repeat_delivery', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('product_grocery_stores')
    .addColumn('asin', 'text', (c) => c.notNull().references('products.asin').onDelete('cascade'))
    .addColumn('store_id', 'text', (c) => c.notNull().references('grocery_stores.store_id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('product_grocery_stores_pk', ['asin', 'store_id'])
    .execute();
  await db.schema
    .createIndex('product_grocery_stores_store_idx')
    .on('product_grocery_stores')
    .column('store_id')
    .execute();
  await db.schema
    .createTable('product_grocery_bought_together')
    .addColumn('asin', 'text', (c) => c.notNull().references('products.asin').onDelete('cascade'))
    .addColumn('companion_asin', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('product_grocery_bought_together_pk', ['asin', 'companion_asin'])
    .execute();

  // The store a fresh cart line was added from; the line goes, this goes (cascade).
  await db.schema
    .createTable('fresh_cart_lines')
    .addColumn('cart_item_id', 'text', (c) => c.primaryKey().references('cart_items.id').onDelete('cascade'))
    .addColumn('store_id', 'text', (c) => c.notNull())
    .addColumn('brand_id', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('grocery_addresses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('line1', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('postal_code', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('grocery_addresses_customer_idx')
    .on('grocery_addresses')
    .column('customer_id')
    .execute();
  await db.schema
    .createTable('grocery_address_selections')
    .addColumn('customer_id', 'text', (c) => c.primaryKey().references('customers.id').onDelete('cascade'))
    .addColumn('address_id', 'text', (c) =>
      c.notNull().references('grocery_addresses.id').onDelete('cascade'),
    )
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('fresh_orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('store_id', 'text', (c) => c.notNull().references('grocery_stores.store_id'))
    .addColumn('address_id', 'text', (c) => c.notNull().references('grocery_addresses.id'))
    .addColumn('delivery_start', 'bigint', (c) => c.notNull())
    .addColumn('delivery_end', 'bigint', (c) => c.notNull())
    .addColumn('cutoff_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('fresh_orders_customer_idx')
    .on('fresh_orders')
    .columns(['customer_id', 'cutoff_at'])
    .execute();
  await db.schema
    .createTable('fresh_order_items')
    .addColumn('order_id', 'text', (c) => c.notNull().references('fresh_orders.id').onDelete('cascade'))
    .addColumn('asin', 'text', (c) => c.notNull())
    .addColumn('offer_id', 'text', (c) => c.notNull().references('offers.id'))
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('unit_price_minor', 'integer', (c) => c.notNull())
    .addColumn('added_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('fresh_order_items_pk', ['order_id', 'asin'])
    .addCheckConstraint('fresh_order_items_quantity_positive', sql`quantity > 0`)
    .execute();

  await db.schema
    .createTable('grocery_slot_reservations')
    .addColumn('token', 'text', (c) => c.primaryKey())
    .addColumn('owner_type', 'text', (c) => c.notNull())
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('store_id', 'text', (c) => c.notNull().references('grocery_stores.store_id'))
    .addColumn('slot_start', 'bigint', (c) => c.notNull())
    .addColumn('slot_end', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('cancelled_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('grocery_slot_reservations_owner_idx')
    .on('grocery_slot_reservations')
    .columns(['owner_type', 'owner_id'])
    .execute();

  await db.schema
    .createTable('repeat_items')
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('asin', 'text', (c) => c.notNull().references('products.asin').onDelete('cascade'))
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('unit', 'text', (c) => c.notNull())
    .addColumn('cadence_weeks', 'integer', (c) => c.notNull())
    .addColumn('next_drop_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('repeat_items_pk', ['customer_id', 'asin'])
    .addCheckConstraint('repeat_items_quantity_positive', sql`quantity > 0`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'repeat_items',
    'grocery_slot_reservations',
    'fresh_order_items',
    'fresh_orders',
    'grocery_address_selections',
    'grocery_addresses',
    'fresh_cart_lines',
    'product_grocery_bought_together',
    'product_grocery_stores',
    'product_grocery',
    'grocery_store_postal_prefixes',
    'grocery_stores',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
