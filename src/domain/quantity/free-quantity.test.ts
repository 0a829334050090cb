import { describe, expect, test } from 'vitest';
import {
  clampQuantityInput,
  digitsOnly,
  freeQuantityNotice,
  initialQuantity,
  parseFreeQuantity,
  quantityKeyAllowed,
  typedQuantityText,
  valueOnBlur,
  valueOnFocus,
} from './free-quantity';

describe('free quantity', () => {
  test('BIZ-033 the first positive integer in the text, else 1', () => {
    expect(parseFreeQuantity('12')).toBe(12);
    expect(parseFreeQuantity('about 0 or 40 boxes, maybe 7')).toBe(40);
    expect(parseFreeQuantity('  25 ')).toBe(25);
    expect(parseFreeQuantity('none')).toBe(1);
    expect(parseFreeQuantity('')).toBe(1);
    expect(parseFreeQuantity('0')).toBe(1);
    expect(parseFreeQuantity('-3')).toBe(3);
  });

  test('BIZ-034 capped at 999', () => {
    expect(parseFreeQuantity('1000')).toBe(999);
    expect(parseFreeQuantity('99999999999999999999')).toBe(999);
    expect(parseFreeQuantity('999')).toBe(999);
  });

  test('BIZ-035 raised to the least minimum order quantity', () => {
    expect(parseFreeQuantity('2', 5)).toBe(5);
    expect(parseFreeQuantity('nothing', 5)).toBe(5);
    expect(parseFreeQuantity('8', 5)).toBe(8);
  });

  test('BIZ-036 digits only: other characters are stripped, arrows blocked', () => {
    expect(digitsOnly('1a2-3')).toBe('123');
    expect(digitsOnly('12345')).toBe('123');
    expect(quantityKeyAllowed('7')).toBe(true);
    expect(quantityKeyAllowed('Backspace')).toBe(true);
    expect(quantityKeyAllowed('Enter')).toBe(true);
    expect(quantityKeyAllowed('ArrowUp')).toBe(false);
    expect(quantityKeyAllowed('ArrowDown')).toBe(false);
    expect(quantityKeyAllowed('e')).toBe(false);
  });

  test('BIZ-038 empty on blur reverts to the current quantity', () => {
    expect(valueOnBlur('', 6)).toBe('6');
    expect(valueOnBlur('  ', 6)).toBe('6');
    expect(valueOnBlur('9', 6)).toBe('9');
  });

  test('BIZ-039 a focused 1 is cleared', () => {
    expect(valueOnFocus('1')).toBe('');
    expect(valueOnFocus('10')).toBe('10');
  });

  test('BIZ-040 clamped to at most 999 and at least the least minimum order quantity when set', () => {
    expect(clampQuantityInput('999', null)).toBe('999');
    expect(clampQuantityInput('0', null)).toBe('0');
    expect(clampQuantityInput('2', 3)).toBe('3');
    expect(clampQuantityInput('', 3)).toBe('');
    expect(clampQuantityInput('12x', 3)).toBe('12');
  });

  test('BIZ-041 the initial quantity is the current one raised to the minimum order quantity', () => {
    expect(initialQuantity(1, 3)).toBe(3);
    expect(initialQuantity(5, 3)).toBe(5);
  });

  test('BIZ-034 BIZ-040 a fourth digit caps the text at 999 and says so, instead of being dropped', () => {
    expect(typedQuantityText('100')).toEqual({ text: '100', capped: false });
    expect(typedQuantityText('1000')).toEqual({ text: '999', capped: true });
    expect(typedQuantityText('12a34')).toEqual({ text: '999', capped: true });
    expect(typedQuantityText('0042')).toEqual({ text: '42', capped: false });
    expect(freeQuantityNotice('999', 1, true)).toBe('999 is the most you can order at once.');
  });

  test('BIZ-033 BIZ-035 a quantity under the least says what it becomes', () => {
    expect(freeQuantityNotice('0', 1)).toBe('The least you can order is 1, so the quantity is 1.');
    expect(freeQuantityNotice('2', 3)).toBe('The least you can order is 3, so the quantity is 3.');
    expect(freeQuantityNotice('8', 1)).toBeNull();
    expect(freeQuantityNotice('', 1)).toBeNull();
  });
});
