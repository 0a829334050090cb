import type { Kysely } from 'kysely';

// Frozen in time: imports nothing from the app. Gift registries (decision 0062): a customer's registries,
// their items (one per asin, with requested and purchased quantities and the three flags), what givers
// contributed to group gifts, the cart lines a giver added from a registry and the order lines that
// filled a registry item. Purchased quantities move only in the transaction that places an order or
// records a contribution.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('registries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('search_name', 'text', (c) => c.notNull())
    .addColumn('event_date', 'text', (c) => c.notNull())
    .addColumn('privacy', 'text', (c) => c.notNull())
    .addColumn('shipping_address', 'text', (c) => c.notNull())
    .addColumn('spoiler_free', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('registries_customer').on('registries').columns(['customer_id']).execute();
  await db.schema.createIndex('registries_search_name').on('registries').columns(['search_name']).execute();
  await db.schema
    .createTable('registry_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('registry_id', 'text', (c) => c.notNull().references('registries.id').onDelete('cascade'))
    .addColumn('asin', 'text', (c) => c.notNull().references('products.asin').onDelete('cascade'))
    .addColumn('requested_quantity', 'integer', (c) => c.notNull())
    .addColumn('purchased_quantity', 'integer', (c) => c.notNull().defaultTo(0))
    // Group gifting: what givers have contributed, in minor units (raised by one guarded update each).
    .addColumn('funded_minor', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('must_have', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('group_gifting', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('private', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('added_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('registry_items_registry_asin', ['registry_id', 'asin'])
    .execute();
  await db.schema
    .createTable('registry_contributions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('registry_item_id', 'text', (c) =>
      c.notNull().references('registry_items.id').onDelete('cascade'),
    )
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('amount_minor', 'integer', (c) => c.notNull())
    .addColumn('payment_method', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('registry_contributions_item')
    .on('registry_contributions')
    .columns(['registry_item_id'])
    .execute();
  // No foreign key to cart_items: the order's transaction removes the cart line before the registry
  // reads which item it filled, and removes this row itself.
  await db.schema
    .createTable('registry_cart_lines')
    .addColumn('cart_item_id', 'text', (c) => c.primaryKey())
    .addColumn('registry_item_id', 'text', (c) =>
      c.notNull().references('registry_items.id').onDelete('cascade'),
    )
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('registry_order_lines')
    .addColumn('order_id', 'text', (c) => c.notNull())
    .addColumn('registry_item_id', 'text', (c) =>
      c.notNull().references('registry_items.id').onDelete('cascade'),
    )
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('ship_to_registrant', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('registry_order_lines_pk', ['order_id', 'registry_item_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('registry_order_lines').execute();
  await db.schema.dropTable('registry_cart_lines').execute();
  await db.schema.dropTable('registry_contributions').execute();
  await db.schema.dropTable('registry_items').execute();
  await db.schema.dropTable('registries').execute();
}
