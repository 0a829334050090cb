import type SqliteDatabase from 'better-sqlite3';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type DialectAdapter,
  type Driver,
  type QueryResult,
  SqliteDialect,
} from 'kysely';

// How the store talks to SQLite (decision 0021). Kysely's own SQLite driver runs every query on one
// connection behind a mutex and commits each transaction on its own; on a write-heavy rush the commit
// (writing every page the transaction touched to the WAL) was the largest cost of a claim. This driver:
//
// - starts write transactions with BEGIN IMMEDIATE, so a second process waits for the write lock
//   (busy_timeout) instead of failing to upgrade a read lock half way through a transaction;
// - group-commits: transactions that run while a commit is pending share it. Each runs in its own
//   savepoint (one that fails rolls back alone), and none is answered before the shared COMMIT has
//   succeeded, so nothing is acknowledged that is not in the database. A read outside a transaction
//   waits for a transaction in progress, as before, but not for the commit: it may see a finished
//   transaction whose COMMIT runs later in the same turn of the event loop. (A second connection for
//   reads would see committed data only, but SQLite drops a connection's page cache whenever another
//   connection writes, so every read after a write read its pages again: slower on both paths.)

type Statement = SqliteDatabase.Statement;
type Waiter = { resolve: () => void; reject: (error: unknown) => void };

/** Most transactions one commit carries before the writer commits without waiting for the next turn. */
const MAX_GROUP = 64;
/** Most released connections the driver keeps for reuse. */
const MAX_FREE_CONNECTIONS = 64;

/** A prepared statement, and for a reader the function that makes its rows. */
type Prepared = { statement: Statement; rowOf: RowBuilder | null; ddl: boolean };
type RowBuilder = (values: unknown[]) => Record<string, unknown>;

/**
 * Builds a reader's row objects from its raw values. better-sqlite3 makes each row object in C++ one
 * property at a time, which cost more than the read itself on the product read; one object literal
 * per column list lets V8 allocate every row with its shape known. Same keys in the same
 * order as better-sqlite3 gives them, a later duplicate column name winning as there.
 */
function rowBuilder(columns: readonly string[]): RowBuilder {
  const fields = columns.map((name, i) =>
    // `__proto__` as a literal key would set the prototype; computed, it is an own property.
    name === '__proto__' ? `["__proto__"]: v[${i}]` : `${JSON.stringify(name)}: v[${i}]`,
  );
  return new Function('v', `return {${fields.join(', ')}};`) as RowBuilder;
}

/** A prepared statement per SQL text (Kysely prepares every query anew, which costs more than a read). */
export function statementCache(database: SqliteDatabase.Database, size = 500) {
  const statements = new Map<string, Prepared>();
  const get = (sqlText: string): Prepared => {
    let prepared = statements.get(sqlText);
    if (!prepared) {
      const statement = database.prepare(sqlText);
      let rowOf: RowBuilder | null = null;
      if (statement.reader) {
        statement.raw(true);
        rowOf = rowBuilder(statement.columns().map((column) => column.name));
      }
      prepared = { statement, rowOf, ddl: /^\s*(create|alter|drop)\b/i.test(sqlText) };
      if (statements.size >= size) statements.clear();
      statements.set(sqlText, prepared);
    }
    return prepared;
  };
  // A statement's columns are read when it is prepared; after a schema change every statement is
  // prepared again (a `select *` may have new columns).
  return Object.assign(get, { clear: () => statements.clear() });
}

function run<R>(
  prepared: Prepared,
  parameters: readonly unknown[],
  statements: { clear(): void },
): QueryResult<R> {
  const { statement, rowOf } = prepared;
  if (rowOf) {
    const values = statement.all(parameters) as unknown[][];
    const rows = new Array<R>(values.length);
    for (let i = 0; i < values.length; i++) rows[i] = rowOf(values[i] as unknown[]) as R;
    return { rows };
  }
  const { changes, lastInsertRowid } = statement.run(parameters);
  if (prepared.ddl) statements.clear();
  return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
}

class Connection implements DatabaseConnection {
  /** 'open' while a transaction of this connection runs on the writer (it holds the writer). */
  state: 'idle' | 'open' | 'committing' = 'idle';
  holdsWriter = false;
  /** Runs in a savepoint of a transaction that other transactions share. */
  nested = false;
  /** Released and waiting in the driver's free list. */
  free = false;
  constructor(private readonly driver: SqliteStoreDriver) {}
  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.driver.execute<R>(this, query);
  }
  // biome-ignore lint/correctness/useYield: nothing in the store streams rows; Kysely's interface asks for it.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not supported by the store');
  }
}

export class SqliteStoreDriver implements Driver {
  readonly #writer: SqliteDatabase.Database;
  readonly #writeStatement: ReturnType<typeof statementCache>;
  /** Per SQL text: is it a read (a SELECT that writes nothing)? */
  readonly #readOnly = new Map<string, boolean>();
  #locked = false;
  readonly #queue: (() => void)[] = [];
  /** The transaction open on the writer and the callers waiting for its commit. */
  #group: { open: boolean; waiters: Waiter[] } = { open: false, waiters: [] };
  #flushScheduled = false;
  /**
   * Released connections, handed out again: a connection is only its transaction's state, and Kysely
   * remembers every connection it has seen (a WeakSet entry per query when each was new).
   */
  readonly #free: Connection[] = [];

  readonly #beforeClose: () => Promise<void>;

  constructor(writer: SqliteDatabase.Database, beforeClose: () => Promise<void> = async () => {}) {
    this.#writer = writer;
    this.#writeStatement = statementCache(writer);
    this.#beforeClose = beforeClose;
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const reused = this.#free.pop();
    if (!reused) return new Connection(this);
    reused.free = false;
    return reused;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const mine = connection as Connection;
    await this.#lock();
    mine.holdsWriter = true;
    mine.nested = this.#open();
    mine.state = 'open';
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const mine = connection as Connection;
    mine.state = 'committing';
    await this.#commit(mine);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const mine = connection as Connection;
    // A failed shared commit has already rolled everything back.
    if (mine.state !== 'open') return;
    mine.state = 'idle';
    this.#rollback(mine.nested);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const mine = connection as Connection;
    mine.state = 'idle';
    mine.nested = false;
    if (mine.holdsWriter) {
      mine.holdsWriter = false;
      this.#unlock();
    }
    if (!mine.free && this.#free.length < MAX_FREE_CONNECTIONS) {
      mine.free = true;
      this.#free.push(mine);
    }
  }

  async destroy(): Promise<void> {
    await this.#flush();
    await this.#beforeClose();
    this.#writer.close();
  }

  #run<R>(sql: string, parameters: readonly unknown[]): QueryResult<R> {
    return run<R>(this.#writeStatement(sql), parameters, this.#writeStatement);
  }

  /**
   * A read outside a transaction run at once when nothing holds the writer, as `execute` runs it on a
   * fresh connection; undefined when it must wait for a transaction or is not a read. Prepared queries
   * take this path (no connection to acquire and release: about six promises fewer per read).
   */
  readNow<R>(sql: string, parameters: readonly unknown[]): QueryResult<R> | undefined {
    if (this.#locked || !this.#isReadOnly(sql)) return undefined;
    return this.#run<R>(sql, parameters);
  }

  execute<R>(connection: Connection, query: CompiledQuery): Promise<QueryResult<R>> {
    const { sql, parameters } = query;
    if (connection.state === 'open') return Promise.resolve(this.#run<R>(sql, parameters));
    if (!this.#isReadOnly(sql)) return this.#alone<R>(sql, parameters);
    if (!this.#locked) return Promise.resolve(this.#run<R>(sql, parameters));
    return this.#read<R>(sql, parameters);
  }

  /** A read while a transaction is in progress waits for it (it must not see half of one). */
  async #read<R>(sql: string, parameters: readonly unknown[]): Promise<QueryResult<R>> {
    await this.#lock();
    try {
      return this.#run<R>(sql, parameters);
    } finally {
      this.#unlock();
    }
  }

  #isReadOnly(sql: string): boolean {
    let readOnly = this.#readOnly.get(sql);
    if (readOnly === undefined) {
      readOnly = /^\s*(select|with)\b/i.test(sql) && this.#writeStatement(sql).statement.readonly;
      if (this.#readOnly.size >= 2000) this.#readOnly.clear();
      this.#readOnly.set(sql, readOnly);
    }
    return readOnly;
  }

  /** A write outside a transaction is a transaction of one statement, answered once committed. */
  async #alone<R>(sql: string, parameters: readonly unknown[]): Promise<QueryResult<R>> {
    const connection = new Connection(this);
    try {
      await this.beginTransaction(connection);
      let result: QueryResult<R>;
      try {
        result = this.#run<R>(sql, parameters);
      } catch (error) {
        await this.rollbackTransaction(connection);
        throw error;
      }
      connection.state = 'committing';
      await this.#commit(connection);
      return result;
    } finally {
      await this.releaseConnection(connection);
    }
  }

  /** Opens the shared transaction, or a savepoint inside it; answers whether it was a savepoint. */
  #open(): boolean {
    if (this.#group.open && !this.#writer.inTransaction) this.#lost();
    if (this.#group.open) {
      this.#writeStatement('savepoint store_tx').statement.run();
      return true;
    }
    this.#writeStatement('begin immediate').statement.run();
    this.#group.open = true;
    return false;
  }

  async #commit(connection: Connection): Promise<void> {
    if (connection.nested) this.#writeStatement('release store_tx').statement.run();
    const committed = new Promise<void>((resolve, reject) => this.#group.waiters.push({ resolve, reject }));
    // Nothing else runs on the writer before this turn of the event loop ends, or when the group is
    // full: commit now. Otherwise let the transactions already waiting join first.
    if (this.#group.waiters.length >= MAX_GROUP) this.#commitGroup();
    else this.#scheduleFlush();
    connection.holdsWriter = false;
    this.#unlock();
    await committed;
  }

  #rollback(nested: boolean) {
    if (!this.#writer.inTransaction) {
      // SQLite rolled the whole transaction back itself (I/O error, disk full): the group is lost.
      this.#lost();
      return;
    }
    if (nested) {
      this.#writeStatement('rollback to store_tx').statement.run();
      this.#writeStatement('release store_tx').statement.run();
      return;
    }
    this.#writeStatement('rollback').statement.run();
    this.#lost();
  }

  /** The shared transaction is gone: whoever waits for its commit gets an error. */
  #lost() {
    const { waiters } = this.#group;
    this.#group = { open: false, waiters: [] };
    const error = new Error('the transaction was rolled back before it could commit');
    for (const waiter of waiters) waiter.reject(error);
  }

  #scheduleFlush() {
    if (this.#flushScheduled) return;
    this.#flushScheduled = true;
    setImmediate(() => {
      this.#flushScheduled = false;
      void this.#flush();
    });
  }

  async #flush(): Promise<void> {
    if (!this.#group.open) return;
    await this.#lock();
    try {
      this.#commitGroup();
    } finally {
      this.#unlock();
    }
  }

  /** Commits the shared transaction (the caller holds the writer) and answers everyone waiting for it. */
  #commitGroup() {
    if (!this.#group.open) return;
    const { waiters } = this.#group;
    if (!this.#writer.inTransaction) {
      this.#lost();
      return;
    }
    this.#group = { open: false, waiters: [] };
    try {
      this.#writeStatement('commit').statement.run();
    } catch (error) {
      if (this.#writer.inTransaction) this.#writeStatement('rollback').statement.run();
      for (const waiter of waiters) waiter.reject(error);
      return;
    }
    for (const waiter of waiters) waiter.resolve();
  }

  #lock(): Promise<void> | undefined {
    if (!this.#locked) {
      this.#locked = true;
      return undefined;
    }
    return new Promise((resolve) => this.#queue.push(resolve));
  }

  #unlock() {
    const next = this.#queue.shift();
    if (next) next();
    else this.#locked = false;
  }
}

/** The store's driver behind a Kysely adapter, which a database and its transactions share. */
const driverByAdapter = new WeakMap<object, SqliteStoreDriver>();

/**
 * The store's SQLite driver behind a Kysely instance's adapter (`db.getExecutor().adapter`), or
 * undefined for another dialect: lets a prepared read outside a transaction skip Kysely's connection
 * handling (`readNow`).
 */
export function sqliteStoreDriverOf(adapter: object): SqliteStoreDriver | undefined {
  return driverByAdapter.get(adapter);
}

/** Kysely's SQLite dialect (compiler, adapter, introspector) over the store's driver. */
export class SqliteStoreDialect extends SqliteDialect {
  readonly #driver: SqliteStoreDriver;
  constructor(database: SqliteDatabase.Database, beforeClose?: () => Promise<void>) {
    super({ database });
    this.#driver = new SqliteStoreDriver(database, beforeClose);
  }
  override createDriver(): Driver {
    return this.#driver;
  }
  override createAdapter(): DialectAdapter {
    const adapter = super.createAdapter();
    driverByAdapter.set(adapter, this.#driver);
    return adapter;
  }
}
