import type { Kysely } from 'kysely';
import { findInvitationOnly, findProductByCoupon } from '../../db/repositories/buy-box-options-repository';
import type { Database } from '../../db/schema';

/** The product whose coupon this is (BB-028), found by its indexed promotion id. */
export function productWithCoupon(db: Kysely<Database>, promotionId: string) {
  return findProductByCoupon(db, promotionId);
}

/** The product an invitation is requested for, and whether it is sold by invitation only (BB-033). */
export function invitationTarget(db: Kysely<Database>, asin: string) {
  return findInvitationOnly(db, asin);
}
