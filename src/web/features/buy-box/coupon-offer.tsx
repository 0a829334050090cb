import { useState } from 'react';
import {
  type CouponState,
  couponSignInUrl,
  redeemAnswered,
  redeemClicked,
  redeemDisabled,
} from '../../../domain/buy-box/coupon';
import { reloadParams } from '../../../domain/buy-box/url-quantity';
import { REDEEM_URL, redeemCoupon } from '../../api/coupon-api';

/**
 * The product coupon: redeem in place when signed in, else sign in and come back (BB-028..031). It is a
 * plain form first: without JavaScript the server redeems (or sends the shopper to sign in) and
 * returns to the product (decision 0016).
 */
export function CouponOffer({
  coupon,
  signedIn,
  productPath,
  csrfToken,
}: {
  coupon: { encryptedPromotionId: string; description: string; redeemed: boolean };
  signedIn: boolean;
  productPath: string;
  csrfToken: string;
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
    <form
      className="coupon"
      method="post"
      action={REDEEM_URL}
      onSubmit={(event) => {
        event.preventDefault();
        void redeem();
      }}
    >
      <input type="hidden" name="csrfToken" value={csrfToken} />
      <input type="hidden" name="encryptedPromotionId" value={coupon.encryptedPromotionId} />
      <input type="hidden" name="returnTo" value={productPath} />
      <span className="coupon__badge">Coupon</span> {coupon.description}{' '}
      <button className="link-button" type="submit" disabled={redeemDisabled(state)}>
        {state === 'redeeming' ? 'Applying…' : 'Apply coupon'}
      </button>
    </form>
  );
}
