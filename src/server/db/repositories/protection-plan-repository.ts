import type { Kysely } from 'kysely';
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
