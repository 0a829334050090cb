import { describe, expect, test } from 'vitest';
import { deliveryPromise, orderDeadlineText } from './delivery-promise';

const at = (iso: string) => Date.parse(iso);
const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`);

describe('deep-check delivery promise', () => {
  test('BIZ-051 before the cut-off on a weekday: standard in 3 business days, fastest in 1 for the store', () => {
    // Wednesday 10:00 UTC.
    const promise = deliveryPromise(at('2026-11-18T10:00:00Z'), { ownOffer: true, lineTotalMinor: 4999 });
    expect(promise).toEqual({
      standardDay: day('2026-11-23'),
      fastestDay: day('2026-11-19'),
      orderWithinMs: 7 * 60 * 60 * 1000,
      shipDay: day('2026-11-18'),
      freeShipping: true,
    });
  });

  test('BIZ-051 after the cut-off or at the weekend the order ships the next business day', () => {
    const friday = deliveryPromise(at('2026-11-20T18:00:00Z'), { ownOffer: false, lineTotalMinor: 1000 });
    expect(friday.standardDay).toBe(day('2026-11-26'));
    expect(friday.fastestDay).toBeNull();
    expect(friday.freeShipping).toBe(false);
    const sunday = deliveryPromise(at('2026-11-22T09:00:00Z'), { ownOffer: true, lineTotalMinor: 2500 });
    expect(sunday.fastestDay).toBe(day('2026-11-24'));
    expect(sunday.freeShipping).toBe(true);
  });

  test('BIZ-051 the order-by line: time left within a day (today or tomorrow), a day and time beyond (decision 0045)', () => {
    const line = (iso: string) => {
      const now = at(iso);
      return orderDeadlineText(now, deliveryPromise(now, { ownOffer: false, lineTotalMinor: 0 }));
    };
    // Wednesday before the cut-off; Wednesday after it; Friday after it (71 hrs to Monday); Sunday.
    expect(line('2026-11-18T10:00:00Z')).toBe('Order within 7 hrs 0 mins to ship today');
    expect(line('2026-11-18T18:30:00Z')).toBe('Order within 22 hrs 30 mins to ship tomorrow');
    expect(line('2026-11-20T17:39:00Z')).toBe('Order by 5:00 PM UTC on Monday, November 23 to ship that day');
    expect(line('2026-11-22T09:00:00Z')).toBe('Order by 5:00 PM UTC on Monday, November 23 to ship that day');
    expect(line('2026-11-22T18:00:00Z')).toBe('Order within 23 hrs 0 mins to ship tomorrow');
  });
});
