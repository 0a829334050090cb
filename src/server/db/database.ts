import SqliteDatabase from 'better-sqlite3';
import { Kysely, type Migration, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import * as foundation from './migrations/0001-foundation';
import * as orderDetails from './migrations/0002-order-details';
import * as couponsAndInvitations from './migrations/0003-coupons-and-invitations';
import * as accessoryAssociations from './migrations/0004-accessory-associations';
import * as lightningDeals from './migrations/0005-lightning-deals';
import * as catalogAreas from './migrations/0006-catalog-areas';
import * as couponDiscounts from './migrations/0007-coupon-discounts';
import * as savedCheckout from './migrations/0008-saved-checkout';
import type { Database } from './schema';

export type Dialect = 'sqlite' | 'postgres';

export type Store = {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Runs every migration that has not run yet. */
  migrate(): Promise<void>;
  /** Answers true when the database takes a query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
};

const migrations: Record<string, Migration> = {
  '0001-foundation': foundation,
  '0002-order-details': orderDetails,
  '0003-coupons-and-invitations': couponsAndInvitations,
  '0004-accessory-associations': accessoryAssociations,
  '0005-lightning-deals': lightningDeals,
  '0006-catalog-areas': catalogAreas,
  '0007-coupon-discounts': couponDiscounts,
  '0008-saved-checkout': savedCheckout,
};

// BIGINT (epoch ms) comes back from pg as a string by default; every value we store fits a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/** Opens the store that DATABASE_URL names: unset → ./data/store.sqlite, `sqlite:PATH`, or `postgres://…`. */
export function openStore(url: string | undefined, options: { schema?: string } = {}): Store {
  const target = url && url.length > 0 ? url : 'sqlite:./data/store.sqlite';
  if (target.startsWith('postgres://') || target.startsWith('postgresql://')) {
    const pool = new pg.Pool({
      connectionString: target,
      max: 10,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    return makeStore(new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), 'postgres');
  }
  if (!target.startsWith('sqlite:')) {
    throw new Error(`DATABASE_URL must start with sqlite: or postgres://, got "${target.split(':')[0]}:"`);
  }
  const file = target.slice('sqlite:'.length);
  const database = new SqliteDatabase(file);
  // WAL lets readers run beside the single writer; busy_timeout makes a second process wait, not fail.
  database.pragma('journal_mode = WAL');
  database.pragma('busy_timeout = 5000');
  database.pragma('foreign_keys = ON');
  database.pragma('synchronous = NORMAL');
  return makeStore(
    new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(database) }) }),
    'sqlite',
  );
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew, which was the largest cost of a product read; the same SQL text
 * reuses its prepared statement (safe: better-sqlite3 runs each statement synchronously to the end).
 */
function withStatementCache(database: SqliteDatabase.Database) {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => database.close(),
    prepare(sqlText: string) {
      let statement = statements.get(sqlText);
      if (!statement) {
        statement = database.prepare(sqlText);
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.clear();
        statements.set(sqlText, statement);
      }
      return statement;
    },
  };
}

function makeStore(db: Kysely<Database>, dialect: Dialect): Store {
  return {
    db,
    dialect,
    async migrate() {
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
    close: () => db.destroy(),
  };
}
