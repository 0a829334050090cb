import { describe, expect, test } from 'vitest';
import { couponDiscounts, totalAfterDiscounts } from './coupon-discounts';

const COUPON = {
  promotionId: 'A2PDPCOUPON5OFF',
  asins: ['B0TESTSPK1'],
  amountOffMinor: 500,
  description: 'Save $5.00 with coupon',
};

describe('decision 0014: coupon discounts', () => {
  test('a clipped coupon comes off once while its product is in the order, whatever the quantity', () => {
    const lines = [
      { asin: 'B0TESTSPK1', lineTotalMinor: 9998 },
      { asin: 'B0TESTSTD1', lineTotalMinor: 1999 },
    ];
    const discounts = couponDiscounts(lines, [COUPON]);
    expect(discounts).toEqual([
      { promotionId: 'A2PDPCOUPON5OFF', description: 'Save $5.00 with coupon', amountMinor: 500 },
    ]);
    expect(totalAfterDiscounts(11997, discounts)).toBe(11497);
  });

  test('without its product in the order the coupon does not apply', () => {
    expect(couponDiscounts([{ asin: 'B0TESTSTD1', lineTotalMinor: 1999 }], [COUPON])).toEqual([]);
    expect(couponDiscounts([], [COUPON])).toEqual([]);
  });

  test("a coupon never takes more off than its product's lines cost", () => {
    const [discount] = couponDiscounts([{ asin: 'B0TESTSPK1', lineTotalMinor: 300 }], [COUPON]);
    expect(discount?.amountMinor).toBe(300);
    expect(totalAfterDiscounts(300, [{ promotionId: 'x', description: '', amountMinor: 900 }])).toBe(0);
  });
});
