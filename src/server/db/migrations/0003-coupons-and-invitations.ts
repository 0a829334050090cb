import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('coupon_redemptions')
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('promotion_id', 'text', (c) => c.notNull())
    .addColumn('asin', 'text', (c) => c.notNull())
    .addColumn('redeemed_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('coupon_redemptions_pk', ['customer_id', 'promotion_id'])
    .execute();
  await db.schema
    .createTable('invitation_requests')
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('asin', 'text', (c) => c.notNull().references('products.asin').onDelete('cascade'))
    .addColumn('requested_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('invitation_requests_pk', ['customer_id', 'asin'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('invitation_requests').execute();
  await db.schema.dropTable('coupon_redemptions').execute();
}
