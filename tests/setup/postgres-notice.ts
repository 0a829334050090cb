import pg from 'pg';

// Vitest global setup: says once, loudly, when the PostgreSQL half of the suites did not run
// (tests/helpers/test-store.ts skips it when no server answers; CI always sets TEST_DATABASE_URL).
const DEFAULT_PG_URL = 'postgres://postgres@127.0.0.1:5432/test';

export default async function postgresNotice() {
  if (process.env.TEST_DATABASE_URL) return;
  const client = new pg.Client({ connectionString: DEFAULT_PG_URL, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.end();
  } catch {
    return () => {
      console.warn(
        `\n⚠️  POSTGRESQL SUITES DID NOT RUN: no PostgreSQL at ${DEFAULT_PG_URL} and TEST_DATABASE_URL is unset; only SQLite was tested (CI runs both).\n`,
      );
    };
  }
}
