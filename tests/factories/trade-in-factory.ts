import type { Kysely } from 'kysely';
import type { Database } from '../../src/server/db/schema';
import type { TradeInProductGroup } from '../../src/shared/trade-in-constants';
import { type CreatedProduct, createProduct, type FactoryOptions } from './product-factory';

export type RecycleAndSaveOverrides = {
  productGroup?: TradeInProductGroup;
  percentOff?: number;
  description?: string;
  price?: number;
};

/**
 * A smart speaker carrying a recycle-and-save promotion (RS-001): 25% off one unit unless asked,
 * sold new at $49.99 unless asked.
 */
export async function createRecycleAndSaveProduct(
  db: Kysely<Database>,
  overrides: RecycleAndSaveOverrides = {},
  options: FactoryOptions = {},
): Promise<CreatedProduct> {
  const percentOff = overrides.percentOff ?? 25;
  const productGroup = overrides.productGroup ?? 'gl_digital_products_3';
  return createProduct(
    db,
    {
      productGroup,
      features: {
        recycleAndSave: {
          productGroup,
          percentOff,
          description: overrides.description ?? `${percentOff}% off when you recycle an old speaker`,
        },
      },
      ...(overrides.price === undefined ? {} : { offers: [{ price: overrides.price }] }),
    },
    options,
  );
}
