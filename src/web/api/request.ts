import { SYNTAX_ERROR_RETRY_MS } from '../../domain/buy-box/buy-box-constants';
import type { ErrorResponse } from '../../shared/contracts/common';

/**
 * The one result of a call to the store. `ok` is a 2xx answer, typed by its contract in
 * `src/shared/contracts`; otherwise the status (0 when the store was not reached: offline, timed out,
 * aborted) and the refusal's body when it had one. The page does not parse answers again: the server's
 * test mode checks every answer against its contract (decision 0040).
 */
export type ApiResult<Answer, Refusal = ErrorResponse> =
  | { ok: true; status: number; answer: Answer }
  | { ok: false; status: number; refusal: Refusal | null };

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT';
  headers?: Record<string, string>;
  /** Sent as JSON (with its content type unless `headers` names one). */
  json?: unknown;
  /** Sent as a form (`application/x-www-form-urlencoded`). */
  form?: URLSearchParams;
  /** Sent as it is: a body whose content type `headers` names (`{}` with an invite content type). */
  text?: string;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** The request outlives the page (a dismissal, a metric). */
  keepalive?: boolean;
  /**
   * Whether a write whose answer was lost is sent once more (default yes). The quantity slider says
   * no: it rolls back and reconciles with the cart itself, and a late second try would race that.
   */
  resendLostWrite?: boolean;
  /** The browser cache's part (`no-store`: never answered from it, nor kept). */
  cache?: RequestCache;
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function signalOf(options: RequestOptions): AbortSignal | undefined {
  const timeout = options.timeoutMs ? AbortSignal.timeout(options.timeoutMs) : undefined;
  if (options.signal && timeout) return AbortSignal.any([options.signal, timeout]);
  return options.signal ?? timeout;
}

/** A fresh idempotency key: 128 random bits in hex (randomUUID needs a secure context; this does not). */
const newIdempotencyKey = (): string =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join(
    '',
  );

/** A write whose answer was lost on the way is sent once more, half a second later (same key: done once). */
const WRITE_TRIES = 2;
const WRITE_RETRY_MS = 500;

function initOf(options: RequestOptions): RequestInit {
  const headers: Record<string, string> = {};
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = options.form;
  } else if (options.text !== undefined) {
    body = options.text;
  }
  const signal = signalOf(options);
  const method = options.method ?? (body === undefined ? 'GET' : 'POST');
  // Every write carries an idempotency key, the same on each try, so a retry is done once.
  if (method !== 'GET' && !options.keepalive) headers['idempotency-key'] = newIdempotencyKey();
  return {
    method,
    credentials: 'include',
    headers: { ...headers, ...options.headers },
    ...(body === undefined ? {} : { body }),
    ...(signal ? { signal } : {}),
    ...(options.keepalive ? { keepalive: true } : {}),
    ...(options.cache ? { cache: options.cache } : {}),
  };
}

/** The body as JSON; an empty body is null; a body that is not JSON throws a SyntaxError. */
async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  return text.trim() === '' ? null : JSON.parse(text);
}

/**
 * Calls the store with credentials (SEC-006) and answers an `ApiResult`; it never throws. A GET whose
 * 2xx answer does not parse (cut off, or a proxy's HTML page) is asked for once more after 200 ms
 * (DP-019). A write whose answer was lost (the network failed) is sent once more with its idempotency
 * key, as is one the server is still answering for an earlier try (409 `idempotency_key_in_use`).
 */
export async function request<Answer, Refusal = ErrorResponse>(
  url: string,
  options: RequestOptions = {},
): Promise<ApiResult<Answer, Refusal>> {
  const init = initOf(options);
  const key = (init.headers as Record<string, string>)['idempotency-key'];
  const retriesWrite = (attempt: number) =>
    key !== undefined &&
    options.resendLostWrite !== false &&
    attempt < WRITE_TRIES &&
    !options.signal?.aborted;
  for (let attempt = 1; ; attempt++) {
    let response: Response;
    try {
      response = await fetch(url, attempt === 1 ? init : { ...init, signal: signalOf(options) ?? null });
    } catch (error) {
      // A time-out or an abort is the caller's give-up time (the spec's), not a lost answer: no retry.
      const gaveUp =
        error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');
      if (gaveUp || !retriesWrite(attempt)) return { ok: false, status: 0, refusal: null };
      await pause(WRITE_RETRY_MS);
      continue;
    }
    if (response.status === 409 && retriesWrite(attempt) && response.headers.get('retry-after') === '1') {
      await pause(WRITE_RETRY_MS);
      continue;
    }
    let body: unknown;
    try {
      body = await readJson(response);
    } catch (error) {
      const retry = response.ok && init.method === 'GET' && error instanceof SyntaxError && attempt === 1;
      if (!retry) return { ok: false, status: response.status, refusal: null };
      await pause(SYNTAX_ERROR_RETRY_MS);
      continue;
    }
    if (response.ok) return { ok: true, status: response.status, answer: body as Answer };
    const refusal = typeof body === 'object' && body !== null ? (body as Refusal) : null;
    return { ok: false, status: response.status, refusal };
  }
}

/** The message of a house error (`{ error: { message } }`), when the refusal carries one. */
function refusalMessage(refusal: unknown): string | null {
  const error = (refusal as { error?: { message?: unknown } } | null)?.error;
  return typeof error?.message === 'string' ? error.message : null;
}

/** What a shopper reads when a call failed: the store's message, or why it could not be had. */
export function failureMessage(result: { status: number; refusal: unknown }): string {
  if (result.status === 0) return 'We could not reach the store. Check your connection and try again.';
  return refusalMessage(result.refusal) ?? 'Something went wrong. Please try again.';
}

/** SEC-007: 401 and 403 mean the session is gone or stale; the page reloads to get a fresh one. */
export const isSessionProblem = (status: number) => status === 401 || status === 403;

/** The result with its answer narrowed to the part a caller reads; an answer without it is a failure. */
export function pickAnswer<Answer, Part, Refusal>(
  result: ApiResult<Answer, Refusal>,
  pick: (answer: Answer) => Part | undefined,
): ApiResult<Part, Refusal> {
  if (!result.ok) return result;
  const part = pick(result.answer);
  return part === undefined
    ? { ok: false, status: result.status, refusal: null }
    : { ok: true, status: result.status, answer: part };
}
