import type { Kysely } from 'kysely';

// Frozen in time: imports nothing from the app. A clipped coupon comes off one order (decision 0014):
// the redemption remembers the order that used it (set by one guarded update, so two orders placed
// at once cannot both use it), and the order keeps the discount as its own line.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('coupon_redemptions').addColumn('order_id', 'text').execute();
  await db.schema
    .createTable('order_discounts')
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('promotion_id', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('amount_minor', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('order_discounts_pk', ['order_id', 'promotion_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('order_discounts').execute();
  await db.schema.alterTable('coupon_redemptions').dropColumn('order_id').execute();
}
