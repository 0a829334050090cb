// The quantity stepper (QS-006..012): plus and minus over the selector's items, or by one unit in the
// simplified stepper. Reaching zero clears the selection and hands the add button back.

import type { SelectorConfig } from './selector';

export type StepperState = { selectedId: string | null; quantity: number };

export type StepperOutcome = {
  state: StepperState;
  /** The step changed the quantity, so the configured action runs (debounced, QS-010). */
  action: boolean;
  /** QS-009: the quantity reached zero: the selection is cleared and the add button shows again. */
  cleared: boolean;
};

/** The quantities a stepper moves between: the items' (sorted), or min..max by one in the simplified stepper. */
export type StepperLimits = { min: number; max: number };

const sortedItems = (config: SelectorConfig) => [...config.items].sort((a, b) => a.quantity - b.quantity);

/** The lowest and highest quantity the stepper can show. */
export function stepperLimits(config: SelectorConfig, simplified?: StepperLimits): StepperLimits {
  if (config.flags.simplifiedStepper && simplified) return simplified;
  const items = sortedItems(config);
  return { min: items[0]?.quantity ?? 1, max: items.at(-1)?.quantity ?? 1 };
}

const cleared = (): StepperOutcome => ({
  state: { selectedId: null, quantity: 0 },
  action: true,
  cleared: true,
});

/**
 * QS-006/007: plus moves to the next item, or adds one unit in the simplified stepper; from zero it
 * goes to the first item (or the minimum). At the maximum nothing changes (QS-012 disables the button).
 */
export function stepperIncrement(
  config: SelectorConfig,
  state: StepperState,
  simplified?: StepperLimits,
): StepperOutcome {
  if (config.flags.simplifiedStepper) {
    const { min, max } = stepperLimits(config, simplified);
    const next = state.quantity < min ? min : Math.min(state.quantity + 1, max);
    if (next === state.quantity) return { state, action: false, cleared: false };
    return { state: { selectedId: String(next), quantity: next }, action: true, cleared: false };
  }
  const items = sortedItems(config);
  const index = items.findIndex((item) => item.id === state.selectedId);
  const next = index === -1 ? items.find((item) => item.quantity > state.quantity) : items[index + 1];
  if (!next) return { state, action: false, cleared: false };
  return { state: { selectedId: next.id, quantity: next.quantity }, action: true, cleared: false };
}

/**
 * QS-008/009: minus moves to the previous item, or takes one unit off in the simplified stepper; below
 * the first item (or at or under the minimum) the quantity becomes zero and the selection is cleared.
 */
export function stepperDecrement(
  config: SelectorConfig,
  state: StepperState,
  simplified?: StepperLimits,
): StepperOutcome {
  if (state.quantity <= 0) return { state, action: false, cleared: false };
  if (config.flags.simplifiedStepper) {
    const { min } = stepperLimits(config, simplified);
    if (state.quantity <= min) return cleared();
    const next = state.quantity - 1;
    return { state: { selectedId: String(next), quantity: next }, action: true, cleared: false };
  }
  const items = sortedItems(config);
  const index = items.findIndex((item) => item.id === state.selectedId);
  const previous =
    index === -1 ? [...items].reverse().find((item) => item.quantity < state.quantity) : items[index - 1];
  if (!previous) return cleared();
  return { state: { selectedId: previous.id, quantity: previous.quantity }, action: true, cleared: false };
}

/** QS-011/012: a trash icon in place of minus at the minimum; plus disabled at the maximum. */
export function stepperControls(
  quantity: number,
  limits: StepperLimits,
): { decrement: 'trash' | 'minus'; incrementDisabled: boolean } {
  return {
    decrement: quantity <= limits.min ? 'trash' : 'minus',
    incrementDisabled: quantity >= limits.max,
  };
}
