// Sponsored-product carousels (ADS-*): when an ad view counts, how events are batched, how a carousel
// page is asked for, and the click-through rate the report prints.

/** ADS-008: an ad counts as viewed after this long on screen... */
export const AD_VIEW_MS = 500;
/** ADS-008: ...with at least this share of its card inside the viewport (the 15% offset). */
export const AD_VIEW_OFFSET = 0.15;
/** ADS-009: a batch goes out as soon as it holds more than this many events... */
export const AD_BATCH_MAX = 15;
/** ADS-009: ...and in any case every this many ms while it holds any. */
export const AD_BATCH_INTERVAL_MS = 250;

import { CAROUSEL_FETCH_CAP } from '../../shared/sponsored-constants';

export { CAROUSEL_FETCH_CAP };

/** ADS-003: one ad view (or click) event's data. */
export type AdViewEvent = {
  qualifier: string;
  id: string;
  widgetName: string;
  adId: string;
  adIndex: number;
  eventType: 'view';
};

/**
 * ADS-001/008: the viewability clock of one carousel. Each ad's card reports whether it is in view (at
 * least the 15% offset) and the tab reports whether it is visible; an ad counts once it has been in
 * view for 500 ms without a break while the tab was visible, once per ad and page view. Pure: `now`
 * comes from the caller, and `due` answers which ads count at a moment.
 */
export type ViewClock = {
  /** Ads in view now, with the moment their current unbroken stretch began. */
  readonly since: ReadonlyMap<string, number>;
  /** Ads already counted in this page view. */
  readonly counted: ReadonlySet<string>;
  readonly tabVisible: boolean;
};

export const newViewClock = (tabVisible: boolean): ViewClock => ({
  since: new Map(),
  counted: new Set(),
  tabVisible,
});

/** A card's share in view changed. Below the offset (or with the tab hidden) its stretch ends. */
export function cardSeen(clock: ViewClock, adId: string, ratio: number, now: number): ViewClock {
  const since = new Map(clock.since);
  if (ratio >= AD_VIEW_OFFSET && !clock.counted.has(adId)) {
    if (!since.has(adId) && clock.tabVisible) since.set(adId, now);
  } else {
    since.delete(adId);
  }
  return { ...clock, since };
}

/**
 * The tab was hidden or shown. Hiding ends every stretch (time in a hidden tab never counts); showing
 * starts a fresh one for the cards still in view, as `inView` lists them.
 */
export function tabVisibility(
  clock: ViewClock,
  visible: boolean,
  inView: readonly string[],
  now: number,
): ViewClock {
  if (!visible) return { ...clock, tabVisible: false, since: new Map() };
  const since = new Map<string, number>();
  for (const adId of inView) if (!clock.counted.has(adId)) since.set(adId, now);
  return { ...clock, tabVisible: true, since };
}

/** The ads whose stretch reached 500 ms by `now`: they count, once. */
export function dueViews(clock: ViewClock, now: number): { clock: ViewClock; due: string[] } {
  if (!clock.tabVisible) return { clock, due: [] };
  const due = [...clock.since].filter(([, start]) => now - start >= AD_VIEW_MS).map(([adId]) => adId);
  if (due.length === 0) return { clock, due };
  const since = new Map(clock.since);
  const counted = new Set(clock.counted);
  for (const adId of due) {
    since.delete(adId);
    counted.add(adId);
  }
  return { clock: { ...clock, since, counted }, due };
}

/** When the next ad could count: the earliest stretch's 500 ms mark, or null when none runs. */
export function nextDueAt(clock: ViewClock): number | null {
  if (!clock.tabVisible || clock.since.size === 0) return null;
  return Math.min(...clock.since.values()) + AD_VIEW_MS;
}

/** ADS-009: a queue this long goes out at once, without waiting for the interval. */
export const batchIsFull = (queued: number) => queued > AD_BATCH_MAX;

/** ADS-006/010: the carousel's page query: pg, tot, start, num (at most 30), cc, oData. */
export function carouselPageQuery(page: {
  pg: number;
  tot: number;
  start: number;
  num: number;
  cc: number;
  oData: string;
}): URLSearchParams {
  return new URLSearchParams({
    pg: String(page.pg),
    tot: String(page.tot),
    start: String(page.start),
    num: String(Math.min(Math.max(1, page.num), CAROUSEL_FETCH_CAP)),
    cc: String(page.cc),
    oData: page.oData,
  });
}

/** ADS-010: the number of ads a page fetch answers: what is asked, at most 30 and what is left. */
export function carouselPageSize(num: number, start: number, total: number): number {
  return Math.max(0, Math.min(num, CAROUSEL_FETCH_CAP, total - start));
}

/** Click-through rate in percent, two decimals; 0 when the ad was never seen. */
export function clickThroughRate(impressions: number, clicks: number): number {
  if (impressions <= 0) return 0;
  return Math.round((clicks / impressions) * 10_000) / 100;
}
