import SqliteDatabase from 'better-sqlite3';
import { Kysely, type Migration, Migrator, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { withNamedStatements } from './pg-named-statements';
import type { Database } from './schema';
import { type Checkpointer, checkpointInBackground } from './sqlite-checkpoint';
import { SqliteStoreDialect } from './sqlite-driver';

export type Dialect = 'sqlite' | 'postgres';

export type Store = {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Runs every migration of the list (areas/areas.ts STORE_MIGRATIONS) that has not run yet. */
  migrate(migrations: Readonly<Record<string, Migration>>): Promise<void>;
  /** Answers true when the database takes a query. */
  ping(): Promise<boolean>;
  /**
   * Listens to connection faults nobody awaits (a pooled PostgreSQL connection whose backend ended):
   * the pool drops that connection and opens a new one on the next query.
   */
  onFault(listener: (error: Error) => void): void;
  close(): Promise<void>;
};

/**
 * The page cache of the store's SQLite connection, in KiB. The demo catalog's file fits in it many
 * times over; on a catalog of 100,000 products reads miss either way, and a cache that fills holds
 * its size for good: 4 MB instead of 8 keeps the process under the growth bench's 150 MB (decision 0033).
 */
const SQLITE_CACHE_KIB = 4096;

/** How long a query waits for a PostgreSQL connection before it fails (and the request answers 503). */
const PG_CONNECT_TIMEOUT_MS = 5000;

/** How long SQLite waits for another process's write lock before a statement fails (503). */
const SQLITE_BUSY_TIMEOUT_MS = 5000;

// BIGINT (epoch ms) comes back from pg as a string by default; every value we store fits a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/** Opens the store that DATABASE_URL names: unset → ./data/store.sqlite, `sqlite:PATH`, or `postgres://…`. */
export function openStore(
  url: string | undefined,
  options: {
    schema?: string;
    /** SQLite: checkpoint the WAL from a worker thread, off the request path (the server does). */
    checkpointInBackground?: boolean;
    /** SQLite: how long to wait for another writer's lock (tests shorten it). */
    busyTimeoutMs?: number;
  } = {},
): Store {
  const target = url && url.length > 0 ? url : 'sqlite:./data/store.sqlite';
  const faults = new Set<(error: Error) => void>();
  if (target.startsWith('postgres://') || target.startsWith('postgresql://')) {
    const pool = withNamedStatements(
      new pg.Pool({
        connectionString: target,
        max: 10,
        connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
        ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
      }),
    );
    // A backend that ends (a failover, a restart, an idle-connection reaper) makes its client emit
    // 'error'; unheard, that event would end the process. pg-pool drops the client (idle: at once;
    // in use: when released, its query having failed) and connects anew on the next query.
    pool.on('error', (error) => reportFault(faults, error));
    pool.on('connect', (client) => client.on('error', () => undefined));
    return makeStore(new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), 'postgres', faults);
  }
  if (!target.startsWith('sqlite:')) {
    throw new Error(`DATABASE_URL must start with sqlite: or postgres://, got "${target.split(':')[0]}:"`);
  }
  const file = target.slice('sqlite:'.length);
  const database = new SqliteDatabase(file);
  // WAL lets readers run beside the single writer; busy_timeout makes a second process wait, not fail.
  // synchronous=NORMAL in WAL mode syncs at checkpoints, not at every commit: a power cut can lose the
  // last commits but never corrupts the file (decision 0021). Savepoints journal in memory.
  database.pragma('journal_mode = WAL');
  database.pragma(`busy_timeout = ${options.busyTimeoutMs ?? SQLITE_BUSY_TIMEOUT_MS}`);
  database.pragma('foreign_keys = ON');
  database.pragma('synchronous = NORMAL');
  database.pragma('temp_store = MEMORY');
  // better-sqlite3 sets 16 MB of page cache per connection; on a catalog far larger than any cache,
  // reads miss either way (the operating system caches the file), and the process stays small.
  database.pragma(`cache_size = -${SQLITE_CACHE_KIB}`);
  const inMemory = file === ':memory:' || file === '';
  let checkpointer: Checkpointer | undefined;
  if (options.checkpointInBackground && !inMemory) {
    // The writer checkpoints only if the worker falls far behind (40 MB of WAL at 4 KB pages).
    database.pragma('wal_autocheckpoint = 10000');
    checkpointer = checkpointInBackground(file, (message) =>
      process.emitWarning(`WAL checkpoint: ${message}`, 'SqliteCheckpointWarning'),
    );
  }
  const dialect = new SqliteStoreDialect(database, () => checkpointer?.stop() ?? Promise.resolve());
  return makeStore(new Kysely<Database>({ dialect }), 'sqlite', faults);
}

function reportFault(listeners: ReadonlySet<(error: Error) => void>, error: Error) {
  if (listeners.size === 0)
    process.emitWarning(`database connection lost: ${error.message}`, 'DatabaseFault');
  for (const listener of listeners) listener(error);
}

function makeStore(db: Kysely<Database>, dialect: Dialect, faults: Set<(error: Error) => void>): Store {
  return {
    db,
    dialect,
    async migrate(migrations) {
      // Kysely looks for its migration tables in every schema unless told which one: on a PostgreSQL
      // database shared by several schemas (tests, tenants) another schema's lock table hid ours.
      const schema =
        dialect === 'postgres'
          ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
          : undefined;
      const migrator = new Migrator({
        db,
        provider: { getMigrations: async () => migrations },
        ...(schema ? { migrationTableSchema: schema } : {}),
      });
      const { error, results } = await migrator.migrateToLatest();
      const failed = results?.find((r) => r.status === 'Error');
      if (error || failed) {
        throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
      }
    },
    async ping() {
      try {
        await sql`select 1`.execute(db);
        return true;
      } catch {
        return false;
      }
    },
    onFault(listener) {
      faults.add(listener);
    },
    close: () => db.destroy(),
  };
}
