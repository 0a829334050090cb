import type { Kysely } from 'kysely';
import { marketplaceById } from '../../../shared/marketplaces';
import { findInvitationOnly, findProductByCoupon } from '../../db/repositories/buy-box-options-repository';
import { redeemCoupon, requestInvitation } from '../../db/repositories/buy-box-repository';
import type { Database } from '../../db/schema';
import type { Refusal } from '../refusal';

type Db = Kysely<Database>;

/** The product whose coupon this is (BB-028), found by its indexed promotion id. */
function productWithCoupon(db: Db, promotionId: string) {
  return findProductByCoupon(db, promotionId);
}

/** The product an invitation is requested for, and whether it is sold by invitation only (BB-033). */
function invitationTarget(db: Db, asin: string) {
  return findInvitationOnly(db, asin);
}

/**
 * What a buy box call asks of a signed-out shopper: the page's script is refused (sign_in_required);
 * the plain form (`viaForm`) signs in first, once what it names is known.
 */
type BuyBoxCallResult<Code extends string> =
  | { ok: true }
  | { ok: false; signInFirst: true }
  | { ok: false; signInFirst?: never; refusal: Refusal<Code> };

/** BB-028: redeems a product coupon for the signed-in customer. */
export async function redeemProductCoupon(
  db: Db,
  input: { customerId: string | null; encryptedPromotionId: string; viaForm: boolean; now: number },
): Promise<BuyBoxCallResult<'sign_in_required' | 'unknown_promotion'>> {
  if (!input.customerId && !input.viaForm) {
    return { ok: false, refusal: { code: 'sign_in_required', message: 'sign in to redeem this coupon' } };
  }
  const product = await productWithCoupon(db, input.encryptedPromotionId);
  if (!product) {
    const message = 'no such coupon';
    return { ok: false, refusal: { code: 'unknown_promotion', message, field: 'encryptedPromotionId' } };
  }
  if (!input.customerId) return { ok: false, signInFirst: true };
  await redeemCoupon(db, input.customerId, input.encryptedPromotionId, product.asin, input.now);
  return { ok: true };
}

/** After sign-in, redeems the coupon (when it is one) and answers its product's asin. */
export async function redeemCouponAfterSignIn(
  db: Db,
  input: { customerId: string; encryptedPromotionId: string; now: number },
): Promise<string | null> {
  const product = await productWithCoupon(db, input.encryptedPromotionId);
  if (!product) return null;
  await redeemCoupon(db, input.customerId, input.encryptedPromotionId, product.asin, input.now);
  return product.asin;
}

/** BB-033: the signed-in customer asks for an invitation to buy a product sold by invitation only. */
export async function requestProductInvitation(
  db: Db,
  input: { marketplaceId: string; asin: string; customerId: string | null; viaForm: boolean; now: number },
): Promise<
  BuyBoxCallResult<'unknown_marketplace' | 'sign_in_required' | 'unknown_product' | 'not_invite_only'>
> {
  if (!marketplaceById(input.marketplaceId)) {
    const message = 'unknown marketplaceId';
    return { ok: false, refusal: { code: 'unknown_marketplace', message, field: 'marketplaceId' } };
  }
  if (!input.customerId && !input.viaForm) {
    const message = 'sign in to request an invitation';
    return { ok: false, refusal: { code: 'sign_in_required', message } };
  }
  const product = await invitationTarget(db, input.asin);
  if (!product) {
    const message = 'no product with this asin';
    return { ok: false, refusal: { code: 'unknown_product', message, field: 'asin' } };
  }
  if (!product.invitationOnly) {
    const message = 'this product can be bought without an invitation';
    return { ok: false, refusal: { code: 'not_invite_only', message, field: 'asin' } };
  }
  if (!input.customerId) return { ok: false, signInFirst: true };
  await requestInvitation(db, input.customerId, product.asin, input.now);
  return { ok: true };
}
