import type { Kysely } from 'kysely';
import type { Database } from './schema';

// SQLite takes at most 32,766 parameters in one statement and PostgreSQL 65,535.
const MAX_PARAMETERS = 30_000;

/**
 * Inserts rows of one table in as few statements as the databases' parameter limits allow (a large
 * catalog import writes a table's rows for many products at once, not one statement per row). Every
 * row must have the same columns. `upsertKey` turns it into an upsert on that key, taking every
 * column from the row that was sent.
 */
export async function insertMany<T extends keyof Database & string>(
  db: Kysely<Database>,
  table: T,
  rows: readonly object[],
  upsertKey?: string,
): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const columns = Object.keys(first);
  const perStatement = Math.max(1, Math.floor(MAX_PARAMETERS / Math.max(1, columns.length)));
  for (let at = 0; at < rows.length; at += perStatement) {
    const chunk = rows.slice(at, at + perStatement);
    // Kysely's row types do not follow a table name chosen at run time; the rows come from the
    // importer, which builds them from the table's Insertable type.
    let insert = db.insertInto(table).values(chunk as never);
    if (upsertKey) {
      insert = insert.onConflict((oc) =>
        oc
          .column(upsertKey as never)
          .doUpdateSet(
            (eb) =>
              Object.fromEntries(
                columns.filter((c) => c !== upsertKey).map((c) => [c, eb.ref(`excluded.${c}` as never)]),
              ) as never,
          ),
      );
    }
    await insert.execute();
  }
}
