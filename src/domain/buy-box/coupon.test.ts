import { describe, expect, test } from 'vitest';
import { couponSignInUrl, redeemAnswered, redeemClicked, redeemDisabled } from './coupon';

describe('coupon redeem', () => {
  test('BB-029 pressing redeem disables the button and sends the redeem', () => {
    expect(redeemDisabled('ready')).toBe(false);
    const step = redeemClicked('ready', true);
    expect(step).toEqual({ state: 'redeeming', effect: 'send' });
    expect(redeemDisabled(step.state)).toBe(true);
  });

  test('BB-029 pressing again while redeeming sends nothing more', () => {
    expect(redeemClicked('redeeming', true)).toEqual({ state: 'redeeming', effect: 'none' });
    expect(redeemClicked('redeemed', true)).toEqual({ state: 'redeemed', effect: 'none' });
  });

  test('BB-028 a signed-out shopper is sent to sign in', () => {
    expect(redeemClicked('ready', false)).toEqual({ state: 'redeeming', effect: 'sign-in' });
  });

  test('BB-030 status 1 swaps the button for the redeemed note', () => {
    expect(redeemAnswered('redeeming', 1)).toEqual({ state: 'redeemed', effect: 'none' });
  });

  test('BB-031 another status or a failed request reloads the page', () => {
    expect(redeemAnswered('redeeming', 0)).toEqual({ state: 'redeeming', effect: 'reload' });
    expect(redeemAnswered('redeeming', 2)).toEqual({ state: 'redeeming', effect: 'reload' });
    expect(redeemAnswered('redeeming', 'failed')).toEqual({ state: 'redeeming', effect: 'reload' });
  });

  test('BB-031 an answer that arrives when nothing is being redeemed is ignored', () => {
    expect(redeemAnswered('ready', 'failed')).toEqual({ state: 'ready', effect: 'none' });
  });

  test('BB-028 the sign-in URL carries the after-login handler with the promotion and the product', () => {
    const url = couponSignInUrl('A2PDPCOUPON5OFF', '/dp/B0TESTSPK1');
    const handler =
      '/gp/collect-coupon/handler/redeem_coupon_after_login.html' +
      '?encryptedPromotionId=A2PDPCOUPON5OFF&returnTo=%2Fdp%2FB0TESTSPK1';
    expect(url).toBe(`/gp/sign-in.html?path=${encodeURIComponent(handler)}`);
    const path = new URL(url, 'http://shop.test').searchParams.get('path') ?? '';
    const inner = new URL(path, 'http://shop.test');
    expect(inner.pathname).toBe('/gp/collect-coupon/handler/redeem_coupon_after_login.html');
    expect(inner.searchParams.get('encryptedPromotionId')).toBe('A2PDPCOUPON5OFF');
    expect(inner.searchParams.get('returnTo')).toBe('/dp/B0TESTSPK1');
  });

  test('BB-028 a product path with its own query survives the double encoding', () => {
    const url = couponSignInUrl('P-1', '/dp/B0TESTSPK1?qty=2&psc=1');
    const path = new URL(url, 'http://shop.test').searchParams.get('path') ?? '';
    expect(new URL(path, 'http://shop.test').searchParams.get('returnTo')).toBe('/dp/B0TESTSPK1?qty=2&psc=1');
  });
});
