import { z } from 'zod';
import {
  CLAIM_PROMO_FAILURE_REASONS,
  PAGE_RENDER_TARGETS,
  PROMO_ACCESS_STATES,
  TRADE_IN_DEVICE_TYPES,
  TRADE_IN_PRODUCT_GROUPS,
} from '../trade-in-constants';
import { asin, price } from './common';

const productGroup = z
  .enum(TRADE_IN_PRODUCT_GROUPS)
  .meta({ description: 'The product group of the promotion (TI-012)' });
const refTag = z.string().max(64).optional();

/** RS-009: the recycle-and-save view's query. */
export const recycleAndSaveViewQuery = z.object({
  deviceType: z.enum(TRADE_IN_DEVICE_TYPES).optional(),
  productGroup,
  ref_: refTag,
  pageRenderTarget: z.enum(PAGE_RENDER_TARGETS).default('dp'),
  currentAsin: asin,
});

/**
 * RS-009: the modal's content as data (the spec's HTML answer, decision 0051): the promotion on the
 * product, what it takes off, and whether this shopper already claimed it.
 */
export const recycleAndSaveView = z
  .object({
    currentAsin: z.string(),
    productGroup: z.enum(TRADE_IN_PRODUCT_GROUPS),
    pageRenderTarget: z.enum(PAGE_RENDER_TARGETS),
    promoAccessState: z.enum(PROMO_ACCESS_STATES),
    title: z.string(),
    description: z.string(),
    percentOff: z.number().int(),
    productTitle: z.string(),
    /** What the discount takes off one unit at today's price. */
    savings: price,
  })
  .meta({ id: 'RecycleAndSaveView' });
export type RecycleAndSaveView = z.infer<typeof recycleAndSaveView>;

/** RS-010: the claim's query (`requestToken` is the page's CSRF token). */
export const claimPromoQuery = z.object({
  productGroup,
  requestToken: z.string().max(200).optional(),
  ref_: refTag,
  currentAsin: asin,
});

/** RS-003, RS-010: the claim's answer. */
export const claimPromoResponse = z
  .object({
    claimPromoSuccess: z.boolean(),
    claimPromoFailureReason: z.enum(CLAIM_PROMO_FAILURE_REASONS).nullable(),
  })
  .meta({ id: 'ClaimPromoResponse' });
export type ClaimPromoResponse = z.infer<typeof claimPromoResponse>;

/** The product page's recycle-and-save launch: shown on a product with the promotion. */
export const recycleAndSaveLaunch = z.object({
  productGroup: z.enum(TRADE_IN_PRODUCT_GROUPS),
  percentOff: z.number().int(),
  promoAccessState: z.enum(PROMO_ACCESS_STATES),
});
export type RecycleAndSaveLaunch = z.infer<typeof recycleAndSaveLaunch>;
