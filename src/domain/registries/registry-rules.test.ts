import { describe, expect, test } from 'vitest';
import {
  canView,
  checkContribution,
  checklistCategoryOf,
  checklistPercent,
  fundedPercent,
  fundedUnits,
  isEventDate,
  ownerSeesPurchases,
  purchasedAfterFunding,
  requestCountLabel,
  requestCountOptions,
  searchName,
  stillNeeded,
} from './registry-rules';

describe('registry rules', () => {
  test('REG-006 a requested count above 10 shows as 10+', () => {
    expect([1, 10, 11, 12, 99].map(requestCountLabel)).toEqual(['1', '10', '10+', '10+', '10+']);
    expect(requestCountOptions(12).at(-1)).toEqual({ value: 12, label: '10+' });
    expect(requestCountOptions(3).at(-1)).toEqual({ value: 11, label: '10+' });
    expect(requestCountOptions(3)).toHaveLength(11);
  });

  test('REG-005 the checklist percent is the share of categories with an item', () => {
    expect(checklistCategoryOf('Cloud Baby Monitor – 5" HD')).toBe('Health & Safety');
    expect(checklistCategoryOf('Convertible crib in oak')).toBe('Nursery');
    expect(checklistCategoryOf('Speaker Stand')).toBeNull();
    expect(checklistPercent([])).toBe(0);
    expect(checklistPercent(['Baby monitor', 'Glass bottle', 'Second monitor'])).toBe(25);
  });

  test('REG-001 still needed, privacy, search names, spoiler-free and event dates', () => {
    expect(stillNeeded(3, 1)).toBe(2);
    expect(stillNeeded(3, 5)).toBe(0);
    expect(canView('private', false)).toBe(false);
    expect(canView('private', true)).toBe(true);
    expect(canView('shared', false)).toBe(true);
    expect(searchName('  Zoë & Noah  Chen ')).toBe('zoe noah chen');
    expect(ownerSeesPurchases(true, '2027-06-01', '2027-05-31')).toBe(false);
    expect(ownerSeesPurchases(true, '2027-06-01', '2027-06-01')).toBe(true);
    expect(ownerSeesPurchases(false, '2027-06-01', '2027-01-01')).toBe(true);
    expect(isEventDate('2027-02-29')).toBe(false);
    expect(isEventDate('2028-02-29')).toBe(true);
  });

  test('REG-001 group gifting takes $5 or more up to what remains; funded units count purchased', () => {
    const gift = { unitPriceMinor: 6000, requested: 1, fundedMinor: 2500 };
    expect(checkContribution(499, { ...gift, fundedMinor: 0 })).toBe('below_minimum');
    expect(checkContribution(500, gift)).toBeNull();
    expect(checkContribution(3600, gift)).toBe('above_remaining');
    expect(checkContribution(300, { ...gift, fundedMinor: 5700 })).toBeNull();
    expect(checkContribution(500, { ...gift, fundedMinor: 6000 })).toBe('fully_funded');
    expect(fundedPercent(gift)).toBe(41);
    expect(fundedUnits(gift)).toBe(0);
    expect(fundedUnits({ ...gift, fundedMinor: 6000 })).toBe(1);
  });

  test('REG-001 a group-gift unit counted purchased stays counted when the price rises (decision 0064)', () => {
    // Two units at $30.00 fully funded, then the price rose to $61.00 and $10.00 more came in.
    const risen = { unitPriceMinor: 6100, requested: 2, fundedMinor: 7000 };
    expect(fundedUnits(risen)).toBe(1);
    expect(purchasedAfterFunding(2, risen)).toBe(2);
    expect(purchasedAfterFunding(0, { ...risen, fundedMinor: 12_200 })).toBe(2);
    expect(purchasedAfterFunding(1, { ...risen, fundedMinor: 6100 })).toBe(1);
  });
});
