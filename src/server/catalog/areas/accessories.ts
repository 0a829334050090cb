import { z } from 'zod';
import { catalogPart } from '../catalog-part';
import { asin } from './catalog-values';

/**
 * ACC-003: the accessory upsells a product offers, one slot per accessory, each with its variations.
 * Stored as one JSON block in products.accessories (read whole, never searched).
 */
const accessoriesSchema = z
  .object({
    campaignSource: z.string().min(1).max(80),
    /** Deal mode: the interstitial adds each accessory to the cart on its own (ACC-013). */
    dealMode: z.boolean().default(false),
    slots: z
      .array(
        z
          .object({
            variations: z.array(asin).min(1).max(12),
            selected: asin.optional(),
            automated: z.boolean().default(false),
            checkForInteraction: z.boolean().default(false),
            customAttribute: z
              .object({ name: z.string().min(1).max(80), value: z.string().min(1).max(200) })
              .strict()
              .optional()
              .meta({ description: 'digital subscriptions: sent as custom-name/custom-value' }),
          })
          .strict()
          .refine((s) => s.selected === undefined || s.variations.includes(s.selected), {
            message: 'selected must be one of the variations',
            path: ['selected'],
          }),
      )
      .min(1)
      .max(8),
  })
  .strict();

export type ProductAccessories = z.output<typeof accessoriesSchema>;

/** Accessory upsells' part of the catalog: a product key, stored as JSON in the product's row. */
export const accessoriesCatalog = catalogPart({
  product: { accessories: accessoriesSchema.optional() },
  productColumns: (product) => ({
    accessories: product.accessories ? JSON.stringify(product.accessories) : null,
  }),
});
