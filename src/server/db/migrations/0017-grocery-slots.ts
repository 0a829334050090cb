import type { Kysely } from 'kysely';

// Frozen in time: imports nothing from the app. Grocery checkout (decision 0047) and going back from the
// cart conflicts (decision 0048): each store's places per
// delivery window and its minimum order; a reservation that became an order points at it; weighed
// items keep the weight chosen (thousandths of the unit of measure) on the cart line and the order line.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('grocery_stores')
    .addColumn('slot_capacity', 'integer', (c) => c.notNull().defaultTo(5))
    .execute();
  await db.schema
    .alterTable('grocery_stores')
    .addColumn('minimum_order_minor', 'integer', (c) => c.notNull().defaultTo(1000))
    .execute();
  await db.schema.alterTable('grocery_slot_reservations').addColumn('fresh_order_id', 'text').execute();
  await db.schema
    .createIndex('grocery_slot_reservations_window_idx')
    .on('grocery_slot_reservations')
    .columns(['store_id', 'slot_start'])
    .execute();
  await db.schema
    .createIndex('fresh_orders_window_idx')
    .on('fresh_orders')
    .columns(['store_id', 'delivery_start'])
    .execute();
  await db.schema.alterTable('fresh_cart_lines').addColumn('amount_milli', 'integer').execute();
  // An address change the cart's conflicts hold up: the address to go back to, and whether the
  // shopper was shown the conflicts (decision 0048).
  await db.schema.alterTable('grocery_address_selections').addColumn('previous_address_id', 'text').execute();
  await db.schema
    .alterTable('grocery_address_selections')
    .addColumn('conflicts_pending', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('fresh_order_items').addColumn('amount_milli', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('grocery_address_selections').dropColumn('conflicts_pending').execute();
  await db.schema.alterTable('grocery_address_selections').dropColumn('previous_address_id').execute();
  await db.schema.alterTable('fresh_order_items').dropColumn('amount_milli').execute();
  await db.schema.alterTable('fresh_cart_lines').dropColumn('amount_milli').execute();
  await db.schema.dropIndex('fresh_orders_window_idx').execute();
  await db.schema.dropIndex('grocery_slot_reservations_window_idx').execute();
  await db.schema.alterTable('grocery_slot_reservations').dropColumn('fresh_order_id').execute();
  await db.schema.alterTable('grocery_stores').dropColumn('minimum_order_minor').execute();
  await db.schema.alterTable('grocery_stores').dropColumn('slot_capacity').execute();
}
