import { describe, expect, test } from 'vitest';
import { AsyncCache } from './async-cache';

describe('async cache', () => {
  test('BIZ-020 each key is in progress, then ready or error', async () => {
    const cache = new AsyncCache<number>();
    expect(cache.state('a')).toBe('absent');
    let finish: (value: number) => void = () => undefined;
    const loading = cache.get('a', () => new Promise<number>((resolve) => (finish = resolve)));
    expect(cache.state('a')).toBe('in-progress');
    finish(7);
    await expect(loading).resolves.toBe(7);
    expect(cache.state('a')).toBe('ready');
    await expect(cache.get('b', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(cache.state('b')).toBe('error');
    // A failed key loads again on the next ask.
    await expect(cache.get('b', () => Promise.resolve(2))).resolves.toBe(2);
  });

  test('BIZ-021 concurrent requests for the same key share one load', async () => {
    const cache = new AsyncCache<string>();
    let loads = 0;
    const load = () => {
      loads += 1;
      return new Promise<string>((resolve) => setTimeout(() => resolve('tiers'), 5));
    };
    const answers = await Promise.all([cache.get('k', load), cache.get('k', load), cache.get('k', load)]);
    expect(answers).toEqual(['tiers', 'tiers', 'tiers']);
    expect(loads).toBe(1);
    await cache.get('k', load);
    expect(loads).toBe(1);
  });
});
