import type { Kysely } from 'kysely';
import { findRequestEffect, recordRequestEffect } from '../db/repositories/idempotency-repository';
import type { Database } from '../db/schema';

/**
 * The idempotency key a request took, with its scope (the session): plugins/idempotency.ts takenKeyOf.
 * `resumed` when an earlier try died after its write committed: only then is there an effect to find.
 */
export type RequestKey = { scope: string; key: string; resumed?: true };

/**
 * A keyed write's effect, done once per key. In the write's own transaction the result is recorded beside
 * the request's idempotency key; a retry that comes after the process died between the commit and the
 * keeping of the answer is resumed (domain/idempotency) and gets the recorded result back, without
 * writing again. The result must survive JSON; a refusal thrown out of `write` records nothing.
 */
export async function oncePerRequest<T>(
  trx: Kysely<Database>,
  key: RequestKey | undefined,
  write: () => Promise<T>,
): Promise<T> {
  if (!key) return write();
  if (key.resumed) {
    const done = await findRequestEffect(trx, key);
    if (done !== undefined) return JSON.parse(done) as T;
  }
  const result = await write();
  await recordRequestEffect(trx, { ...key, effect: JSON.stringify(result) });
  return result;
}
