import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomFillSync,
  timingSafeEqual,
} from 'node:crypto';

// Every token here is derived from the secret session token in the HttpOnly cookie, so a page's
// CSRF and slate tokens are bound to the session that rendered it and die with it.

export type TokenKeys = { mac: Buffer; slate: Buffer };

export function deriveKeys(secret: string): TokenKeys {
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', secret, 'pdp-store', info, 32));
  return { mac: derive('mac'), slate: derive('slate') };
}

// Random bytes for tokens and IVs come from the CSPRNG in batches, as Node does for randomUUID: one
// system call per 4 KiB instead of two per new visitor's page. Every slice is handed out once.
const POOL_SIZE = 4096;
const pool = Buffer.alloc(POOL_SIZE);
let poolOffset = POOL_SIZE;

/** `size` fresh random bytes (a copy the caller owns). */
function randomBytes(size: number): Buffer {
  if (poolOffset + size > POOL_SIZE) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const bytes = Buffer.from(pool.subarray(poolOffset, poolOffset + size));
  poolOffset += size;
  return bytes;
}

export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Marks a token given to a first visit. Such a session is anonymous for good (signing in issues a new,
 * unmarked token), so a request carrying one needs no session lookup. The mark is inside the signed
 * cookie value: it cannot be added to or removed from a token without the secret.
 */
const ANONYMOUS_MARK = 'a.';

/** A fresh session token for a first visit: anonymous, never stored. */
export function newAnonymousSessionToken(): string {
  return ANONYMOUS_MARK + newSessionToken();
}

/** Whether a session token is one given to a first visit (no signed-in session can use it). */
export function isAnonymousSessionToken(token: string): boolean {
  return token.startsWith(ANONYMOUS_MARK);
}

/** The shape of a token this server issues, marked or not. */
export const SESSION_TOKEN_SHAPE = /^(?:a\.)?[A-Za-z0-9_-]{43}$/;

/** The session row id: a hash, so a database leak yields no usable cookie. */
export function sessionRowId(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** The public session id the page may see and send back (verificationSessionID, sessionId): 123-4567890-1234567. */
export function publicSessionId(keys: TokenKeys, token: string): string {
  const digest = createHmac('sha256', keys.mac).update(`sid:${token}`).digest();
  // The first 17 bytes, each as its last decimal digit, grouped 3-7-7.
  let id = '';
  for (let i = 0; i < 17; i++) {
    if (i === 3 || i === 10) id += '-';
    id += (digest[i] as number) % 10;
  }
  return id;
}

export function csrfToken(keys: TokenKeys, token: string): string {
  return createHmac('sha256', keys.mac).update(`csrf:${token}`).digest('base64url');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** AES-256-GCM over the public session id and issue time: opaque to the page, checkable by any process. */
export function encryptSlateToken(keys: TokenKeys, sessionId: string, issuedAt: number): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keys.slate, iv);
  const body = Buffer.concat([
    cipher.update(JSON.stringify({ s: sessionId, t: issuedAt }), 'utf8'),
    cipher.final(),
  ]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

export function decryptSlateToken(
  keys: TokenKeys,
  token: string,
): { sessionId: string; issuedAt: number } | null {
  try {
    const raw = Buffer.from(token, 'base64url');
    if (raw.length < 29) return null;
    const decipher = createDecipheriv('aes-256-gcm', keys.slate, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    const value = JSON.parse(text) as { s?: unknown; t?: unknown };
    if (typeof value.s !== 'string' || typeof value.t !== 'number') return null;
    return { sessionId: value.s, issuedAt: value.t };
  } catch {
    return null;
  }
}
