/**
 * Database faults a request can meet that are not its fault and pass by themselves: the PostgreSQL
 * connection lost (a failover, a restart, an idle-connection reaper ending the backend), the server
 * refusing connections while it starts or stops, or SQLite still locked by another writer after the
 * busy timeout. The app answers them 503 with Retry-After instead of 500 (plugins/errors.ts).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 5; depth++) {
    if (isUnavailableItself(cause)) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

// PostgreSQL SQLSTATEs: class 08 is "connection exception"; 57P01-57P03 are the backend ended by an
// administrator, a crash or a shutdown, and a server that cannot take connections yet; 53300 is too
// many connections.
const PG_UNAVAILABLE = /^(08...|57P0[123]|53300)$/;
// Node's socket errors, when the server is gone or restarting.
const SOCKET_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH']);
// pg's own messages for a connection that ended, could not be made in time, or broke earlier.
const PG_CONNECTION_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

function isUnavailableItself(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (PG_UNAVAILABLE.test(code) || SOCKET_ERRORS.has(code)) return true;
    if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return true;
  }
  return typeof message === 'string' && PG_CONNECTION_MESSAGES.some((text) => message.startsWith(text));
}
