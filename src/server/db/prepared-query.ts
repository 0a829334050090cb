import { type CompiledQuery, type Kysely, PostgresAdapter, type QueryResult } from 'kysely';
import { registerHotStatement } from './pg-named-statements';
import { sqliteStoreDriverOf } from './sqlite-driver';

// A marker no real parameter value contains.
const MARK = '\u0000preparedQuery\u0000';

type Compilable<Row> = { compile(): CompiledQuery<Row> };
type Compiled<Row> = { query: CompiledQuery<Row>; order: string[] };

/**
 * A query built and compiled once per dialect, then run with new parameter values.
 * Kysely's builder and compiler cost several times what SQLite takes to answer a hot read,
 * so hot paths (product read, cart count, session lookup) compile once. `build` receives
 * placeholder values; each must be used as a plain value (not inside functions that transform it).
 * On PostgreSQL the statement is also sent by name, so each connection parses and plans it once.
 */
export function preparedQuery<Db, Params extends Record<string, unknown>, Row>(
  build: (db: Kysely<Db>, params: Params) => Compilable<Row>,
): PreparedQuery<Db, Params, Row> {
  // Keyed by the dialect's adapter, which a database and its transactions share: the SQL text
  // depends only on the dialect, so transactions reuse it too.
  const compiledByDialect = new WeakMap<object, Compiled<Row>>();
  const compiledFor = (db: Kysely<Db>, dialect: object, params: Params): Compiled<Row> => {
    let compiled = compiledByDialect.get(dialect);
    if (!compiled) {
      const placeholders = Object.fromEntries(
        Object.keys(params).map((key) => [key, `${MARK}${key}${MARK}`]),
      ) as Params;
      const query = build(db, placeholders).compile();
      const order = query.parameters.map((value) => {
        const name =
          typeof value === 'string' && value.startsWith(MARK) && value.endsWith(MARK)
            ? value.slice(MARK.length, -MARK.length)
            : undefined;
        if (!name) throw new Error(`preparedQuery: parameter ${String(value)} is not a placeholder`);
        return name;
      });
      compiled = { query, order };
      // PostgreSQL parses and plans it once per connection (decision 0028).
      if (dialect instanceof PostgresAdapter) registerHotStatement(query.sql);
      compiledByDialect.set(dialect, compiled);
    }
    return compiled;
  };
  // The store uses no Kysely plugins, so there is no result to transform. On SQLite a read outside a
  // transaction runs at once when no transaction holds the writer, as the driver would run it on a
  // connection of its own, without acquiring and releasing one.
  const now = (db: Kysely<Db>, params: Params): QueryResult<Row> | undefined => {
    const executor = db.getExecutor();
    if (executor.plugins.length > 0 || db.isTransaction) return undefined;
    const driver = sqliteStoreDriverOf(executor.adapter);
    if (!driver) return undefined;
    const compiled = compiledFor(db, executor.adapter, params);
    return driver.readNow<Row>(
      compiled.query.sql,
      compiled.order.map((name) => params[name]),
    );
  };
  const run = async (db: Kysely<Db>, params: Params): Promise<QueryResult<Row>> => {
    const executor = db.getExecutor();
    const compiled = compiledFor(db, executor.adapter, params);
    const parameters = compiled.order.map((name) => params[name]);
    if (executor.plugins.length === 0 && !db.isTransaction) {
      const rows = sqliteStoreDriverOf(executor.adapter)?.readNow<Row>(compiled.query.sql, parameters);
      if (rows) return rows;
    }
    const query = { ...compiled.query, parameters };
    // Otherwise run the query on a connection straight away, without executeQuery's wrapper and its
    // transform step (two async steps and about 2 KB of garbage per query). With a plugin,
    // Kysely's own path.
    if (executor.plugins.length > 0) return db.executeQuery<Row>(query);
    return executor.provideConnection((connection) => connection.executeQuery<Row>(query));
  };
  return Object.assign(run, { now });
}

/** A prepared query: run it (a promise), or ask for its rows at once (`now`). */
export type PreparedQuery<Db, Params, Row> = ((
  db: Kysely<Db>,
  params: Params,
) => Promise<QueryResult<Row>>) & {
  /**
   * The rows at once, without a promise, when SQLite can read them now (a read, outside a
   * transaction, no transaction holding the writer, no plugins); undefined when the query has to
   * be run (PostgreSQL, a transaction, a write, a transaction in progress).
   */
  now(db: Kysely<Db>, params: Params): QueryResult<Row> | undefined;
};
