import { type Kysely, sql } from 'kysely';

// Frozen in time: lightning deals, their claims (holds, waitlist, orders). No oversell is also a table
// rule: claimed_units can never pass total_units, whatever a query does.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('deals')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('asin', 'text', (c) => c.notNull().references('products.asin').onDelete('cascade'))
    .addColumn('offer_id', 'text', (c) => c.notNull().unique().references('offers.id').onDelete('cascade'))
    .addColumn('marketplace_id', 'text', (c) => c.notNull().references('marketplaces.id'))
    .addColumn('deal_type', 'text', (c) => c.notNull())
    .addColumn('start_time', 'bigint', (c) => c.notNull())
    .addColumn('end_time', 'bigint', (c) => c.notNull())
    .addColumn('total_units', 'integer', (c) => c.notNull())
    .addColumn('claimed_units', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_per_customer', 'integer', (c) => c.notNull())
    .addColumn('access_behavior', 'text')
    .addColumn('early_access_ms', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('waitlist_tickets', 'bigint', (c) => c.notNull().defaultTo(0))
    // Promotions go in ticket order, so a waiting ticket's place is ticket − served.
    .addColumn('waitlist_served', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('deals_units_within_total', sql`claimed_units >= 0 and claimed_units <= total_units`)
    .execute();
  await db.schema.createIndex('deals_asin_idx').on('deals').columns(['asin', 'marketplace_id']).execute();

  await db.schema
    .createTable('deal_claims')
    .addColumn('deal_id', 'text', (c) => c.notNull().references('deals.id').onDelete('cascade'))
    .addColumn('owner_type', 'text', (c) => c.notNull())
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('held_units', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('waiting_units', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ordered_units', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'bigint')
    .addColumn('waitlist_ticket', 'bigint')
    .addColumn('cart_item_id', 'text')
    .addColumn('claimed_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('deal_claims_pk', ['deal_id', 'owner_type', 'owner_id'])
    .addCheckConstraint(
      'deal_claims_units_non_negative',
      sql`held_units >= 0 and waiting_units >= 0 and ordered_units >= 0`,
    )
    .execute();
  await db.schema
    .createIndex('deal_claims_expiry_idx')
    .on('deal_claims')
    .columns(['deal_id', 'status', 'expires_at'])
    .execute();
  await db.schema
    .createIndex('deal_claims_waitlist_idx')
    .on('deal_claims')
    .columns(['deal_id', 'status', 'waitlist_ticket'])
    .execute();
  await db.schema.createIndex('deal_claims_cart_item_idx').on('deal_claims').column('cart_item_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('deal_claims').execute();
  await db.schema.dropTable('deals').execute();
}
