import { describe, expect, test } from 'vitest';
import {
  AD_BATCH_INTERVAL_MS,
  AD_BATCH_MAX,
  AD_VIEW_MS,
  AD_VIEW_OFFSET,
  batchIsFull,
  CAROUSEL_FETCH_CAP,
  cardSeen,
  carouselPageQuery,
  carouselPageSize,
  clickThroughRate,
  dueViews,
  newViewClock,
  nextDueAt,
  tabVisibility,
} from './sponsored';

describe('ad view counting', () => {
  test('ADS-008 a view counts after 500 ms on screen with at least 15% of the card in view', () => {
    expect(AD_VIEW_MS).toBe(500);
    expect(AD_VIEW_OFFSET).toBe(0.15);
    let clock = cardSeen(newViewClock(true), 'A', 0.15, 1000);
    expect(nextDueAt(clock)).toBe(1500);
    expect(dueViews(clock, 1499).due).toEqual([]);
    const result = dueViews(clock, 1500);
    expect(result.due).toEqual(['A']);
    clock = result.clock;
    // Once per ad and page view.
    clock = cardSeen(clock, 'A', 0, 1600);
    clock = cardSeen(clock, 'A', 1, 1700);
    expect(dueViews(clock, 5000).due).toEqual([]);
  });

  test('ADS-008 less than 15% in view, or a break before 500 ms, does not count', () => {
    let clock = cardSeen(newViewClock(true), 'A', 0.14, 0);
    expect(dueViews(clock, 10_000).due).toEqual([]);
    clock = cardSeen(clock, 'A', 0.5, 0);
    clock = cardSeen(clock, 'A', 0.1, 400);
    expect(dueViews(clock, 600).due).toEqual([]);
    clock = cardSeen(clock, 'A', 0.5, 700);
    expect(dueViews(clock, 1100).due).toEqual([]);
    expect(dueViews(clock, 1200).due).toEqual(['A']);
  });

  test('ADS-001 time with the tab hidden never counts; showing it starts a fresh stretch', () => {
    let clock = cardSeen(newViewClock(true), 'A', 1, 0);
    clock = tabVisibility(clock, false, ['A'], 300);
    expect(dueViews(clock, 5000).due).toEqual([]);
    // In view while hidden: nothing starts.
    clock = cardSeen(clock, 'B', 1, 400);
    expect(nextDueAt(clock)).toBeNull();
    clock = tabVisibility(clock, true, ['A', 'B'], 6000);
    expect(dueViews(clock, 6499).due).toEqual([]);
    expect(dueViews(clock, 6500).due.sort()).toEqual(['A', 'B']);
  });

  test('ADS-009 a batch goes out at more than 15 events, or every 250 ms', () => {
    expect(AD_BATCH_MAX).toBe(15);
    expect(AD_BATCH_INTERVAL_MS).toBe(250);
    expect(batchIsFull(15)).toBe(false);
    expect(batchIsFull(16)).toBe(true);
  });

  test('ADS-006 ADS-010 the page query carries pg, tot, start, num, cc and oData, num capped at 30', () => {
    const query = carouselPageQuery({ pg: 2, tot: 40, start: 4, num: 50, cc: 4, oData: 'abc' });
    expect([...query.keys()]).toEqual(['pg', 'tot', 'start', 'num', 'cc', 'oData']);
    expect(query.get('num')).toBe(String(CAROUSEL_FETCH_CAP));
    expect(carouselPageSize(50, 0, 100)).toBe(30);
    expect(carouselPageSize(4, 8, 10)).toBe(2);
    expect(carouselPageSize(4, 12, 10)).toBe(0);
  });

  test('the click-through rate is clicks over impressions in percent', () => {
    expect(clickThroughRate(0, 0)).toBe(0);
    expect(clickThroughRate(3, 1)).toBe(33.33);
    expect(clickThroughRate(200, 3)).toBe(1.5);
  });
});
