import { pageTokens } from './page-tokens';
import { parseAnswer } from './parse-answer';

/** The redeem handler; the coupon's plain form posts here too (decision 0016). */
export const REDEEM_URL = '/gp/collect-coupon/handler/redeem-coupon-detailpage.html?ref_=apl_redeem_coupon';

/** Redeems a product coupon (BB-029): the answer's status (1 means redeemed), or 'failed'. */
export async function redeemCoupon(encryptedPromotionId: string): Promise<number | 'failed'> {
  try {
    const response = await fetch(REDEEM_URL, {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json', 'x-csrf-token': pageTokens().csrfToken },
      body: JSON.stringify({ encryptedPromotionId }),
    });
    if (!response.ok) return 'failed';
    const answer = await parseAnswer((all) => all.couponRedeemResponse, await response.json());
    return answer?.status ?? 'failed';
  } catch {
    return 'failed';
  }
}
