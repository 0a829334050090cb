import { sql } from 'kysely';
import type { Store } from './database';

/** The advisory lock (with the schema's hash) processes starting together on one PostgreSQL take. */
const START_LOCK = 74_220_001;

/**
 * Runs `work` while holding the store's start lock: on PostgreSQL a session advisory lock per schema,
 * held on a connection of its own while `work` runs on the pool's others, so processes starting at once
 * take turns (loading the demo into an empty database once). SQLite runs it as it is.
 */
export async function whileHoldingStartLock(store: Store, work: () => Promise<void>): Promise<void> {
  if (store.dialect !== 'postgres') return work();
  await store.db.connection().execute(async (locked) => {
    await sql`select pg_advisory_lock(${START_LOCK}, hashtext(current_schema()))`.execute(locked);
    try {
      await work();
    } finally {
      await sql`select pg_advisory_unlock(${START_LOCK}, hashtext(current_schema()))`.execute(locked);
    }
  });
}
