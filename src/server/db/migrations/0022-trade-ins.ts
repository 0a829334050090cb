import type { Kysely } from 'kysely';

// Frozen in time: imports nothing from the app. Submitted trade-ins (decision 0053) and their items: the
// answers, the condition quoted and found, the values quoted and found in minor units, the offer map held
// with the quote, and what the ledger has credited for each item so far.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('trade_ins')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('currency_code', 'text', (c) => c.notNull())
    .addColumn('quoted_at', 'bigint', (c) => c.notNull())
    .addColumn('holds_until', 'bigint', (c) => c.notNull())
    .addColumn('submitted_at', 'bigint', (c) => c.notNull())
    .addColumn('received_at', 'bigint')
    .addColumn('settled_at', 'bigint')
    .addColumn('debt_minor', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('trade_ins_customer_idx')
    .on('trade_ins')
    .columns(['customer_id', 'submitted_at'])
    .execute();
  await db.schema
    .createTable('trade_in_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('trade_in_id', 'text', (c) => c.notNull().references('trade_ins.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('device_asin', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('answers_json', 'text', (c) => c.notNull())
    .addColumn('appraisal', 'integer', (c) => c.notNull())
    .addColumn('offers_json', 'text', (c) => c.notNull())
    .addColumn('paid_now', 'integer', (c) => c.notNull())
    .addColumn('hazmat', 'integer', (c) => c.notNull())
    .addColumn('condition_quoted', 'text', (c) => c.notNull())
    .addColumn('value_quoted_minor', 'bigint', (c) => c.notNull())
    .addColumn('condition_found', 'text')
    .addColumn('value_found_minor', 'bigint')
    .addColumn('found_json', 'text')
    .addColumn('item_state', 'text', (c) => c.notNull())
    .addColumn('credited_minor', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('trade_in_items_trade_in_idx')
    .on('trade_in_items')
    .columns(['trade_in_id', 'position'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('trade_in_items').execute();
  await db.schema.dropTable('trade_ins').execute();
}
