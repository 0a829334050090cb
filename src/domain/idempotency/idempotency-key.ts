// Idempotency keys (the IETF httpapi-idempotency-key draft): a client sends the same key with each try
// of one write; the first answer is kept and replayed, so a retry never applies the write twice.

/** How long an answer is kept for its key. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * A request still running after this long is taken to have died with its process (a crash mid-way):
 * its key may be tried again rather than answering 409 for a day.
 */
const ABANDONED_AFTER_MS = 60_000;

/** The longest key taken: a UUID is 36 characters; anything longer than this is not a key but a mistake. */
const MAX_KEY_LENGTH = 255;

/** A key as the header brings it: a structured-field string (`"8e03…"`) or the bare token clients send. */
export function parseIdempotencyKey(header: string): string | null {
  const trimmed = header.trim();
  const key =
    trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"') ? trimmed.slice(1, -1) : trimmed;
  // Printable ASCII without quotes or backslashes: what a structured-field string holds unescaped.
  return key.length > 0 && key.length <= MAX_KEY_LENGTH && /^[\x20-\x21\x23-\x5b\x5d-\x7e]+$/.test(key)
    ? key
    : null;
}

/** A key's record: still running, or done with the answer to replay. */
export type IdempotencyRecord = {
  fingerprint: string;
  createdAt: number;
  /** The write committed and recorded what it did, in its own transaction (its answer may still be missing). */
  effectRecorded: boolean;
  answer: { status: number; contentType: string | null; location: string | null; body: string } | null;
};

export type IdempotencyDecision =
  | { kind: 'first' }
  | { kind: 'resume'; takenAt: number }
  | { kind: 'replay'; answer: NonNullable<IdempotencyRecord['answer']> }
  | { kind: 'in-progress' }
  | { kind: 'other-request' };

/**
 * What a request with a key gets, given the key's record (null: none yet, or expired): processed as the
 * first, the kept answer replayed, 409 while the first is still running (unless it has run so long that
 * its process must have died), 422 when the key was used for another request (another path or body).
 * A request whose process died after its write committed is resumed: the write finds what it did and
 * answers with that, without writing again.
 */
export function decideIdempotentRequest(
  record: IdempotencyRecord | null,
  fingerprint: string,
  now: number,
): IdempotencyDecision {
  if (!record || isExpired(record, now)) return { kind: 'first' };
  if (record.fingerprint !== fingerprint) return { kind: 'other-request' };
  if (record.answer) return { kind: 'replay', answer: record.answer };
  if (now - record.createdAt < ABANDONED_AFTER_MS) return { kind: 'in-progress' };
  return record.effectRecorded ? { kind: 'resume', takenAt: record.createdAt } : { kind: 'first' };
}

function isExpired(record: Pick<IdempotencyRecord, 'createdAt'>, now: number): boolean {
  return now - record.createdAt >= IDEMPOTENCY_KEY_TTL_MS;
}

/**
 * Whether an answer is kept for replay: every answer the request settled (2xx, 3xx, 4xx), but not a
 * failure a retry may get past (5xx: 503 while the database is away, 500), nor 409 and 429, which ask
 * the client to try again.
 */
export function keepsAnswer(status: number): boolean {
  return status < 500 && status !== 409 && status !== 429;
}
