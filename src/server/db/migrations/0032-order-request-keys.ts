import type { Kysely } from 'kysely';

// Frozen in time: imports nothing from the app. The request an order was placed by (its idempotency
// key, per customer), written in the order's own transaction: a retry whose kept answer was lost (the
// process died after the order committed) finds the order instead of placing it again.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('order_request_keys')
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('request_key', 'text', (c) => c.notNull())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('order_request_keys_pk', ['customer_id', 'request_key'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('order_request_keys').execute();
}
