import type { Kysely } from 'kysely';
import type { ClippedCoupon } from '../../../domain/pricing/coupon-discounts';
import type { Database } from '../schema';

type Db = Kysely<Database>;

/** Records the redemption; a second one for the same customer and promotion changes nothing. */
export async function redeemCoupon(
  db: Db,
  customerId: string,
  promotionId: string,
  asin: string,
  now: number,
) {
  await db
    .insertInto('coupon_redemptions')
    .values({ customer_id: customerId, promotion_id: promotionId, asin, redeemed_at: now })
    .onConflict((oc) => oc.columns(['customer_id', 'promotion_id']).doNothing())
    .execute();
}

export async function requestInvitation(db: Db, customerId: string, asin: string, now: number) {
  await db
    .insertInto('invitation_requests')
    .values({ customer_id: customerId, asin, requested_at: now })
    .onConflict((oc) => oc.columns(['customer_id', 'asin']).doNothing())
    .execute();
}

/**
 * The customer's clipped coupons not yet used on an order, each with the products its promotion is
 * for and the catalog's amount off now (decision 0014).
 */
export async function findUnusedCoupons(db: Db, customerId: string): Promise<ClippedCoupon[]> {
  const rows = await db
    .selectFrom('coupon_redemptions as r')
    .innerJoin('product_coupons as c', 'c.encrypted_promotion_id', 'r.promotion_id')
    .select(['r.promotion_id', 'c.asin', 'c.amount_off_minor', 'c.description'])
    .where('r.customer_id', '=', customerId)
    .where('r.order_id', 'is', null)
    .orderBy('r.promotion_id')
    .orderBy('c.asin')
    .execute();
  const coupons = new Map<string, ClippedCoupon & { asins: string[] }>();
  for (const row of rows) {
    const coupon = coupons.get(row.promotion_id);
    if (coupon) coupon.asins.push(row.asin);
    else
      coupons.set(row.promotion_id, {
        promotionId: row.promotion_id,
        asins: [row.asin],
        amountOffMinor: row.amount_off_minor,
        description: row.description,
      });
  }
  return [...coupons.values()];
}

/**
 * Marks the customer's coupon used by an order, in one guarded update: it changes the row only while
 * no order has used it, so of two orders placed at once only one gets the coupon. Answers whether
 * this order got it.
 */
export async function markCouponUsed(
  db: Db,
  customerId: string,
  promotionId: string,
  orderId: string,
): Promise<boolean> {
  const result = await db
    .updateTable('coupon_redemptions')
    .set({ order_id: orderId })
    .where('customer_id', '=', customerId)
    .where('promotion_id', '=', promotionId)
    .where('order_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
