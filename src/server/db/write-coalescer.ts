// Writes that all compete for one row (a lightning deal's units) run one after the other however many
// connections send them: each holds the row until its commit. A coalescer keeps at most one batch of a
// key in flight in this process; writes that arrive meanwhile wait and go together in the next batch,
// one statement and one commit for all of them (decision 0037). A write that arrives while nothing of
// its key is in flight starts at once, so an idle store adds no delay.

type Waiting<T, R> = { item: T; resolve: (result: R) => void; reject: (error: unknown) => void };

export type Coalescer<T, R> = (key: string, item: T) => Promise<R>;

/**
 * `run` writes a batch (in the order given) and answers one result per item, in the same order; if it
 * throws, every item of the batch fails with its error. `apart(item, batch)` keeps an item out of a
 * batch (it waits for the next one), e.g. a second write of the same shopper.
 */
export function coalescer<T, R>(
  run: (batch: T[]) => Promise<R[]>,
  options: { maxBatch: number; apart?: (item: T, batch: readonly T[]) => boolean },
): Coalescer<T, R> {
  const queues = new Map<string, Waiting<T, R>[]>();

  const flush = async (key: string, queue: Waiting<T, R>[]) => {
    while (queue.length > 0) {
      const batch: Waiting<T, R>[] = [];
      const later: Waiting<T, R>[] = [];
      for (const waiting of queue) {
        const items = batch.map((b) => b.item);
        if (batch.length < options.maxBatch && !options.apart?.(waiting.item, items)) batch.push(waiting);
        else later.push(waiting);
      }
      queue.splice(0, queue.length, ...later);
      try {
        const results = await run(batch.map((b) => b.item));
        if (results.length !== batch.length) throw new Error('coalesced write answered the wrong count');
        for (const [i, b] of batch.entries()) b.resolve(results[i] as R);
      } catch (error) {
        for (const b of batch) b.reject(error);
      }
    }
    queues.delete(key);
  };

  return (key, item) =>
    new Promise<R>((resolve, reject) => {
      const queue = queues.get(key);
      if (queue) {
        queue.push({ item, resolve, reject });
        return;
      }
      const fresh: Waiting<T, R>[] = [{ item, resolve, reject }];
      queues.set(key, fresh);
      void flush(key, fresh);
    });
}
