import { describe, expect, test } from 'vitest';
import { TtlCache } from './ttl-cache';

describe('TtlCache', () => {
  test('an entry is served until its TTL ends, then not', () => {
    let now = 1_000;
    const cache = new TtlCache<string>(1_000, 10, () => now);
    cache.set('a', 'A');
    now += 999;
    expect(cache.get('a')).toBe('A');
    now += 1;
    expect(cache.get('a')).toBeUndefined();
  });

  test('setting drops the entries that have expired, so many keys read once are not all kept', () => {
    let now = 0;
    const cache = new TtlCache<number>(1_000, 5_000, () => now);
    for (let i = 0; i < 3_000; i++) {
      cache.set(`product-${i}`, i);
      now += 1;
    }
    // One entry per millisecond with a TTL of a second: about a second's worth is held.
    expect(cache.size).toBeLessThanOrEqual(1_001);
    expect(cache.get('product-2999')).toBe(2999);
    expect(cache.get('product-0')).toBeUndefined();
  });

  test('a key set again moves to the back and keeps its fresh TTL', () => {
    let now = 0;
    const cache = new TtlCache<string>(1_000, 10, () => now);
    cache.set('a', 'old');
    now = 500;
    cache.set('b', 'B');
    cache.set('a', 'new');
    now = 1_200;
    cache.set('c', 'C');
    expect(cache.get('a')).toBe('new');
    expect(cache.get('b')).toBe('B');
  });

  test('a full cache drops the entry set longest ago', () => {
    const cache = new TtlCache<number>(60_000, 3, () => 0);
    for (const key of ['a', 'b', 'c', 'd']) cache.set(key, 1);
    expect(cache.size).toBe(3);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('d')).toBe(1);
  });

  test('a TTL of 0 keeps nothing', () => {
    const cache = new TtlCache<number>(0, 10, () => 0);
    cache.set('a', 1);
    expect(cache.enabled).toBe(false);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});
