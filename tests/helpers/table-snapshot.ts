import { sql } from 'kysely';
import type { TestStore } from './test-store';

/**
 * Every table of the database, named by the database itself, with every row (sorted), except the
 * tables in `ignore` (the caller says why each may change).
 */
export async function snapshotTables(store: TestStore, ignore: ReadonlySet<string>) {
  const db = store.db;
  const tables =
    store.dialect === 'sqlite'
      ? (
          await sql<{
            name: string;
          }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db)
        ).rows.map((r) => r.name)
      : (
          await sql<{
            name: string;
          }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(
            db,
          )
        ).rows.map((r) => r.name);
  const out: Record<string, string[]> = {};
  for (const table of tables.sort()) {
    if (ignore.has(table)) continue;
    const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db)).rows;
    out[table] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return out;
}
