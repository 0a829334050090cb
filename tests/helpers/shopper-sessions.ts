import { sign } from '@fastify/cookie';
import type { Kysely } from 'kysely';
import { createSession } from '../../src/server/db/repositories/session-repository';
import type { Database } from '../../src/server/db/schema';
import {
  csrfToken,
  deriveKeys,
  encryptSlateToken,
  newAnonymousSessionToken,
  newSessionToken,
  publicSessionId,
  sessionRowId,
} from '../../src/server/security/tokens';

// Shoppers for a server process started with a known SESSION_SECRET, made as the server makes them
// (signed session cookie, CSRF token), without a page visit or a sign-in per shopper: the crash-safety
// test and the soak bench drive many.

export type Browser = { cookie: string; csrf: string; publicId: string; slate: () => string };

function browserOf(secret: string, token: string): Browser {
  const keys = deriveKeys(secret);
  const publicId = publicSessionId(keys, token);
  return {
    cookie: `session-token=${encodeURIComponent(sign(token, secret))}`,
    csrf: csrfToken(keys, token),
    publicId,
    slate: () => encryptSlateToken(keys, publicId, Date.now()),
  };
}

/** A first visit's shopper: anonymous, their cart owned by their public session id. */
export function anonymousBrowser(secret: string): Browser {
  return browserOf(secret, newAnonymousSessionToken());
}

/** A browser signed in as the customer: a session row, as the sign-in form writes one, for a day. */
export async function signedInBrowser(
  db: Kysely<Database>,
  secret: string,
  customerId: string,
  now: number,
): Promise<Browser> {
  const token = newSessionToken();
  await createSession(db, { id: sessionRowId(token), customerId, now, ttlMs: 86_400_000 });
  return browserOf(secret, token);
}
