import { z } from 'zod';
import { TRADE_IN_PRODUCT_GROUPS } from '../../../shared/trade-in-constants';
import {
  insertRecycleAndSavePromotions,
  type RecycleAndSavePromotionRow,
  replaceRecycleAndSavePromotion,
  sameRecycleAndSavePromotion,
} from '../../db/repositories/recycle-and-save-repository';
import { catalogPart } from '../catalog-part';

/**
 * The trade-in area's key of a product's `features`: a recycle-and-save promotion on the product
 * (RS-001, decision 0051), a whole percentage off one unit, claimed once per customer. Stored in
 * recycle_and_save_promotions.
 */
const tradeInFeatures = {
  recycleAndSave: z
    .object({
      productGroup: z.enum(TRADE_IN_PRODUCT_GROUPS),
      percentOff: z.number().int().min(1).max(90),
      description: z.string().min(1).max(160),
    })
    .strict()
    .optional(),
};

/** The trade-in area's part of the catalog. */
export const tradeInCatalog = catalogPart({
  features: tradeInFeatures,
  products: {
    rows: ({ asin, features: { recycleAndSave } }) => ({
      asin,
      promotion: recycleAndSave
        ? ({
            asin,
            product_group: recycleAndSave.productGroup,
            percent_off: recycleAndSave.percentOff,
            description: recycleAndSave.description,
          } satisfies RecycleAndSavePromotionRow)
        : null,
    }),
    insertNew: (db, rows) =>
      insertRecycleAndSavePromotions(
        db,
        rows.flatMap((row) => row.promotion ?? []),
      ),
    same: (db, { asin, promotion }) => sameRecycleAndSavePromotion(db, asin, promotion),
    replace: (db, { asin, promotion }) => replaceRecycleAndSavePromotion(db, asin, promotion),
  },
});
