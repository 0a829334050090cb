import { describe, expect, test } from 'vitest';
import { parseAddToCartForm } from '../cart/add-to-cart-form';
import {
  DEALS_UPSELL_CLIENT_NAME,
  DEALS_UPSELL_PATH,
  dealsUpsellForm,
  readWarrantyOffer,
} from './deals-upsell';

const plan = {
  asin: 'B0TESTWAR1',
  offerListingId: 'OL-B0TESTWAR1',
  title: '2-Year Protection Plan',
  price: { amount: 12.99, currencyCode: 'USD', displayString: '$12.99' },
};

describe('the deals upsell call', () => {
  test('DEAL-049 the client name is fixed to devices, on the ldabb path', () => {
    expect(DEALS_UPSELL_CLIENT_NAME).toBe('devices');
    expect(DEALS_UPSELL_PATH).toBe('/gp/add-to-cart/json/ref=ldabb');
    const form = dealsUpsellForm({ sessionId: 'sess-1', csrfToken: 'tok', items: [plan] });
    expect(form?.get('clientName')).toBe('devices');
  });

  test('DEAL-049 the deals variant uses ASIN.{i} and offerListingID.{i}, which the legacy form call reads', () => {
    const form = dealsUpsellForm({ sessionId: 'sess-1', csrfToken: 'tok', items: [plan] });
    expect(Object.fromEntries(form ?? [])).toEqual({
      verificationSessionID: 'sess-1',
      clientName: 'devices',
      csrfToken: 'tok',
      'ASIN.1': 'B0TESTWAR1',
      'offerListingID.1': 'OL-B0TESTWAR1',
      'quantity.1': '1',
    });
    const parsed = parseAddToCartForm(Object.fromEntries(form ?? []));
    expect(parsed).toMatchObject({
      ok: true,
      clientName: 'devices',
      items: [{ asin: 'B0TESTWAR1', offerListingId: 'OL-B0TESTWAR1', quantity: 1 }],
    });
  });

  test('DEAL-048 an empty item list makes no request', () => {
    expect(dealsUpsellForm({ sessionId: 's', csrfToken: 't', items: [] })).toBeNull();
  });

  test('DEAL-004 a warranty offer is read only when complete', () => {
    expect(readWarrantyOffer(plan)).toEqual(plan);
    expect(readWarrantyOffer(undefined)).toBeNull();
    expect(readWarrantyOffer({ ...plan, asin: '' })).toBeNull();
    expect(readWarrantyOffer({ ...plan, price: { displayString: '$1' } })).toBeNull();
  });
});
