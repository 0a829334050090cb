import type { Kysely } from 'kysely';
import type { Database } from '../../src/server/db/schema';
import {
  type CreatedProduct,
  createProduct,
  type DealInput,
  type FactoryOptions,
  type ProductOverrides,
} from './product-factory';

export type CreatedDeal = CreatedProduct & { deal: DealInput };

/**
 * A product with a lightning deal (available by default, see buildDealFields); its times are relative
 * to `now`, as a catalog import's are.
 */
export async function createDeal(
  db: Kysely<Database>,
  overrides: ProductOverrides = {},
  options: FactoryOptions = {},
): Promise<CreatedDeal> {
  return (await createProduct(db, { ...overrides, deal: overrides.deal ?? {} }, options)) as CreatedDeal;
}
