import { z } from 'zod';
import { toMinorUnits } from '../../../shared/money/price-format';
import {
  insertBuyBoxCatalogRows,
  replaceBuyBoxCatalogRows,
  sameBuyBoxCatalogRows,
} from '../../db/repositories/buy-box-options-repository';
import { type CatalogOffer, catalogPart, currencyDigits } from '../catalog-part';
import { money } from './catalog-values';

/**
 * The buy box's keys of a product's `features` (gift wrap, preregistration, installments, coupon,
 * invitations, quantity restriction). Stored in product_buy_box_options and product_coupons.
 */
const buyBoxFeatures = {
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

/** The buy box's part of the catalog: its features, stored in product_buy_box_options and product_coupons. */
export const buyBoxCatalog = catalogPart({
  features: buyBoxFeatures,
  products: {
    rows: ({ asin, features, offers }) => ({
      asin,
      options: {
        asin,
        gift_wrap: features.giftWrap ? 1 : 0,
        preregistration_max_quantity: features.preregistration?.maxQuantity ?? null,
        preregistration_default: features.preregistration?.defaultValue ? 1 : 0,
        installments_program_id: features.installments?.programId ?? null,
        installments_months: features.installments?.months ?? null,
        high_demand: features.highDemand ? 1 : 0,
        invite_button: features.inviteButton ?? null,
        fresh: features.fresh ? 1 : 0,
        business: features.business ? 1 : 0,
        quantity_restriction_title: features.quantityRestriction?.popoverTitle ?? null,
        quantity_restriction_message: features.quantityRestriction?.message ?? null,
      },
      coupon: features.coupon
        ? {
            asin,
            encrypted_promotion_id: features.coupon.encryptedPromotionId,
            amount_off_minor: toMinorUnits(
              features.coupon.amountOff,
              currencyDigits((offers[0] as CatalogOffer).marketplaceId),
            ),
            description: features.coupon.description,
          }
        : null,
    }),
    insertNew: insertBuyBoxCatalogRows,
    same: sameBuyBoxCatalogRows,
    replace: replaceBuyBoxCatalogRows,
  },
});
