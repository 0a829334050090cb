import type { Kysely } from 'kysely';
import { insertMany } from '../insert-many';
import { preparedQuery } from '../prepared-query';
import { replaceProductAreaRow, sameProductAreaRow } from '../product-area-rows';
import type { Database } from '../schema';

/** The protection plan offered with the product's lightning deal (DEAL-004), if any. */
export async function findProtectionPlanAsin(
  db: Kysely<Database>,
  asin: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('product_protection_plans')
    .select('plan_asin')
    .where('asin', '=', asin)
    .executeTakeFirst();
  return row?.plan_asin;
}

/** Which of these products are protection plans (some product offers them with its deal). */
export async function findPlanAsins(db: Kysely<Database>, asins: readonly string[]): Promise<Set<string>> {
  if (asins.length === 0) return new Set();
  const rows = await db
    .selectFrom('product_protection_plans')
    .select('plan_asin')
    .where('plan_asin', 'in', [...asins])
    .execute();
  return new Set(rows.map((row) => row.plan_asin));
}

const planDevicesQuery = preparedQuery((db: Kysely<Database>, p: { planAsin: string }) =>
  db
    .selectFrom('product_protection_plans')
    .select('asin')
    .where('plan_asin', '=', p.planAsin)
    .orderBy('asin'),
);

/** The products a protection plan covers (decision 0014: a plan goes with one of them). */
export async function findPlanDevices(db: Kysely<Database>, planAsin: string): Promise<string[]> {
  const { rows } = await planDevicesQuery(db, { planAsin });
  return rows.map((row) => row.asin);
}

// ---------------------------------------------------------------------------------------------------
// Catalog import: the plan offered with a product's deal (catalog/areas/deals.ts).

export type ProtectionPlanCatalogRow = { asin: string; plan_asin: string };

/** The plans of products new to the store, in as few statements as the database allows. */
export async function insertProtectionPlans(
  db: Kysely<Database>,
  rows: readonly ProtectionPlanCatalogRow[],
): Promise<void> {
  await insertMany(db, 'product_protection_plans', rows);
}

export const sameProtectionPlan = (
  db: Kysely<Database>,
  asin: string,
  row: ProtectionPlanCatalogRow | null,
) => sameProductAreaRow(db, 'product_protection_plans', asin, row);

export const replaceProtectionPlan = (
  db: Kysely<Database>,
  asin: string,
  row: ProtectionPlanCatalogRow | null,
) => replaceProductAreaRow(db, 'product_protection_plans', asin, row);
