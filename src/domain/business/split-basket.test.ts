import { describe, expect, test } from 'vitest';
import { splitQuantity } from './split-basket';

const flat = (id: string, available: number, unit: number, minOrderQuantity = 1) => ({
  id,
  available,
  minOrderQuantity,
  unitScaledAt: () => unit,
});

describe('split basket', () => {
  test('BIZ-003 a quantity no seller can supply alone is spread over sellers, cheapest first', () => {
    expect(
      splitQuantity([flat('new', 300, 4999), flat('b2b', 300, 4749), flat('custom', 120, 4849)], 400),
    ).toEqual({
      lines: [
        { id: 'b2b', quantity: 300 },
        { id: 'custom', quantity: 100 },
      ],
      shortBy: 0,
    });
  });

  test('BIZ-003 what no seller can supply is reported, and a minimum order quantity is respected', () => {
    expect(splitQuantity([flat('a', 10, 100), flat('b', 5, 90, 6)], 30)).toEqual({
      lines: [{ id: 'a', quantity: 10 }],
      shortBy: 20,
    });
  });

  test('BIZ-003 the unit price compared is the one for the quantity each seller would take (tiers count)', () => {
    const tiered = {
      id: 't',
      available: 100,
      minOrderQuantity: 1,
      unitScaledAt: (q: number) => (q >= 50 ? 80 : 120),
    };
    expect(splitQuantity([flat('plain', 30, 100), tiered], 60).lines[0]).toEqual({ id: 't', quantity: 60 });
  });
});
