// S1 §9 metrics of the add-on widget: the hijack and dismissal timers (VAS-046, VAS-047). The popover's
// repositioning (VAS-048) is the popover's own (ui/popover.tsx, repositionMs).
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
