import { describe, expect, test } from 'vitest';
import { installmentsChanged, installmentsProgramIdToSend, monthlyPayment } from './installments';

describe('installments checkbox', () => {
  test('BB-018 checking adds the hidden input and swaps to the installments quantity controls', () => {
    expect(installmentsChanged(true)).toEqual({ hiddenInput: true, quantityControls: 'installments' });
  });

  test('BB-019 unchecking removes the hidden input and swaps the quantity controls back', () => {
    expect(installmentsChanged(false)).toEqual({ hiddenInput: false, quantityControls: 'default' });
  });

  test('BB-020 the program id is sent only while the box is checked', () => {
    expect(installmentsProgramIdToSend(true, 'INSTALLMENTS-5')).toBe('INSTALLMENTS-5');
    expect(installmentsProgramIdToSend(false, 'INSTALLMENTS-5')).toBeUndefined();
    expect(installmentsProgramIdToSend(true, undefined)).toBeUndefined();
    expect(installmentsProgramIdToSend(true, '')).toBeUndefined();
  });
});

describe('monthlyPayment', () => {
  test('a payment is rounded up to the cent so the months cover the price', () => {
    expect(monthlyPayment(4999, 5)).toBe(1000);
    expect(monthlyPayment(5000, 5)).toBe(1000);
    expect(monthlyPayment(79999, 12)).toBe(6667);
    for (const [price, months] of [
      [1, 12],
      [12345, 7],
      [99999, 48],
    ] as const) {
      const payment = monthlyPayment(price, months);
      expect(payment * months).toBeGreaterThanOrEqual(price);
      expect((payment - 1) * months).toBeLessThan(price);
    }
  });

  test('months must be a whole number above 0', () => {
    expect(() => monthlyPayment(4999, 0)).toThrow(RangeError);
    expect(() => monthlyPayment(4999, 2.5)).toThrow(RangeError);
    expect(() => monthlyPayment(49.99, 5)).toThrow(RangeError);
  });
});
