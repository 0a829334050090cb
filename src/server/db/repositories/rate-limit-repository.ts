import { type Kysely, sql } from 'kysely';
import type { Database } from '../schema';

type Db = Kysely<Database>;

type RateLimitCounterRow = { key: string; hits: number; resets_at: number };

declare module '../schema' {
  interface Database {
    rate_limit_counters: RateLimitCounterRow;
  }
}

/**
 * Counts one hit of a caller on a limit, in one statement (so parallel hits from several processes
 * each count): a window that has ended starts again at one. Answers the hits so far in the window and
 * when it ends.
 */
export async function countRateLimitHit(
  db: Db,
  hit: { key: string; now: number; windowMs: number },
): Promise<{ hits: number; resetsAt: number }> {
  const endsAt = hit.now + hit.windowMs;
  const row = await db
    .insertInto('rate_limit_counters')
    .values({ key: hit.key, hits: 1, resets_at: endsAt })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        hits: sql<number>`case when rate_limit_counters.resets_at <= ${hit.now} then 1 else rate_limit_counters.hits + 1 end`,
        resets_at: sql<number>`case when rate_limit_counters.resets_at <= ${hit.now} then ${endsAt} else rate_limit_counters.resets_at end`,
      }),
    )
    .returning(['hits', 'resets_at'])
    .executeTakeFirstOrThrow();
  return { hits: Number(row.hits), resetsAt: Number(row.resets_at) };
}

/** Drops the counters whose window ended before `before`. */
export async function dropEndedRateLimits(db: Db, before: number): Promise<void> {
  await db.deleteFrom('rate_limit_counters').where('resets_at', '<', before).execute();
}
