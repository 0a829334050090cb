import { describe, expect, test } from 'vitest';
import { availabilityFor, savingsPercent, unitPriceFor } from './quantity-pricing';

const tiers = [
  { minimumQuantity: 10, priceMinor: 900, hidden: false },
  { minimumQuantity: 5, priceMinor: 950, hidden: false },
  { minimumQuantity: 20, priceMinor: 800, hidden: true },
];

describe('quantity pricing', () => {
  test('the unit price is the visible tier with the largest minimum at or below the quantity', () => {
    expect(unitPriceFor(1000, tiers, 1)).toBe(1000);
    expect(unitPriceFor(1000, tiers, 5)).toBe(950);
    expect(unitPriceFor(1000, tiers, 12)).toBe(900);
    expect(unitPriceFor(1000, tiers, 25)).toBe(900);
  });

  test('BIZ-008 an offer that cannot supply the quantity is OUT_OF_STOCK', () => {
    expect(availabilityFor(0, true, 1).type).toBe('OUT_OF_STOCK');
    expect(availabilityFor(3, true, 4)).toEqual({ type: 'OUT_OF_STOCK', displayString: 'Only 3 available' });
    expect(availabilityFor(30, false, 1)).toEqual({
      type: 'OUT_OF_STOCK',
      displayString: 'Currently unavailable',
    });
  });

  test('few units left is LIMITED_STOCK with the count, plenty is IN_STOCK', () => {
    expect(availabilityFor(7, true, 1)).toEqual({
      type: 'LIMITED_STOCK',
      displayString: 'Only 7 left in stock - order soon.',
    });
    expect(availabilityFor(500, true, 1)).toEqual({ type: 'IN_STOCK', displayString: 'In Stock' });
  });

  test('savings are whole percent of the list price', () => {
    expect(savingsPercent(4999, 5999)).toBe(17);
    expect(savingsPercent(4999, null)).toBe(0);
    expect(savingsPercent(5999, 4999)).toBe(0);
  });
});
