import { type Kysely, sql } from 'kysely';

// Frozen in time: imports nothing from the app. The gift-card ledger (decision 0053): every credit and
// debit of a customer's balance, signed minor units, with the trade-in or order it came from; and the
// balance itself, one row per customer kept equal to the ledger's sum in the same transaction, so a debit
// is one guarded update (`balance_minor >= amount`) that parallel checkouts cannot take below zero.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('gift_card_ledger')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('amount_minor', 'bigint', (c) => c.notNull())
    .addColumn('currency_code', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('trade_in_id', 'text')
    .addColumn('order_id', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('gift_card_ledger_customer_idx')
    .on('gift_card_ledger')
    .columns(['customer_id', 'seq'])
    .execute();
  await db.schema
    .createIndex('gift_card_ledger_order_idx')
    .on('gift_card_ledger')
    .column('order_id')
    .execute();
  await db.schema
    .createTable('gift_card_balances')
    .addColumn('customer_id', 'text', (c) => c.primaryKey().references('customers.id').onDelete('cascade'))
    .addColumn('balance_minor', 'bigint', (c) => c.notNull())
    .addColumn('entries', 'integer', (c) => c.notNull())
    .addCheckConstraint('gift_card_balances_not_negative', sql`balance_minor >= 0`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('gift_card_balances').execute();
  await db.schema.dropTable('gift_card_ledger').execute();
}
