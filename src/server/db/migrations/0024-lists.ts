import type { Kysely } from 'kysely';

// Frozen in time: imports nothing from the app. Lists (decisions 0058..0061): a customer's wish, gift
// and idea lists; their items, one line per list and asin (the primary key is the guard that turns a
// second add into a raised quantity); and adds that wait on sign-in, completed once.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('lists')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('external_id', 'text', (c) => c.notNull().unique())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('list_type', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('privacy', 'text', (c) => c.notNull())
    .addColumn('searchable', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('persistence', 'text', (c) => c.notNull())
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('recipient_first_name', 'text')
    .addColumn('recipient_last_name', 'text')
    .addColumn('relationship', 'text')
    .addColumn('occasion_date', 'text')
    .addColumn('child_age', 'integer')
    .addColumn('reminder_offset', 'integer')
    .addColumn('share_token', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('lists_customer_idx')
    .on('lists')
    .columns(['customer_id', 'created_at'])
    .execute();
  await db.schema
    .createTable('list_items')
    .addColumn('list_id', 'text', (c) => c.notNull().references('lists.id').onDelete('cascade'))
    .addColumn('asin', 'text', (c) => c.notNull().references('products.asin').onDelete('cascade'))
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('priority', 'text', (c) => c.notNull().defaultTo('medium'))
    .addColumn('price_when_added_minor', 'bigint', (c) => c.notNull())
    .addColumn('currency_code', 'text', (c) => c.notNull())
    .addColumn('added_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('list_items_pk', ['list_id', 'asin'])
    .execute();
  await db.schema
    .createTable('list_pending_adds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('completed_at', 'bigint')
    .addColumn('customer_id', 'text')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('list_pending_adds').execute();
  await db.schema.dropTable('list_items').execute();
  await db.schema.dropTable('lists').execute();
}
