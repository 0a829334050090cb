import { describe, expect, test } from 'vitest';
import {
  dropdownOptions,
  FREE_ENTRY,
  finishOfferAdd,
  freeEntryElements,
  freeQuantityMode,
  lockedDiscountsShown,
  modeAfterApply,
  offerAddSucceeded,
  startOfferAdd,
} from './picker';

describe('business quantity picker', () => {
  test('BIZ-012 the dropdown lists quantities from the least minimum and its last option is free entry', () => {
    const options = dropdownOptions(1);
    expect(options.slice(0, 3).map((o) => o.value)).toEqual(['1', '2', '3']);
    expect(options.at(-1)).toEqual({ value: FREE_ENTRY, label: '10+' });
    expect(dropdownOptions(3)[0]?.value).toBe('3');
  });

  test('BIZ-016 free-quantity mode applies when the quantity is not among the options', () => {
    const options = dropdownOptions(1);
    expect(freeQuantityMode(4, options)).toBe(false);
    expect(freeQuantityMode(25, options)).toBe(true);
  });

  test('BIZ-014 applying a quantity the dropdown lists returns to the dropdown', () => {
    const options = dropdownOptions(1);
    expect(modeAfterApply(5, options)).toBe('dropdown');
    expect(modeAfterApply(50, options)).toBe('text');
  });

  test('BIZ-046 the platform changes which elements free entry toggles', () => {
    expect(freeEntryElements('desktop', false)).toEqual({ select: false, text: true, updateButton: false });
    expect(freeEntryElements('desktop', true).updateButton).toBe(true);
    expect(freeEntryElements('mobile', false).updateButton).toBe(true);
  });

  test('BIZ-045 locked-merchant discounts show only with the flag', () => {
    expect(lockedDiscountsShown(false, true)).toBe(false);
    expect(lockedDiscountsShown(true, true)).toBe(true);
    expect(lockedDiscountsShown(true, false)).toBe(false);
  });

  test('OFR-009 an offer add succeeds only when the first item has a quantity above 0', () => {
    expect(offerAddSucceeded([{ quantity: 2 }])).toBe(true);
    expect(offerAddSucceeded([{ quantity: 0 }, { quantity: 3 }])).toBe(false);
    expect(offerAddSucceeded([])).toBe(false);
  });

  test('OFR-006 OFR-015 one offer add in flight; a second press is not accepted', () => {
    const first = startOfferAdd({ inFlight: null, results: {} }, 'A');
    expect(first.accepted).toBe(true);
    const second = startOfferAdd(first.state, 'B');
    expect(second.accepted).toBe(false);
    expect(second.state.inFlight).toBe('A');
    const done = finishOfferAdd(second.state, 'A', 'added');
    expect(done).toEqual({ inFlight: null, results: { A: 'added' } });
    expect(startOfferAdd(done, 'B').accepted).toBe(true);
  });
});
