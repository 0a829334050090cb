// Redeeming a product coupon from the buy box (BB-028..031).

import { signInUrl } from '../../shared/sign-in-url';

export type CouponState = 'ready' | 'redeeming' | 'redeemed';
export type CouponEffect = 'none' | 'send' | 'sign-in' | 'reload';
export type CouponStep = { state: CouponState; effect: CouponEffect };

export const COUPON_AFTER_LOGIN_PATH = '/gp/collect-coupon/handler/redeem_coupon_after_login.html';

/** Whether the redeem button is disabled (BB-029: pressing it disables it). */
export function redeemDisabled(state: CouponState): boolean {
  return state !== 'ready';
}

/** Redeem pressed: the button disables and the redeem is sent, or a signed-out shopper signs in (BB-028). */
export function redeemClicked(state: CouponState, signedIn: boolean): CouponStep {
  if (state !== 'ready') return { state, effect: 'none' };
  return { state: 'redeeming', effect: signedIn ? 'send' : 'sign-in' };
}

/** The redeem answer: status 1 shows the redeemed note (BB-030); anything else reloads the page (BB-031). */
export function redeemAnswered(state: CouponState, answer: number | 'failed'): CouponStep {
  if (state !== 'redeeming') return { state, effect: 'none' };
  return answer === 1 ? { state: 'redeemed', effect: 'none' } : { state: 'redeeming', effect: 'reload' };
}

/** Where a signed-out shopper goes to redeem: sign-in, the after-login handler, then the product (BB-028). */
export function couponSignInUrl(encryptedPromotionId: string, productPath: string): string {
  // `path` carries the handler with the promotion and the page to return to.
  const promotion = `encryptedPromotionId=${encodeURIComponent(encryptedPromotionId)}`;
  const handler = `${COUPON_AFTER_LOGIN_PATH}?${promotion}&returnTo=${encodeURIComponent(productPath)}`;
  return signInUrl(handler);
}
