import { z } from 'zod';
import { returnPath } from './sign-in';

// The buy box's plain form, coupon and invitation calls (BB-028..039); the answers are in coupon.ts
// and invitation.ts, which the page reads.

const promotionId = z.string().regex(/^[A-Za-z0-9-]{1,80}$/, 'encryptedPromotionId is not a promotion id');

/** Where a plain form returns to: a path on this site, refused (400) rather than replaced when it is not. */
const formReturnTo = returnPath.unwrap();

export const couponRedeemQuery = z.object({ ref_: z.string().max(128).optional() });

/** The redeem call; `returnTo` comes from the plain form (no JavaScript, decision 0016), answered with a redirect. */
export const couponRedeemRequest = z.object({
  encryptedPromotionId: promotionId,
  csrfToken: z.string().optional(),
  returnTo: formReturnTo.optional(),
});

/** The after-login handler's query: the coupon to redeem and the page to return to. */
export const couponAfterLoginQuery = z.object({
  encryptedPromotionId: promotionId,
  returnTo: returnPath.optional(),
});

/**
 * The invitation request: empty from the page's script; the plain form (decision 0016) sends its token
 * and `returnTo`, and is answered with a redirect.
 */
export const invitationRequest = z
  .object({ csrfToken: z.string().optional(), returnTo: formReturnTo.optional() })
  .strict()
  .optional();

// The buy box as a plain form: which submit button was pressed decides add to cart or buy now.
// Loose: accessory upsells ride along as asin.{i}, offeringID.{i}, quantity.{i} and custom-name/value.{i}.{m}.
export const buyBoxForm = z.looseObject({
  csrfToken: z.string().optional(),
  ASIN: z.string().min(1).max(20),
  offerListingID: z.string().min(1).max(200),
  // An empty dropdown (minimum order quantity not chosen) sends ''; the add then explains the minimum.
  quantity: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().min(1).max(999).default(1),
  ),
  'submit.add-to-cart': z.string().optional(),
  'submit.buy-now': z.string().optional(),
  'submit.one-click': z.string().optional(),
  'gift-wrap': z.enum(['true', 'false', 'on']).optional(),
  'device-preregistration': z.enum(['true', 'false', 'on']).optional(),
  'installments-check': z.string().max(80).optional(),
});
export type BuyBoxForm = z.infer<typeof buyBoxForm>;

/** The purchase tag of the form's `ref=` path suffix (vas_dphbb_{asin}_{serviceAsin} adds that service, VAS-032). */
export const buyBoxRefTagParams = z.object({ ref: z.string().max(128) });
