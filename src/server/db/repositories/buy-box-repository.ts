import type { Kysely } from 'kysely';
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

export async function hasRedeemedCoupon(db: Db, customerId: string, promotionId: string): Promise<boolean> {
  const row = await db
    .selectFrom('coupon_redemptions')
    .select('customer_id')
    .where('customer_id', '=', customerId)
    .where('promotion_id', '=', promotionId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function requestInvitation(db: Db, customerId: string, asin: string, now: number) {
  await db
    .insertInto('invitation_requests')
    .values({ customer_id: customerId, asin, requested_at: now })
    .onConflict((oc) => oc.columns(['customer_id', 'asin']).doNothing())
    .execute();
}

export async function hasRequestedInvitation(db: Db, customerId: string, asin: string): Promise<boolean> {
  const row = await db
    .selectFrom('invitation_requests')
    .select('asin')
    .where('customer_id', '=', customerId)
    .where('asin', '=', asin)
    .executeTakeFirst();
  return row !== undefined;
}
