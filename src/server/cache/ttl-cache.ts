/** A bounded map whose entries expire `ttlMs` after they are set; time comes from the app's clock. */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number,
  ) {}

  /** False when the TTL is 0: nothing is kept, so callers need not build a value to store. */
  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /** Entries held, expired ones not yet dropped included. */
  get size(): number {
    return this.entries.size;
  }

  get(key: string): V | undefined {
    if (this.ttlMs <= 0) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: V): void {
    if (this.ttlMs <= 0) return;
    const now = this.now();
    // Entries are kept in the order they were set, which with one TTL is the order they expire: the
    // expired ones at the front go now, so a cache of many keys read once (a large catalog) holds about
    // a TTL's worth of them, not maxEntries (decision 0021). A full cache drops the oldest.
    for (const [oldest, entry] of this.entries) {
      if (entry.expiresAt > now && this.entries.size < this.maxEntries) break;
      this.entries.delete(oldest);
    }
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: now + this.ttlMs });
  }

  clear(): void {
    this.entries.clear();
  }
}
