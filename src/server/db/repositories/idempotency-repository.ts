import type { Kysely } from 'kysely';
import type { IdempotencyRecord } from '../../../domain/idempotency/idempotency-key';
import type { Database } from '../schema';

type Db = Kysely<Database>;

type IdempotencyKeyRow = {
  scope: string;
  key: string;
  fingerprint: string;
  created_at: number;
  status: number | null;
  content_type: string | null;
  location: string | null;
  body: string | null;
  /** What the keyed write did, recorded in its own transaction (recordRequestEffect). */
  effect: string | null;
};

declare module '../schema' {
  interface Database {
    idempotency_keys: IdempotencyKeyRow;
  }
}

type KeyId = { scope: string; key: string };

/**
 * Takes the key for a request: true when this request is the first (the row is written by one guarded
 * insert, so of two tries at once only one gets it), false when the key already has a record.
 */
export async function takeIdempotencyKey(
  db: Db,
  id: KeyId & { fingerprint: string; now: number },
): Promise<boolean> {
  const inserted = await db
    .insertInto('idempotency_keys')
    .values({ scope: id.scope, key: id.key, fingerprint: id.fingerprint, created_at: id.now })
    .onConflict((conflict) => conflict.columns(['scope', 'key']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function findIdempotencyRecord(db: Db, id: KeyId): Promise<IdempotencyRecord | null> {
  const row = await db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('scope', '=', id.scope)
    .where('key', '=', id.key)
    .executeTakeFirst();
  if (!row) return null;
  return {
    fingerprint: row.fingerprint,
    createdAt: Number(row.created_at),
    effectRecorded: row.effect !== null,
    answer:
      row.status === null
        ? null
        : { status: row.status, contentType: row.content_type, location: row.location, body: row.body ?? '' },
  };
}

/** Keeps the answer of the key's request for replay. */
export async function keepIdempotentAnswer(
  db: Db,
  id: KeyId & { answer: NonNullable<IdempotencyRecord['answer']> },
): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({
      status: id.answer.status,
      content_type: id.answer.contentType,
      location: id.answer.location,
      body: id.answer.body,
    })
    .where('scope', '=', id.scope)
    .where('key', '=', id.key)
    .execute();
}

/**
 * Takes again a key whose request died after its write committed (its effect is recorded, its answer
 * never kept), guarded on the time it was taken so that of two retries at once only one gets it.
 */
export async function retakeIdempotencyKey(
  db: Db,
  id: KeyId & { takenAt: number; now: number },
): Promise<boolean> {
  const updated = await db
    .updateTable('idempotency_keys')
    .set({ created_at: id.now })
    .where('scope', '=', id.scope)
    .where('key', '=', id.key)
    .where('created_at', '=', id.takenAt)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** The effect a keyed write recorded for this key, as JSON; undefined when none is recorded. */
export async function findRequestEffect(db: Db, id: KeyId): Promise<string | undefined> {
  const row = await db
    .selectFrom('idempotency_keys')
    .select('effect')
    .where('scope', '=', id.scope)
    .where('key', '=', id.key)
    .executeTakeFirst();
  return row?.effect ?? undefined;
}

/** Records what a keyed write did (JSON), in the write's own transaction. */
export async function recordRequestEffect(db: Db, id: KeyId & { effect: string }): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ effect: id.effect })
    .where('scope', '=', id.scope)
    .where('key', '=', id.key)
    .execute();
}

/** Lets the key go (the request failed in a way a retry may get past, or its record expired). */
export async function releaseIdempotencyKey(db: Db, id: KeyId): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('scope', '=', id.scope).where('key', '=', id.key).execute();
}

/** Drops the records older than `before`. */
export async function dropIdempotencyKeysBefore(db: Db, before: number): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('created_at', '<', before).execute();
}
