import type { Kysely } from 'kysely';

// Frozen in time: imports nothing from the app. Rate limits shared by every process: one counter per
// route and caller, with the moment its window ends.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rate_limit_counters')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('resets_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('rate_limit_counters_resets_at')
    .on('rate_limit_counters')
    .column('resets_at')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_limit_counters').execute();
}
