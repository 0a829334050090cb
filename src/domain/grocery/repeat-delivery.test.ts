import { describe, expect, test } from 'vitest';
import { GROCERY_TIMEOUTS } from '../../shared/grocery-constants';
import {
  cadenceLabel,
  earliestDropDate,
  firstDropDate,
  nextDropAfterCadenceChange,
  nextDropAfterSkip,
  REPEAT_CADENCE_WEEKS,
  renderableNextDropDate,
  renderableQuantityCadence,
  STAPLES_SUCCESS_FADE_MS,
} from './repeat-delivery';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 22, 12); // Sunday noon

describe('repeat delivery', () => {
  test('cadences are every 1, 2, 3, 4, 6 or 8 weeks', () => {
    expect(REPEAT_CADENCE_WEEKS).toEqual([1, 2, 3, 4, 6, 8]);
    expect(cadenceLabel(1)).toBe('Every week');
    expect(cadenceLabel(6)).toBe('Every 6 weeks');
  });

  test('STP-002 the next drop date: first the earliest day, then one new cadence after the previous drop', () => {
    expect(earliestDropDate(NOW)).toBe(Date.UTC(2026, 10, 24));
    expect(firstDropDate(NOW)).toBe(Date.UTC(2026, 10, 24));
    const next = Date.UTC(2026, 11, 8);
    expect(nextDropAfterCadenceChange(next, 2, 4, NOW)).toBe(Date.UTC(2026, 11, 22));
    expect(nextDropAfterCadenceChange(next, 4, 2, NOW)).toBe(Date.UTC(2026, 10, 24));
    expect(nextDropAfterCadenceChange(next, 2, 2, NOW)).toBe(next);
    expect(nextDropAfterSkip(next, 3)).toBe(next + 21 * DAY);
  });

  test('STP-002 the renderable texts', () => {
    expect(renderableQuantityCadence(1, 'bunch', 2)).toBe('1 bunch every 2 weeks');
    expect(renderableQuantityCadence(3, 'bunch', 1)).toBe('3 bunches every week');
    expect(renderableQuantityCadence(2, 'gallon', 4)).toBe('2 gallons every 4 weeks');
    expect(renderableQuantityCadence(2, 'each', 8)).toBe('2 items every 8 weeks');
    expect(renderableNextDropDate(Date.UTC(2026, 10, 27))).toBe('Friday, November 27');
  });

  test('STP-005 the success view fades in after 1 s; STP-011 STP-012 staples calls time out after 10 s', () => {
    expect(STAPLES_SUCCESS_FADE_MS).toBe(1000);
    // The timeout the staples calls pass (src/web/api/grocery-api.ts); repeat-delivery.spec.ts stalls one.
    expect(GROCERY_TIMEOUTS.staples).toBe(10_000);
  });
});
