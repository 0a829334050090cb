import { z } from 'zod';
import { money } from './catalog-values';

/**
 * The buy box's keys of a product's `features` (gift wrap, preregistration, installments, coupon,
 * invitations, quantity restriction). Stored in product_buy_box_options and product_coupons.
 */
export const buyBoxFeatures = {
  giftWrap: z.boolean().optional(),
  preregistration: z
    .object({ maxQuantity: z.number().int().min(1).max(99), defaultValue: z.boolean().default(false) })
    .strict()
    .optional(),
  installments: z
    .object({ programId: z.string().min(1).max(80), months: z.number().int().min(2).max(48) })
    .strict()
    .optional(),
  coupon: z
    .object({
      encryptedPromotionId: z.string().min(1).max(80),
      amountOff: money,
      description: z.string().min(1).max(200),
    })
    .strict()
    .optional(),
  highDemand: z.boolean().optional(),
  /** The high-demand button: an invitation request (default) or, for coming products, notify-details (BB-038). */
  inviteButton: z.enum(['request-invitation', 'notify-details']).optional(),
  fresh: z.boolean().optional(),
  business: z.boolean().optional(),
  quantityRestriction: z
    .object({ popoverTitle: z.string().min(1), message: z.string().min(1) })
    .strict()
    .optional(),
};

const buyBoxFeaturesSchema = z.object(buyBoxFeatures);
export type BuyBoxCatalogFeatures = z.output<typeof buyBoxFeaturesSchema>;
