import { describe, expect, test } from 'vitest';
import { DEFAULT_SCROLL_MS, JUMP_LINK_SCROLL_MS, jumpLinksEnabled, scrollPosition } from './jump-links';

describe('jumpLinksEnabled', () => {
  const onPage = new Set(['reviews', 'specs', 'compare']);
  const hasTarget = (id: string) => onPage.has(id);

  test('BB-005 enabled when every target exists', () => {
    expect(jumpLinksEnabled(['reviews', 'specs'], hasTarget)).toBe(true);
  });

  test('BB-005 not enabled when any target is missing, or there are no links', () => {
    expect(jumpLinksEnabled(['reviews', 'questions'], hasTarget)).toBe(false);
    expect(jumpLinksEnabled([], hasTarget)).toBe(false);
  });
});

describe('scrollPosition', () => {
  test('BB-006 BB-007 jump links scroll for 500 ms, other scrolls for 1000 ms', () => {
    expect(JUMP_LINK_SCROLL_MS).toBe(500);
    expect(DEFAULT_SCROLL_MS).toBe(1000);
    expect(scrollPosition(0, 800, JUMP_LINK_SCROLL_MS, JUMP_LINK_SCROLL_MS)).toBe(800);
    expect(scrollPosition(0, 800, JUMP_LINK_SCROLL_MS, DEFAULT_SCROLL_MS)).toBe(400);
  });

  test('BB-004 the scroll starts at start, ends exactly at end and eases in and out', () => {
    expect(scrollPosition(100, 900, 0, 500)).toBe(100);
    expect(scrollPosition(100, 900, 500, 500)).toBe(900);
    expect(scrollPosition(100, 900, 800, 500)).toBe(900);
    expect(scrollPosition(100, 900, 250, 500)).toBe(500);
    // slow at both ends: the first and last tenths cover less than a tenth of the distance
    expect(scrollPosition(0, 1000, 50, 500)).toBeLessThan(100);
    expect(scrollPosition(0, 1000, 450, 500)).toBeGreaterThan(900);
  });

  test('BB-004 the position never goes backwards, also when scrolling up', () => {
    let previous = scrollPosition(1000, 0, 0, 500);
    for (let elapsed = 10; elapsed <= 500; elapsed += 10) {
      const position = scrollPosition(1000, 0, elapsed, 500);
      expect(position).toBeLessThanOrEqual(previous);
      previous = position;
    }
    expect(previous).toBe(0);
  });
});
