// The quantity selector's configuration and its popover (QS-002..005): a dropdown or popover of items
// that closes on a pick, an outside press or a resize; with the confirmation view a pick waits for a
// confirm, and an outside press (or resize, or Escape) puts the previously selected item back.

/** One choice of the selector: its id, the text shown when chosen, free data and the quantity it means. */
export type SelectorItem = {
  id: string;
  selectedText: string;
  data: Record<string, string>;
  quantity: number;
};

/** QS-002: the flags a selector is configured with. */
export type SelectorFlags = {
  stepper: boolean;
  simplifiedStepper: boolean;
  /** Single-unit price update: the shown price follows the selected quantity. */
  supu: boolean;
  confirmationView: boolean;
  actionOnSelect: boolean;
  textInputRequired: boolean;
  showAddToCartButtonAtZero: boolean;
};

/** QS-002: a selector's configuration. */
export type SelectorConfig = {
  selectedId: string | null;
  selectedQuantity: number;
  previousSelectedId: string | null;
  stepperDebounceTime: number;
  staticData: Record<string, string>;
  items: SelectorItem[];
  flags: SelectorFlags;
};

export const DEFAULT_SELECTOR_FLAGS: SelectorFlags = {
  stepper: false,
  simplifiedStepper: false,
  supu: false,
  confirmationView: false,
  actionOnSelect: false,
  textInputRequired: false,
  showAddToCartButtonAtZero: false,
};

/** QS-003: the popover's states. */
export type PopoverState = 'closed' | 'open' | 'confirmation';

export type SelectorState = {
  popover: PopoverState;
  selectedId: string | null;
  selectedQuantity: number;
  previousSelectedId: string | null;
};

export type SelectorEvent =
  | { type: 'open' }
  | { type: 'toggle' }
  | { type: 'pick'; id: string }
  | { type: 'confirm' }
  | { type: 'outside-click' }
  | { type: 'resize' }
  | { type: 'escape' };

/** What a transition asks of the page: nothing, a changed selection, or the configured action too. */
export type SelectorOutcome = { state: SelectorState; changed: boolean; action: boolean };

/** The selector's starting state from its configuration. */
export function initialSelectorState(config: SelectorConfig): SelectorState {
  return {
    popover: 'closed',
    selectedId: config.selectedId,
    selectedQuantity: config.selectedQuantity,
    previousSelectedId: config.previousSelectedId,
  };
}

/** Builds items 1..n (and more) from quantities; `selectedText` is what the closed selector shows. */
export function quantityItems(
  quantities: readonly number[],
  label = (q: number) => String(q),
): SelectorItem[] {
  return quantities.map((quantity) => ({
    id: String(quantity),
    selectedText: label(quantity),
    data: {},
    quantity,
  }));
}

const quantityOf = (config: SelectorConfig, id: string | null, fallback: number) =>
  id === null ? 0 : (config.items.find((item) => item.id === id)?.quantity ?? fallback);

/**
 * QS-003..005: the popover's transitions. A pick closes it (QS-004) unless the confirmation view is on,
 * in which case it waits in `confirmation`; confirming keeps the pick, while an outside press, a
 * resize or Escape closes it and restores the item selected before (QS-005).
 */
export function selectorTransition(
  config: SelectorConfig,
  state: SelectorState,
  event: SelectorEvent,
): SelectorOutcome {
  const same = { state, changed: false, action: false };
  switch (event.type) {
    case 'open':
      return state.popover === 'closed' ? { ...same, state: { ...state, popover: 'open' } } : same;
    case 'toggle':
      if (state.popover === 'closed') return { ...same, state: { ...state, popover: 'open' } };
      return selectorTransition(config, state, { type: 'outside-click' });
    case 'pick': {
      const item = config.items.find((candidate) => candidate.id === event.id);
      if (!item || state.popover === 'closed') return same;
      // In the confirmation view a second pick replaces the first; the item to restore stays the original.
      const previous = state.popover === 'confirmation' ? state.previousSelectedId : state.selectedId;
      const picked = { selectedId: item.id, selectedQuantity: item.quantity, previousSelectedId: previous };
      if (config.flags.confirmationView) {
        return {
          state: { ...picked, popover: 'confirmation' },
          changed: item.id !== state.selectedId,
          action: false,
        };
      }
      return {
        state: { ...picked, popover: 'closed' },
        changed: item.id !== state.selectedId,
        action: config.flags.actionOnSelect,
      };
    }
    case 'confirm':
      if (state.popover !== 'confirmation') return same;
      return { state: { ...state, popover: 'closed' }, changed: false, action: config.flags.actionOnSelect };
    case 'outside-click':
    case 'resize':
    case 'escape': {
      if (state.popover === 'closed') return same;
      if (state.popover === 'confirmation') {
        const restored = state.previousSelectedId;
        return {
          state: {
            popover: 'closed',
            selectedId: restored,
            selectedQuantity: quantityOf(config, restored, state.selectedQuantity),
            previousSelectedId: restored,
          },
          changed: restored !== state.selectedId,
          action: false,
        };
      }
      return { ...same, state: { ...state, popover: 'closed' } };
    }
  }
}
