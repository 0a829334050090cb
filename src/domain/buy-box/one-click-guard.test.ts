import { describe, expect, test } from 'vitest';
import {
  clickOneClick,
  isBlocked,
  ONE_CLICK_GUARD_MS,
  OPEN_ONE_CLICK_GUARD,
  pageShown,
} from './one-click-guard';

describe('one-click guard', () => {
  const t0 = 1_700_000_000_000;

  test('BB-026 the first click is allowed and blocks the button until 30000 ms have passed', () => {
    expect(ONE_CLICK_GUARD_MS).toBe(30000);
    expect(isBlocked(OPEN_ONE_CLICK_GUARD, t0)).toBe(false);
    const clicked = clickOneClick(OPEN_ONE_CLICK_GUARD, t0);
    expect(isBlocked(clicked, t0)).toBe(true);
    expect(isBlocked(clicked, t0 + 29_999)).toBe(true);
    expect(isBlocked(clicked, t0 + 30_000)).toBe(false);
  });

  test('BB-026 a click while blocked does not extend the block', () => {
    const clicked = clickOneClick(OPEN_ONE_CLICK_GUARD, t0);
    const again = clickOneClick(clicked, t0 + 20_000);
    expect(again).toBe(clicked);
    expect(isBlocked(again, t0 + 30_000)).toBe(false);
  });

  test('BB-026 a click after the timeout starts a new block', () => {
    const later = clickOneClick(clickOneClick(OPEN_ONE_CLICK_GUARD, t0), t0 + 40_000);
    expect(isBlocked(later, t0 + 69_999)).toBe(true);
  });

  test('BB-027 the block lifts when the page reappears, before the timeout', () => {
    const clicked = clickOneClick(OPEN_ONE_CLICK_GUARD, t0);
    expect(isBlocked(pageShown(clicked), t0 + 1_000)).toBe(false);
  });
});
