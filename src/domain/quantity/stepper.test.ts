import { describe, expect, test } from 'vitest';
import { DEFAULT_SELECTOR_FLAGS, quantityItems, type SelectorConfig } from './selector';
import { stepperControls, stepperDecrement, stepperIncrement, stepperLimits } from './stepper';

const config = (simplifiedStepper = false): SelectorConfig => ({
  selectedId: null,
  selectedQuantity: 0,
  previousSelectedId: null,
  stepperDebounceTime: 400,
  staticData: {},
  items: quantityItems([2, 4, 6, 12]),
  flags: { ...DEFAULT_SELECTOR_FLAGS, stepper: true, simplifiedStepper },
});

describe('quantity stepper', () => {
  test('QS-006 increment moves to the next item (from nothing, to the first); at the last nothing changes', () => {
    const c = config();
    const first = stepperIncrement(c, { selectedId: null, quantity: 0 });
    expect(first.state).toEqual({ selectedId: '2', quantity: 2 });
    expect(first.action).toBe(true);
    expect(stepperIncrement(c, { selectedId: '4', quantity: 4 }).state).toEqual({
      selectedId: '6',
      quantity: 6,
    });
    const last = stepperIncrement(c, { selectedId: '12', quantity: 12 });
    expect(last.state).toEqual({ selectedId: '12', quantity: 12 });
    expect(last.action).toBe(false);
  });

  test('QS-007 the simplified stepper adds one unit, starting at the minimum and stopping at the maximum', () => {
    const c = config(true);
    const limits = { min: 3, max: 5 };
    expect(stepperIncrement(c, { selectedId: null, quantity: 0 }, limits).state.quantity).toBe(3);
    expect(stepperIncrement(c, { selectedId: '3', quantity: 3 }, limits).state.quantity).toBe(4);
    expect(stepperIncrement(c, { selectedId: '5', quantity: 5 }, limits).action).toBe(false);
  });

  test('QS-008 decrement moves to the previous item', () => {
    const c = config();
    expect(stepperDecrement(c, { selectedId: '6', quantity: 6 }).state).toEqual({
      selectedId: '4',
      quantity: 4,
    });
    // A quantity between items (typed) steps down to the item below it.
    expect(stepperDecrement(c, { selectedId: null, quantity: 5 }).state).toEqual({
      selectedId: '4',
      quantity: 4,
    });
    expect(
      stepperDecrement(config(true), { selectedId: '4', quantity: 4 }, { min: 1, max: 9 }).state.quantity,
    ).toBe(3);
  });

  test('QS-009 reaching zero clears the selection, sets 0, triggers the action and gives the add button back', () => {
    const fromFirst = stepperDecrement(config(), { selectedId: '2', quantity: 2 });
    expect(fromFirst).toEqual({ state: { selectedId: null, quantity: 0 }, action: true, cleared: true });
    const simplified = stepperDecrement(config(true), { selectedId: '3', quantity: 3 }, { min: 3, max: 9 });
    expect(simplified).toEqual({ state: { selectedId: null, quantity: 0 }, action: true, cleared: true });
    // Already at zero: nothing to do.
    expect(stepperDecrement(config(), { selectedId: null, quantity: 0 }).action).toBe(false);
  });

  test('QS-011 QS-012 trash at the minimum, plus disabled at the maximum', () => {
    const limits = stepperLimits(config());
    expect(limits).toEqual({ min: 2, max: 12 });
    expect(stepperControls(2, limits)).toEqual({ decrement: 'trash', incrementDisabled: false });
    expect(stepperControls(4, limits)).toEqual({ decrement: 'minus', incrementDisabled: false });
    expect(stepperControls(12, limits)).toEqual({ decrement: 'minus', incrementDisabled: true });
    expect(stepperLimits(config(true), { min: 1, max: 20 })).toEqual({ min: 1, max: 20 });
  });
});
