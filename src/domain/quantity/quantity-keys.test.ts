import { describe, expect, test } from 'vitest';
import { cleanQuantityText, quantityKeyVerdict, submittedQuantity } from './quantity-keys';

describe('free-text quantity', () => {
  test('QS-013 only digits, navigation and edit keys are accepted', () => {
    for (const key of ['0', '7', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'Tab', 'Backspace', 'Delete']) {
      expect(quantityKeyVerdict(key, '1'), key).toBe('accept');
    }
    for (const key of ['a', '-', '.', 'e', '+', ' ', 'Dead', '٣']) {
      expect(quantityKeyVerdict(key, '1'), key).toBe('reject');
    }
    expect(quantityKeyVerdict('v', '1', 0, { ctrl: true })).toBe('accept');
    expect(cleanQuantityText('1a2-3 4')).toBe('123');
  });

  test('QS-014 at most 3 characters, unless the digit replaces a selection', () => {
    expect(quantityKeyVerdict('9', '12')).toBe('accept');
    expect(quantityKeyVerdict('9', '123')).toBe('reject');
    expect(quantityKeyVerdict('9', '123', 1)).toBe('accept');
    expect(quantityKeyVerdict('Backspace', '123')).toBe('accept');
    expect(cleanQuantityText('12345')).toBe('123');
  });

  test('QS-015 Enter submits, and the submitted text means a quantity within the limits', () => {
    expect(quantityKeyVerdict('Enter', '12')).toBe('submit');
    expect(submittedQuantity('12', { min: 1, max: 20 })).toBe(12);
    expect(submittedQuantity('45', { min: 1, max: 20 })).toBe(20);
    expect(submittedQuantity('2', { min: 3, max: 20 })).toBe(3);
    expect(submittedQuantity('', { min: 1, max: 20 })).toBeNull();
    expect(submittedQuantity('0', { min: 1, max: 20 })).toBeNull();
  });
});
