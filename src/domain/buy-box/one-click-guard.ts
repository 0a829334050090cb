// Stops a second one-click order from a double click (BB-026, BB-027).

export const ONE_CLICK_GUARD_MS = 30000;

export type OneClickGuard = { blockedUntil: number | null };

export const OPEN_ONE_CLICK_GUARD: OneClickGuard = { blockedUntil: null };

/** Whether the one-click submit button is blocked at `now` (BB-026). */
export function isBlocked(state: OneClickGuard, now: number): boolean {
  return state.blockedUntil !== null && now < state.blockedUntil;
}

/** A one-click press at `now`: the first blocks presses for 30 s; a press while blocked changes nothing. */
export function clickOneClick(state: OneClickGuard, now: number): OneClickGuard {
  if (isBlocked(state, now)) return state;
  return { blockedUntil: now + ONE_CLICK_GUARD_MS };
}

/** The page reappeared (pageshow, visibilitychange): the block lifts at once (BB-027). */
export function pageShown(_state: OneClickGuard): OneClickGuard {
  return OPEN_ONE_CLICK_GUARD;
}
