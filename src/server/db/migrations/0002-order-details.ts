import type { Kysely } from 'kysely';

// Orders keep where they go and how they were placed; frozen like every migration.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('shipping_address', 'text').execute();
  await db.schema.alterTable('orders').addColumn('placed_via', 'text').execute();
  await db.schema
    .createIndex('orders_customer_idx')
    .on('orders')
    .columns(['customer_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('orders_customer_idx').execute();
  await db.schema.alterTable('orders').dropColumn('placed_via').execute();
  await db.schema.alterTable('orders').dropColumn('shipping_address').execute();
}
