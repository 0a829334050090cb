import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { AdViewEvent } from '../../../domain/sponsored/sponsored';
import { createAdEventQueue } from './ad-event-queue';

const event = (i: number): AdViewEvent => ({
  qualifier: 'pageview01',
  id: `pageview01-AD${i}-view`,
  widgetName: 'sp_detail',
  adId: `AD${i}`,
  adIndex: i,
  eventType: 'view',
});

describe('ad event queue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  const timers = {
    set: (run: () => void, ms: number) => setTimeout(run, ms) as unknown as number,
    clear: (id: number) => clearTimeout(id),
  };

  test('ADS-009 a batch goes out every 250 ms while events wait', () => {
    const sent: { events: { data: AdViewEvent }[]; beacon: boolean }[] = [];
    const queue = createAdEventQueue((events, { beacon }) => sent.push({ events, beacon }), timers);
    queue.push(event(1));
    queue.push(event(2));
    vi.advanceTimersByTime(249);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([{ events: [{ data: event(1) }, { data: event(2) }], beacon: false }]);
    vi.advanceTimersByTime(1000);
    expect(sent).toHaveLength(1);
  });

  test('ADS-009 ADS-004 more than 15 queued go out at once, as {events:[{data}]}', () => {
    const sent: { data: AdViewEvent }[][] = [];
    const queue = createAdEventQueue((events) => sent.push(events), timers);
    for (let i = 1; i <= 15; i++) queue.push(event(i));
    expect(sent).toEqual([]);
    queue.push(event(16));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toHaveLength(16);
    expect(sent[0]?.[15]).toEqual({ data: event(16) });
  });

  test('ADS-004 closing the page sends what waits by beacon', () => {
    const sent: boolean[] = [];
    const queue = createAdEventQueue((_events, { beacon }) => sent.push(beacon), timers);
    queue.push(event(1));
    queue.close();
    expect(sent).toEqual([true]);
    vi.advanceTimersByTime(1000);
    expect(sent).toEqual([true]);
    queue.close();
    expect(sent).toEqual([true]);
  });
});
