// The bundles side sheet (BDL-008..016) as states and timings; the page renders what these answer.

/** BDL-009: the sheet slides in and out over 0.5 s (drawer animation 500 ms). */
export const DRAWER_SLIDE_MS = 500;
/** BDL-010: the backdrop follows the sheet about 0.4 s later. */
export const DRAWER_BACKDROP_DELAY_MS = 400;
/** BDL-015: after a successful accessory add, the add button returns this long after. */
export const ACCESSORY_BUTTON_RESET_MS = 3000;

/** BDL-008: not ready (no data yet), ready (data in, sheet not shown), shown, closed. */
export type DrawerState = 'not-ready' | 'ready' | 'shown' | 'closed';
export type DrawerEvent = 'loaded' | 'open' | 'close';

/**
 * BDL-008: the drawer's next state. Opening before the data is in waits for it (the sheet shows as
 * soon as it is ready), so `open` on not ready stays not ready and remembers the wish in `wantsOpen`.
 */
export function drawerTransition(
  current: { state: DrawerState; wantsOpen: boolean },
  event: DrawerEvent,
): { state: DrawerState; wantsOpen: boolean } {
  switch (event) {
    case 'loaded':
      if (current.state !== 'not-ready') return current;
      return current.wantsOpen ? { state: 'shown', wantsOpen: false } : { state: 'ready', wantsOpen: false };
    case 'open':
      if (current.state === 'not-ready') return { state: 'not-ready', wantsOpen: true };
      return { state: 'shown', wantsOpen: false };
    case 'close':
      if (current.state === 'not-ready') return { state: 'not-ready', wantsOpen: false };
      return current.state === 'shown' ? { state: 'closed', wantsOpen: false } : current;
  }
}

/** A bundle card's add, BDL-011..013: what the card shows. */
export type BundleAddState =
  | { kind: 'idle' }
  | { kind: 'adding' }
  | { kind: 'added' }
  | { kind: 'failed'; message: string }
  | { kind: 'in-cart' };

/** BDL-012/013: the add button shows only while nothing has happened yet (or the add is running). */
export function bundleAddButtonShown(state: BundleAddState): boolean {
  return state.kind === 'idle' || state.kind === 'adding';
}

/** An accessory card's add in the post-add panel, BDL-014..016. */
export type AccessoryAddState =
  | { kind: 'button' }
  | { kind: 'spinner' }
  | { kind: 'success'; inCart: number; limitReached: boolean }
  | { kind: 'error' };

/** BDL-014: the success count, and whether the item's quantity limit (0 or missing: none) is reached. */
export function accessoryAdded(
  inCart: number,
  maxOrderQuantity: number | null | undefined,
): AccessoryAddState {
  const limit = typeof maxOrderQuantity === 'number' && maxOrderQuantity > 0 ? maxOrderQuantity : null;
  return { kind: 'success', inCart, limitReached: limit !== null && inCart >= limit };
}

/** BDL-015: 3 s after a success the button returns, unless the limit is reached (the count stays). */
export function afterAccessoryReset(state: AccessoryAddState): AccessoryAddState {
  return state.kind === 'success' && !state.limitReached ? { kind: 'button' } : state;
}
