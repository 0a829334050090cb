import type { Kysely } from 'kysely';
import type { Database } from './schema';

/** The areas' tables that hold at most one row per product, keyed by its ASIN. */
export type ProductAreaTable =
  | 'product_buy_box_options'
  | 'product_coupons'
  | 'product_protection_plans'
  | 'product_business_settings';

/**
 * Whether the product's row in an area's table is `wanted` (null: no row), comparing the columns
 * `wanted` has. For the area repositories' catalog writes: an unchanged import writes nothing.
 */
export async function sameProductAreaRow(
  db: Kysely<Database>,
  table: ProductAreaTable,
  asin: string,
  wanted: object | null,
): Promise<boolean> {
  const stored = await (db as Kysely<Record<ProductAreaTable, { asin: string }>>)
    .selectFrom(table)
    .selectAll()
    .where('asin', '=', asin)
    .executeTakeFirst();
  if (wanted === null) return stored === undefined;
  return (
    stored !== undefined &&
    Object.entries(wanted).every(([key, value]) => (stored as Record<string, unknown>)[key] === value)
  );
}

/** Replaces the product's row in an area's table (null: none). */
export async function replaceProductAreaRow(
  db: Kysely<Database>,
  table: ProductAreaTable,
  asin: string,
  row: object | null,
): Promise<void> {
  await db.deleteFrom(table).where('asin', '=', asin).execute();
  // The row comes from the area's repository, typed by the table's Insertable type there.
  if (row)
    await db
      .insertInto(table)
      .values(row as never)
      .execute();
}
