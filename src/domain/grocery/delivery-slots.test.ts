import { describe, expect, test } from 'vitest';
import {
  checkWeighedAmount,
  deliveryWindows,
  FRESH_ORDER_CUTOFF_MS,
  freshLineTotalMinor,
  isWeighed,
  minimumShortfallMinor,
  offeredWindow,
  placesLeft,
  SLOT_HOLD_MS,
  slotFullMessage,
  slotLabel,
  toMilli,
} from './delivery-slots';

const NOON = Date.UTC(2026, 10, 27, 12, 0);

describe('delivery windows', () => {
  test('GRO-025 two-hour windows, each with its cut-off still ahead of a hold', () => {
    const windows = deliveryWindows(NOON);
    // Today at 12:00 UTC: 16:00 closes at 14:00 (ahead); 14:00 closes at 12:00 (gone).
    expect(windows[0]).toEqual({
      start: Date.UTC(2026, 10, 27, 16),
      end: Date.UTC(2026, 10, 27, 18),
      cutoffAt: Date.UTC(2026, 10, 27, 14),
    });
    for (const w of windows) {
      expect(w.end - w.start).toBe(2 * 3_600_000);
      expect(w.cutoffAt).toBe(w.start - FRESH_ORDER_CUTOFF_MS);
      expect(w.cutoffAt - SLOT_HOLD_MS).toBeGreaterThan(NOON);
    }
    expect(windows).toHaveLength(2 + 3 * 6);
  });

  test('a window is offered only while its cut-off is ahead', () => {
    const start = Date.UTC(2026, 10, 27, 16);
    expect(offeredWindow(start, NOON)).not.toBeNull();
    expect(offeredWindow(start, start - FRESH_ORDER_CUTOFF_MS - SLOT_HOLD_MS)).toBeNull();
    expect(offeredWindow(start + 1, NOON)).toBeNull();
  });

  test('places left and the refusal naming the window', () => {
    expect(placesLeft(5, 3)).toBe(2);
    expect(placesLeft(5, 7)).toBe(0);
    const start = Date.UTC(2026, 10, 28, 8);
    expect(slotLabel(start, start + 7_200_000)).toBe('Saturday, November 28, 8:00 AM–10:00 AM');
    expect(slotFullMessage(start, start + 7_200_000)).toBe(
      'The delivery window Saturday, November 28, 8:00 AM–10:00 AM is full. Choose another window.',
    );
  });
});

describe('weighed items and the minimum', () => {
  test('GRO-004 weighed lines are priced by weight, rounded once per line', () => {
    expect(isWeighed('lb')).toBe(true);
    expect(isWeighed('bunch')).toBe(false);
    expect(freshLineTotalMinor(69, 1, toMilli(2.5))).toBe(173); // 1.725 → 1.73
    expect(freshLineTotalMinor(349, 2, null)).toBe(698);
    expect(checkWeighedAmount(toMilli(2.5))).toBeNull();
    expect(checkWeighedAmount(toMilli(2.3))).not.toBeNull();
    expect(checkWeighedAmount(0)).not.toBeNull();
  });

  test('the minimum order shortfall', () => {
    expect(minimumShortfallMinor(800, 1000)).toBe(200);
    expect(minimumShortfallMinor(1200, 1000)).toBe(0);
  });
});
