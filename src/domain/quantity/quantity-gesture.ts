// Presses of a stepper or slider collapse into one request for the final quantity (QS-010, the
// Catalyst pattern in DESIGN.md): presses move the shown quantity at once; when the presses pause for
// the debounce time, one request asks the cart for the absolute quantity shown. One request runs at a
// time; a failure undoes only the gesture it carried, never presses made after it was sent.

export type GestureState = {
  /** What the cart holds, as the last answer said. */
  confirmed: number;
  /** What the shopper sees: the confirmed quantity plus the presses not yet settled. */
  shown: number;
  /** The request in flight: the quantity it moves from and to. */
  sent: { from: number; to: number } | null;
};

export const gestureStart = (inCart: number): GestureState => ({
  confirmed: inCart,
  shown: inCart,
  sent: null,
});

/** A press moves the shown quantity to `target` (the stepper or slider rule computed it). */
export function gesturePress(state: GestureState, target: number): GestureState {
  return { ...state, shown: target };
}

/**
 * The debounce time passed: the request to send now (the absolute quantity shown), or null when one is
 * already in flight (it is sent when that one settles) or nothing changed.
 */
export function gestureFlush(state: GestureState): { state: GestureState; send: number | null } {
  if (state.sent || state.shown === state.confirmed) return { state, send: null };
  return { state: { ...state, sent: { from: state.confirmed, to: state.shown } }, send: state.shown };
}

/**
 * The request settled. Success: the cart's quantity is confirmed, and shown unless the shopper pressed
 * again meanwhile. Failure: the shown quantity goes back to the confirmed one, unless later presses moved
 * it on (those are their own gesture and are sent next).
 */
export function gestureSettle(
  state: GestureState,
  answer: { ok: true; quantity: number } | { ok: false },
): GestureState {
  const sent = state.sent;
  if (!sent) return state;
  const untouched = state.shown === sent.to;
  if (answer.ok) {
    return { confirmed: answer.quantity, shown: untouched ? answer.quantity : state.shown, sent: null };
  }
  return { confirmed: state.confirmed, shown: untouched ? state.confirmed : state.shown, sent: null };
}

/** Whether anything is waiting to be sent once the current request (if any) settles. */
export const gesturePending = (state: GestureState) => state.shown !== state.confirmed && !state.sent;
