// @vitest-environment happy-dom
import { afterEach, describe, expect, test, vi } from 'vitest';
import { redeemAnswered } from '../../domain/buy-box/coupon';
import { postCartItems } from './cart-api';
import { redeemCoupon } from './coupon-api';
import { saveDeliveryZip } from './delivery-api';
import { onDeliveryZipSaved } from './delivery-zip-event';
import { invitationEndpoint, requestInvitation } from './invitation-api';

// fetch is the network, outside the system: the test stands in for the server.
const respond = (status: number, body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status }));

const cartAnswer = {
  type: 'cart.add-items/v1',
  entity: {
    items: [{ id: 'C1', asin: 'B000000001', offerListingId: 'OL-1', quantity: 1 }],
    count: { type: 'cart.count/v1', entity: { items: 1 } },
  },
};

describe('what the page takes from an answer', () => {
  afterEach(() => vi.unstubAllGlobals());

  test('CART-022 a well-formed cart answer parses; a malformed one is refused', async () => {
    const call = {
      url: '/api/marketplaces/ATVPDKIKX0DER/cart/carts/retail/items',
      csrfToken: 'c',
      language: 'en-US',
    };
    const item = [{ asin: 'B000000001', offerListingId: 'OL-1', quantity: 1 }];
    vi.stubGlobal('fetch', respond(200, cartAnswer));
    expect(await postCartItems(call, item)).toEqual({ ok: true, status: 200, answer: cartAnswer });
    for (const broken of [
      null,
      'added',
      { ...cartAnswer, type: 'cart.items/v1' },
      { ...cartAnswer, entity: { ...cartAnswer.entity, items: [] } },
      { ...cartAnswer, entity: { items: cartAnswer.entity.items, count: { entity: { items: '1' } } } },
    ]) {
      vi.stubGlobal('fetch', respond(200, broken));
      expect(await postCartItems(call, item)).toMatchObject({ ok: false, status: 200 });
    }
  });

  test('BB-030 BB-031 only a redeem answer with status 1 counts as redeemed', async () => {
    const redeemed = async () => redeemAnswered('redeeming', await redeemCoupon('PROMO-1')).state;
    vi.stubGlobal('fetch', respond(200, { status: 1, redeemed: true }));
    expect(await redeemCoupon('PROMO-1')).toBe(1);
    expect(await redeemed()).toBe('redeemed');
    vi.stubGlobal('fetch', respond(200, { status: 0 }));
    expect(await redeemed()).not.toBe('redeemed');
    vi.stubGlobal('fetch', respond(401, { error: { code: 'sign_in_required', message: 'sign in' } }));
    expect(await redeemCoupon('PROMO-1')).toBe('failed');
  });

  test('BB-034 an invitation counts as requested only with the invite answer', async () => {
    const endpoint = invitationEndpoint('ATVPDKIKX0DER', 'B000000001');
    expect(endpoint).toBe('/api/marketplaces/ATVPDKIKX0DER/products/B000000001/invitation');
    vi.stubGlobal('fetch', respond(200, { type: 'invite.response/v1', entity: { status: 'REQUESTED' } }));
    expect(await requestInvitation(endpoint, 'csrf')).toEqual({ ok: true });
    vi.stubGlobal('fetch', respond(500, {}));
    expect(await requestInvitation(endpoint, 'csrf')).toEqual({ ok: false, reason: 'HTTP 500' });
    vi.stubGlobal('fetch', respond(200, { type: 'something-else' }));
    expect(await requestInvitation(endpoint, 'csrf')).toMatchObject({ ok: false });
  });

  test('DP-005 a saved delivery ZIP is the one the server answers, and the page hears of it', async () => {
    const heard: string[] = [];
    const off = onDeliveryZipSaved((zip) => heard.push(zip));
    vi.stubGlobal('fetch', respond(200, { zip: '10001' }));
    expect(await saveDeliveryZip('10001')).toMatchObject({ ok: true, answer: { zip: '10001' } });
    vi.stubGlobal(
      'fetch',
      respond(400, { error: { code: 'invalid', message: 'enter a 5-digit US ZIP code' } }),
    );
    expect(await saveDeliveryZip('1')).toMatchObject({ ok: false, status: 400 });
    off();
    expect(heard).toEqual(['10001']);
  });
});
