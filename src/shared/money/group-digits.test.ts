import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { formatCount } from './group-digits';

describe('digit grouping', () => {
  test('a count reads as en-US writes it: a comma every 3 digits', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1,000');
    expect(formatCount(2140)).toBe('2,140');
    expect(formatCount(1234567)).toBe('1,234,567');
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (count) => {
        expect(formatCount(count)).toBe(count.toLocaleString('en-US'));
      }),
    );
  });
});
