import type { Kysely } from 'kysely';

// Frozen in time: an account keeps a shipping address (JSON) and a payment method's label ("Visa ending
// 4242"; no card data is ever stored), so 1-Click can order at once. An order keeps what it charged.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('customers').addColumn('shipping_address', 'text').execute();
  await db.schema.alterTable('customers').addColumn('payment_method', 'text').execute();
  await db.schema.alterTable('orders').addColumn('payment_method', 'text').execute();
  await db.schema
    .alterTable('orders')
    .addColumn('shipping_minor', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('tax_minor', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // Null for orders placed before totals were kept: their total is their subtotal.
  await db.schema.alterTable('orders').addColumn('total_minor', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('total_minor').execute();
  await db.schema.alterTable('orders').dropColumn('tax_minor').execute();
  await db.schema.alterTable('orders').dropColumn('shipping_minor').execute();
  await db.schema.alterTable('orders').dropColumn('payment_method').execute();
  await db.schema.alterTable('customers').dropColumn('payment_method').execute();
  await db.schema.alterTable('customers').dropColumn('shipping_address').execute();
}
