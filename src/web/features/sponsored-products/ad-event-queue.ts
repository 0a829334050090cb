import { AD_BATCH_INTERVAL_MS, type AdViewEvent, batchIsFull } from '../../../domain/sponsored/sponsored';

export type AdEventQueue = {
  push(event: AdViewEvent): void;
  /** Sends what is queued now: by beacon when the page is going away. */
  flush(options?: { beacon?: boolean }): void;
  /** Stops the timer (what is queued is sent by beacon first). */
  close(): void;
};

/**
 * ADS-009: queued view events go out as one batch when more than 15 are waiting, and otherwise every
 * 250 ms while any wait. `send` posts a batch; timers are the window's (or a test's).
 */
export function createAdEventQueue(
  send: (events: { data: AdViewEvent }[], options: { beacon: boolean }) => void,
  timers: { set: (run: () => void, ms: number) => number; clear: (id: number) => void } = {
    set: (run, ms) => window.setTimeout(run, ms),
    clear: (id) => window.clearTimeout(id),
  },
): AdEventQueue {
  let queued: AdViewEvent[] = [];
  let timer: number | null = null;
  const flush = ({ beacon = false }: { beacon?: boolean } = {}) => {
    if (timer !== null) timers.clear(timer);
    timer = null;
    if (queued.length === 0) return;
    const batch = queued.map((data) => ({ data }));
    queued = [];
    send(batch, { beacon });
  };
  return {
    push(event) {
      queued.push(event);
      if (batchIsFull(queued.length)) flush();
      else timer ??= timers.set(() => flush(), AD_BATCH_INTERVAL_MS);
    },
    flush,
    close() {
      flush({ beacon: true });
    },
  };
}
