import { describe, expect, test } from 'vitest';
import { priceCartLines } from './price-cart-lines';

const tiers = [
  { minimumQuantity: 5, priceMinor: 950, hidden: false },
  { minimumQuantity: 10, priceMinor: 900, hidden: false },
  { minimumQuantity: 20, priceMinor: 800, hidden: true },
];

describe('priceCartLines', () => {
  test('a line without tiers costs its base price times its quantity', () => {
    const priced = priceCartLines([{ basePriceMinor: 4999, tiers: [], quantity: 2 }]);
    expect(priced.lines[0]).toMatchObject({ unitPriceMinor: 4999, lineTotalMinor: 9998 });
    expect(priced.subtotalMinor).toBe(9998);
    expect(priced.itemCount).toBe(2);
  });

  test('a line at a tier quantity pays the tier price for every unit', () => {
    const priced = priceCartLines([
      { basePriceMinor: 1000, tiers, quantity: 4 },
      { basePriceMinor: 1000, tiers, quantity: 5 },
      { basePriceMinor: 1000, tiers, quantity: 12 },
    ]);
    expect(priced.lines.map((l) => [l.unitPriceMinor, l.lineTotalMinor])).toEqual([
      [1000, 4000],
      [950, 4750],
      [900, 10800],
    ]);
    expect(priced.subtotalMinor).toBe(4000 + 4750 + 10800);
    expect(priced.itemCount).toBe(21);
  });

  test('a hidden tier never prices a line', () => {
    const priced = priceCartLines([{ basePriceMinor: 1000, tiers, quantity: 25 }]);
    expect(priced.lines[0]?.unitPriceMinor).toBe(900);
    expect(priced.subtotalMinor).toBe(22500);
  });

  test('the subtotal is the sum of the line totals, and an empty cart is zero', () => {
    expect(priceCartLines([])).toEqual({ lines: [], subtotalMinor: 0, itemCount: 0 });
    const priced = priceCartLines([
      { basePriceMinor: 333, tiers: [], quantity: 3 },
      { basePriceMinor: 1, tiers: [], quantity: 1 },
    ]);
    expect(priced.subtotalMinor).toBe(priced.lines.reduce((sum, l) => sum + l.lineTotalMinor, 0));
    expect(priced.subtotalMinor).toBe(1000);
  });

  test('each line keeps what the caller passed with it', () => {
    const priced = priceCartLines([{ id: 'C1', basePriceMinor: 500, tiers: [], quantity: 1 }]);
    expect(priced.lines[0]?.id).toBe('C1');
  });
});
