// S1 §9 metrics of the add-on widget: the hijack and dismissal timers (VAS-046, VAS-047) and the
// popover's throttled repositioning (VAS-048).
import { VAS_TIMINGS } from '../../shared/add-on-services-constants';

/** VAS-046: at each 60 s check, a press held by the interstitial for over 300 s is reported. */
export function hijackOverdue(heldSince: number, now: number): boolean {
  return now - heldSince > VAS_TIMINGS.hijackWarnMs;
}

/** VAS-047: at each 20 s check, an interstitial left open for over 30 s without an answer is reported. */
export function dismissalOverdue(shownAt: number, now: number): boolean {
  return now - shownAt > VAS_TIMINGS.dismissalWarnMs;
}

/** VAS-047: the second dismissal of the interstitial on a page view is flagged. */
export function dismissalFlag(dismissalsBefore: number): 'first' | 'repeat' {
  return dismissalsBefore === 0 ? 'first' : 'repeat';
}

/**
 * VAS-048: runs `run` at most once per `waitMs`: the first call at once, later calls within the window
 * once at its end (with the latest state).
 */
export function throttle(
  run: () => void,
  waitMs: number,
  clock: { now: () => number; setTimeout: (fn: () => void, ms: number) => unknown },
): () => void {
  let last = Number.NEGATIVE_INFINITY;
  let pending = false;
  return () => {
    const now = clock.now();
    if (now - last >= waitMs) {
      last = now;
      run();
      return;
    }
    if (pending) return;
    pending = true;
    clock.setTimeout(
      () => {
        pending = false;
        last = clock.now();
        run();
      },
      waitMs - (now - last),
    );
  };
}
