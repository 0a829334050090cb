import { describe, expect, test } from 'vitest';
import { checkCartLine, type OfferLimits } from './cart-line-rules';

const offer = (overrides: Partial<OfferLimits> = {}): OfferLimits => ({
  asin: 'B0TESTSPK1',
  buyable: true,
  stock: 50,
  minOrderQuantity: 1,
  maxOrderQuantity: 10,
  ...overrides,
});

describe('checkCartLine', () => {
  test('accepts a line within stock and the order limits', () => {
    expect(checkCartLine(offer(), 'B0TESTSPK1', 10)).toBeNull();
  });

  test('refuses an offer of another asin', () => {
    expect(checkCartLine(offer(), 'B0TESTBAT1', 1)?.code).toBe('offer_mismatch');
  });

  test('refuses an offer that is not buyable', () => {
    expect(checkCartLine(offer({ buyable: false }), 'B0TESTSPK1', 1)?.code).toBe('offer_not_buyable');
  });

  test('refuses a quantity that is not above 0', () => {
    expect(checkCartLine(offer(), 'B0TESTSPK1', 0)?.code).toBe('invalid_quantity');
  });

  test('refuses fewer than the minimum order quantity (an offer sold in quantities of at least 3)', () => {
    expect(checkCartLine(offer({ minOrderQuantity: 3 }), 'B0TESTSPK1', 2)).toEqual({
      code: 'below_min_order_quantity',
      message: 'asin B0TESTSPK1 must be bought in quantities of at least 3',
      field: 'quantity',
    });
    expect(checkCartLine(offer({ minOrderQuantity: 3 }), 'B0TESTSPK1', 3)).toBeNull();
  });

  test('refuses more than the maximum order quantity, counting what the cart holds', () => {
    expect(checkCartLine(offer({ maxOrderQuantity: 5 }), 'B0TESTSPK1', 6)?.message).toBe(
      'asin B0TESTSPK1 is limited to 5 per order',
    );
  });

  test('without a maximum the line is capped at 999', () => {
    expect(checkCartLine(offer({ maxOrderQuantity: null, stock: 5000 }), 'B0TESTSPK1', 999)).toBeNull();
    expect(checkCartLine(offer({ maxOrderQuantity: null, stock: 5000 }), 'B0TESTSPK1', 1000)?.code).toBe(
      'above_max_order_quantity',
    );
  });

  test('refuses more than the stock', () => {
    expect(checkCartLine(offer({ stock: 4 }), 'B0TESTSPK1', 5)?.message).toBe(
      'only 4 of asin B0TESTSPK1 are in stock',
    );
    expect(checkCartLine(offer({ stock: 0 }), 'B0TESTSPK1', 1)?.message).toBe(
      'asin B0TESTSPK1 is out of stock',
    );
  });
});
