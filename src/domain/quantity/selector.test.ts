import { describe, expect, test } from 'vitest';
import {
  DEFAULT_SELECTOR_FLAGS,
  initialSelectorState,
  quantityItems,
  type SelectorConfig,
  selectorTransition,
} from './selector';

const config = (flags: Partial<SelectorConfig['flags']> = {}): SelectorConfig => ({
  selectedId: '2',
  selectedQuantity: 2,
  previousSelectedId: null,
  stepperDebounceTime: 400,
  staticData: { asin: 'B0TEST0001' },
  items: quantityItems([1, 2, 3, 5]),
  flags: { ...DEFAULT_SELECTOR_FLAGS, ...flags },
});

describe('quantity selector', () => {
  test('QS-002 the configuration carries selection, debounce, static data, items and the flags', () => {
    const c = config({ stepper: true, supu: true });
    expect(Object.keys(c).sort()).toEqual(
      [
        'flags',
        'items',
        'previousSelectedId',
        'selectedId',
        'selectedQuantity',
        'staticData',
        'stepperDebounceTime',
      ].sort(),
    );
    expect(Object.keys(c.flags).sort()).toEqual(
      [
        'actionOnSelect',
        'confirmationView',
        'showAddToCartButtonAtZero',
        'simplifiedStepper',
        'stepper',
        'supu',
        'textInputRequired',
      ].sort(),
    );
    expect(c.items[2]).toEqual({ id: '3', selectedText: '3', data: {}, quantity: 3 });
    expect(initialSelectorState(c)).toEqual({
      popover: 'closed',
      selectedId: '2',
      selectedQuantity: 2,
      previousSelectedId: null,
    });
  });

  test('QS-003 QS-004 the popover opens, and a pick, an outside click or a resize closes it', () => {
    const c = config();
    const open = selectorTransition(c, initialSelectorState(c), { type: 'open' }).state;
    expect(open.popover).toBe('open');
    const picked = selectorTransition(c, open, { type: 'pick', id: '5' });
    expect(picked.state).toMatchObject({ popover: 'closed', selectedId: '5', selectedQuantity: 5 });
    expect(picked.changed).toBe(true);
    expect(picked.action).toBe(false);
    expect(selectorTransition(c, open, { type: 'outside-click' }).state).toEqual({
      ...open,
      popover: 'closed',
    });
    expect(selectorTransition(c, open, { type: 'resize' }).state).toEqual({ ...open, popover: 'closed' });
    // A pick of an item that does not exist changes nothing.
    expect(selectorTransition(c, open, { type: 'pick', id: '99' }).state).toBe(open);
  });

  test('QS-003 QS-005 with the confirmation view a pick waits; an outside click restores the previous item, confirm keeps it', () => {
    const c = config({ confirmationView: true, actionOnSelect: true });
    const open = selectorTransition(c, initialSelectorState(c), { type: 'toggle' }).state;
    const waiting = selectorTransition(c, open, { type: 'pick', id: '3' });
    expect(waiting.state).toMatchObject({
      popover: 'confirmation',
      selectedId: '3',
      previousSelectedId: '2',
    });
    expect(waiting.action).toBe(false);
    // A second pick keeps the original item to restore.
    const again = selectorTransition(c, waiting.state, { type: 'pick', id: '5' }).state;
    expect(again.previousSelectedId).toBe('2');
    const restored = selectorTransition(c, again, { type: 'outside-click' });
    expect(restored.state).toMatchObject({ popover: 'closed', selectedId: '2', selectedQuantity: 2 });
    expect(restored.changed).toBe(true);
    expect(selectorTransition(c, again, { type: 'resize' }).state.selectedId).toBe('2');
    const confirmed = selectorTransition(c, again, { type: 'confirm' });
    expect(confirmed.state).toMatchObject({ popover: 'closed', selectedId: '5' });
    expect(confirmed.action).toBe(true);
  });

  test('QS-001 action on select: a pick triggers the action (add to cart) only when the flag is on', () => {
    const on = config({ actionOnSelect: true });
    const open = selectorTransition(on, initialSelectorState(on), { type: 'open' }).state;
    expect(selectorTransition(on, open, { type: 'pick', id: '3' }).action).toBe(true);
    const off = config();
    expect(selectorTransition(off, open, { type: 'pick', id: '3' }).action).toBe(false);
  });
});
