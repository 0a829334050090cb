import { z } from 'zod';
import { returnPath } from './sign-in';

// The buy box's coupon and invitation calls (BB-028..039); their answers are in coupon.ts and
// invitation.ts, which the page reads.

const promotionId = z.string().regex(/^[A-Za-z0-9-]{1,80}$/, 'encryptedPromotionId is not a promotion id');

/** Where a plain form returns to: a path on this site, refused (400) rather than replaced when it is not. */
const formReturnTo = returnPath.unwrap();

export const couponRedeemQuery = z.object({ ref_: z.string().max(128).optional() });

/** The redeem call; `returnTo` comes from the plain form (no JavaScript, issue 10 #13), answered with a redirect. */
export const couponRedeemRequest = z.object({
  encryptedPromotionId: promotionId,
  csrfToken: z.string().optional(),
  returnTo: formReturnTo.optional(),
});

/** The after-login handler's query (READING.md 7): the coupon to redeem and the page to return to. */
export const couponAfterLoginQuery = z.object({
  encryptedPromotionId: promotionId,
  returnTo: returnPath.optional(),
});

/**
 * The invitation request: empty from the page's script; the plain form (issue 10 #13) sends its token
 * and `returnTo`, and is answered with a redirect.
 */
export const invitationRequest = z
  .object({ csrfToken: z.string().optional(), returnTo: formReturnTo.optional() })
  .strict()
  .optional();
