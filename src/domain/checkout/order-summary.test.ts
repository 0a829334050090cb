import { describe, expect, test } from 'vitest';
import { estimatedTaxMinor, orderSummary, shippingChargeMinor } from './order-summary';

describe('order summary (decision 0015)', () => {
  test('shipping is free from $35 and always for Prime, else $5.99', () => {
    expect(shippingChargeMinor({ itemsMinor: 3499, prime: false })).toBe(599);
    expect(shippingChargeMinor({ itemsMinor: 3500, prime: false })).toBe(0);
    expect(shippingChargeMinor({ itemsMinor: 999, prime: true })).toBe(0);
    expect(shippingChargeMinor({ itemsMinor: 0, prime: false })).toBe(0);
  });

  test('estimated tax is the state base rate, rounded half up once', () => {
    expect(estimatedTaxMinor({ taxableMinor: 4999, state: 'WA' })).toBe(325); // 324.935
    expect(estimatedTaxMinor({ taxableMinor: 4999, state: 'ca' })).toBe(362); // 362.4275
    expect(estimatedTaxMinor({ taxableMinor: 4999, state: 'OR' })).toBe(0);
    expect(estimatedTaxMinor({ taxableMinor: 4999, state: '' })).toBe(0);
  });

  test('the lines add up to the total; a discount is its own line and taxes less', () => {
    const summary = orderSummary({
      itemsMinor: 4999,
      discounts: [{ label: 'Coupon:', amountMinor: 500 }],
      prime: false,
      state: 'WA',
    });
    expect(summary.lines.map((l) => [l.kind, l.amountMinor])).toEqual([
      ['items', 4999],
      ['discount', -500],
      ['shipping', 0],
      ['tax', 292],
    ]);
    expect(summary.totalMinor).toBe(summary.lines.reduce((sum, l) => sum + l.amountMinor, 0));
    expect(summary.totalMinor).toBe(4791);
  });

  test('a small order pays shipping, which is not taxed', () => {
    const summary = orderSummary({ itemsMinor: 1000, prime: false, state: 'WA' });
    expect(summary).toMatchObject({ shippingMinor: 599, taxMinor: 65, totalMinor: 1664 });
  });
});
