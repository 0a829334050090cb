/** BIZ-020: what the cache knows of one key. */
export type CacheEntry<V> =
  | { state: 'in-progress'; promise: Promise<V> }
  | { state: 'ready'; value: V }
  | { state: 'error'; error: unknown };

/**
 * BIZ-020 / BIZ-021: an async cache that tracks each key as in progress, ready or error; callers asking
 * for a key being loaded share that one load. A key that failed is loaded again on the next ask.
 */
export class AsyncCache<V> {
  private readonly entries = new Map<string, CacheEntry<V>>();

  state(key: string): CacheEntry<V>['state'] | 'absent' {
    return this.entries.get(key)?.state ?? 'absent';
  }

  get(key: string, load: () => Promise<V>): Promise<V> {
    const entry = this.entries.get(key);
    if (entry?.state === 'ready') return Promise.resolve(entry.value);
    if (entry?.state === 'in-progress') return entry.promise;
    const promise = load().then(
      (value) => {
        this.entries.set(key, { state: 'ready', value });
        return value;
      },
      (error: unknown) => {
        this.entries.set(key, { state: 'error', error });
        throw error;
      },
    );
    this.entries.set(key, { state: 'in-progress', promise });
    return promise;
  }
}
