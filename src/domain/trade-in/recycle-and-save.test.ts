import { describe, expect, test } from 'vitest';
import { recycleAndSaveDiscounts, recycleAndSaveSavingMinor } from './recycle-and-save';

describe('recycle-and-save', () => {
  test('RS-001 the saving is a whole percentage of one unit, rounded down to the cent', () => {
    expect(recycleAndSaveSavingMinor(4999, 25)).toBe(1249);
    expect(recycleAndSaveSavingMinor(5000, 20)).toBe(1000);
    expect(recycleAndSaveSavingMinor(0, 25)).toBe(0);
    expect(recycleAndSaveSavingMinor(5000, 0)).toBe(0);
    expect(recycleAndSaveSavingMinor(5000, 150)).toBe(5000);
  });

  test('RS-001 a claim comes off once, off one unit, only while its product is in the order', () => {
    const claims = [
      { asin: 'B0SPEAKER1', percentOff: 20, description: '20% off' },
      { asin: 'B0ABSENT01', percentOff: 50, description: 'absent' },
    ];
    const lines = [
      { asin: 'B0SPEAKER1', unitPriceMinor: 5000, lineTotalMinor: 15000 },
      { asin: 'B0OTHER001', unitPriceMinor: 999, lineTotalMinor: 999 },
    ];
    expect(recycleAndSaveDiscounts(lines, claims)).toEqual([
      { promotionId: 'recycle-and-save:B0SPEAKER1', description: '20% off', amountMinor: 1000 },
    ]);
    expect(recycleAndSaveDiscounts([], claims)).toEqual([]);
  });
});
