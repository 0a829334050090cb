import type { Kysely } from 'kysely';

// Frozen in time: imports nothing from the app. What a keyed write did, written in the write's own
// transaction beside its idempotency key: a retry whose kept answer was lost (the process died after the
// write committed) gets the same result back instead of writing again.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('idempotency_keys').addColumn('effect', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('idempotency_keys').dropColumn('effect').execute();
}
