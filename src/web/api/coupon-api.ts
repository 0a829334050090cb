import type { CouponRedeemResponse } from '../../shared/contracts/coupon';
import { pageTokens } from './page-tokens';
import { request } from './request';

/** The redeem handler; the coupon's plain form posts here too (decision 0016). */
export const REDEEM_URL = '/gp/collect-coupon/handler/redeem-coupon-detailpage.html?ref_=apl_redeem_coupon';

/** Redeems a product coupon (BB-029): the answer's status (1 means redeemed, BB-030), or 'failed'. */
export async function redeemCoupon(encryptedPromotionId: string): Promise<number | 'failed'> {
  const result = await request<CouponRedeemResponse>(REDEEM_URL, {
    method: 'POST',
    headers: { 'x-csrf-token': pageTokens().csrfToken },
    json: { encryptedPromotionId },
  });
  return result.ok ? (result.answer?.status ?? 'failed') : 'failed';
}
