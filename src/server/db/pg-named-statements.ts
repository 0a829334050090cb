import type pg from 'pg';

// Kysely's PostgreSQL driver sends every query as an unnamed statement, which PostgreSQL parses,
// analyses and plans on every execution: on the claim rush that was a third of PostgreSQL's work for
// a claim (decision 0028). A statement whose text the store knows is hot (compiled once by
// preparedQuery, or written as SQL text in a repository) is sent as a named prepared statement
// instead: each connection parses it once, and after a few executions PostgreSQL keeps a generic plan.
// Only registered texts are named, so the statements a connection keeps are bounded by the code, not
// by the data (an `in (…)` list of another length would be a new statement each time).

const names = new Map<string, string>();

/** Marks an SQL text as hot: from now on it runs as a named prepared statement on PostgreSQL. */
export function registerHotStatement(sqlText: string): void {
  if (!names.has(sqlText)) names.set(sqlText, `store_${names.size + 1}`);
}

type Query = pg.PoolClient['query'];

/** A pool whose clients send registered statements by name (pg prepares each once per connection). */
export function withNamedStatements(pool: pg.Pool): pg.Pool {
  const wrapped = new WeakSet<pg.PoolClient>();
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  const namedConnect = async (): Promise<pg.PoolClient> => {
    const client = await connect();
    if (!wrapped.has(client)) {
      wrapped.add(client);
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      client.query = ((text: unknown, values?: unknown, callback?: unknown) => {
        const name = typeof text === 'string' && Array.isArray(values) ? names.get(text) : undefined;
        if (name === undefined || callback !== undefined) return query(text, values, callback);
        return query({ name, text, values });
      }) as Query;
    }
    return client;
  };
  // Kysely calls pool.connect() with no arguments; anything else goes to pg as it is.
  pool.connect = ((...args: unknown[]) =>
    args.length === 0
      ? namedConnect()
      : (connect as (...a: unknown[]) => unknown)(...args)) as pg.Pool['connect'];
  return pool;
}
