import { useState } from 'react';
import {
  type CouponState,
  couponSignInUrl,
  redeemAnswered,
  redeemClicked,
  redeemDisabled,
} from '../../../domain/buy-box/coupon';
import { reloadParams } from '../../../domain/buy-box/url-quantity';
import { redeemCoupon } from '../../api/coupon-api';

/** The product coupon: redeem in place when signed in, else sign in and come back (BB-028..031). */
export function CouponOffer({
  coupon,
  signedIn,
  productPath,
}: {
  coupon: { encryptedPromotionId: string; description: string; redeemed: boolean };
  signedIn: boolean;
  productPath: string;
}) {
  const [state, setState] = useState<CouponState>(coupon.redeemed ? 'redeemed' : 'ready');
  if (state === 'redeemed') {
    return (
      <p className="coupon coupon--redeemed" role="status">
        <span className="coupon__badge">Coupon</span> {coupon.description}: applied at checkout.
      </p>
    );
  }
  const redeem = async () => {
    const step = redeemClicked(state, signedIn);
    setState(step.state);
    if (step.effect === 'sign-in') {
      window.location.assign(couponSignInUrl(coupon.encryptedPromotionId, productPath));
      return;
    }
    if (step.effect !== 'send') return;
    const next = redeemAnswered('redeeming', await redeemCoupon(coupon.encryptedPromotionId));
    setState(next.state);
    // DP-010: the reload keeps qty, ref_, sbo and smid and marks psc=1.
    if (next.effect === 'reload') {
      window.location.search = reloadParams(new URLSearchParams(window.location.search), {
        psc: true,
      }).toString();
    }
  };
  return (
    <p className="coupon">
      <span className="coupon__badge">Coupon</span> {coupon.description}{' '}
      <button
        className="link-button"
        type="button"
        disabled={redeemDisabled(state)}
        onClick={() => void redeem()}
      >
        {state === 'redeeming' ? 'Applying…' : 'Apply coupon'}
      </button>
    </p>
  );
}
