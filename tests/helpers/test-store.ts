import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { STORE_MIGRATIONS } from '../../src/server/areas/areas';
import { openStore, type Store } from '../../src/server/db/database';

const DEFAULT_PG_URL = 'postgres://postgres@127.0.0.1:5432/test';

/** TEST_DATABASE_URL, or the local server when one answers; PostgreSQL tests are skipped otherwise. */
export const postgresUrl: string | null = await (async () => {
  const url = process.env.TEST_DATABASE_URL ?? DEFAULT_PG_URL;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.end();
    return url;
  } catch {
    if (process.env.TEST_DATABASE_URL) throw new Error(`TEST_DATABASE_URL is set but ${url} does not answer`);
    return null;
  }
})();

export type TestStore = Store & { drop(): Promise<void>; url: string; schema?: string };

/** A fresh, migrated database of the given dialect: a temp SQLite file, or a new PostgreSQL schema. */
export async function createTestStore(dialect: 'sqlite' | 'postgres'): Promise<TestStore> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'pdp-test-'));
    const url = `sqlite:${join(dir, 'store.sqlite')}`;
    const store = openStore(url);
    await store.migrate(STORE_MIGRATIONS);
    return {
      ...store,
      url,
      drop: async () => {
        await store.close().catch(() => undefined);
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  if (!postgresUrl) throw new Error('PostgreSQL is not available');
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const store = openStore(postgresUrl, { schema });
  await store.migrate(STORE_MIGRATIONS);
  return {
    ...store,
    url: postgresUrl,
    schema,
    drop: async () => {
      await store.close().catch(() => undefined);
      const cleanup = new pg.Client({ connectionString: postgresUrl });
      await cleanup.connect();
      await cleanup.query(`drop schema if exists ${schema} cascade`);
      await cleanup.end();
    },
  };
}

/** The dialects a repository or route test runs on: SQLite always, PostgreSQL when it answers. */
export const dialects: ('sqlite' | 'postgres')[] = postgresUrl ? ['sqlite', 'postgres'] : ['sqlite'];
