import { useEffect, useId, useRef, useState } from 'react';
import {
  initialSelectorState,
  type SelectorConfig,
  type SelectorEvent,
  type SelectorItem,
  type SelectorState,
  selectorTransition,
} from '../../../domain/quantity/selector';
import { BottomSheet } from '../bottom-sheet';
import { Popover } from '../popover';
import { QuantityTextInput } from './quantity-text-input';

/** The item that switches the selector to its free-text input ("10+"). */
export const MORE_ITEM_ID = 'more';

type Outcome = { state: SelectorState; changed: boolean; action: boolean };

export type QuantitySelectorProps = {
  config: SelectorConfig;
  label: string;
  /** A popover at the trigger, a bottom sheet (phones), or inline under the trigger (inside another overlay). */
  presentation: 'popover' | 'sheet' | 'inline';
  /** The selection changed (`action`: the configured action should run, QS-001). */
  onSelect: (item: SelectorItem | null, action: boolean) => void;
  /** A typed quantity (QS-015); the selector shows it. */
  onTyped?: (text: string) => void;
  /** Words for the confirmation view ("Deliver every 3 weeks?"). */
  confirmText?: (item: SelectorItem) => string;
  /** The trigger's text while nothing is selected. */
  placeholder?: string;
};

/**
 * The quantity selector as a dropdown (QS-001..005): a trigger showing the selected item that opens a
 * popover, or a bottom sheet on phones, listing the items. A pick, an outside press, Escape or a resize
 * closes it; with the confirmation view on, a pick waits for Confirm and anything else restores the item
 * chosen before. An item with the id `more` switches to the free-text input.
 */
export function QuantitySelector({
  config,
  label,
  presentation,
  onSelect,
  onTyped,
  confirmText = (item) => `Choose ${item.selectedText}?`,
  placeholder = 'Select',
}: QuantitySelectorProps) {
  const [typing, setTyping] = useState<string | null>(null);
  const [state, setState] = useState<SelectorState>(() => initialSelectorState(config));
  const current = useRef(state);
  const dispatch = (event: SelectorEvent) => {
    const outcome: Outcome = selectorTransition(config, current.current, event);
    current.current = outcome.state;
    setState(outcome.state);
    if (!outcome.changed && !outcome.action) return;
    const item = config.items.find((i) => i.id === outcome.state.selectedId) ?? null;
    if (item?.id === MORE_ITEM_ID) {
      setTyping('');
      return;
    }
    onSelect(item, outcome.action);
  };
  const dispatchRef = useRef(dispatch);
  dispatchRef.current = dispatch;
  const triggerRef = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const open = state.popover !== 'closed';

  const rootRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open || presentation !== 'inline') return;
    // Inline, the selector watches presses outside it and Escape itself (an overlay would do it).
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) dispatchRef.current({ type: 'outside-click' });
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      dispatchRef.current({ type: 'escape' });
      triggerRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer, true);
    rootRef.current?.addEventListener('keydown', onKey);
    const root = rootRef.current;
    return () => {
      document.removeEventListener('pointerdown', onPointer, true);
      root?.removeEventListener('keydown', onKey);
    };
  }, [open, presentation]);
  useEffect(() => {
    if (!open) return;
    // QS-004: resizing the window closes the popover (and restores, in the confirmation view).
    const onResize = () => dispatchRef.current({ type: 'resize' });
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [open]);

  const selected = config.items.find((item) => item.id === state.selectedId);
  if (typing !== null && onTyped) {
    return (
      <QuantityTextInput
        label={label}
        initial={typing}
        onSubmit={(text) => {
          setTyping(null);
          onTyped(text);
        }}
      />
    );
  }

  const content = (
    <div className="qty-selector__panel">
      {state.popover === 'confirmation' && selected ? (
        <div className="qty-selector__confirm">
          <p>{confirmText(selected)}</p>
          <button
            type="button"
            className="button button--primary button--small"
            onClick={() => dispatch({ type: 'confirm' })}
          >
            Confirm
          </button>
        </div>
      ) : null}
      <ul className="qty-selector__options" id={listId} aria-label={label}>
        {config.items.map((item) => (
          <li key={item.id}>
            <button
              type="button"
              className="qty-selector__option"
              aria-current={item.id === state.selectedId ? 'true' : undefined}
              onClick={() => dispatch({ type: 'pick', id: item.id })}
            >
              {item.selectedText}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
  const close = () => dispatch({ type: 'outside-click' });
  return (
    <div ref={rootRef} className="qty-selector" data-state={state.popover}>
      <button
        ref={triggerRef}
        type="button"
        className="qty-selector__trigger"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => dispatch({ type: 'toggle' })}
      >
        <span className="qty-selector__label">{label}</span>{' '}
        <span className="qty-selector__value">{selected?.selectedText ?? placeholder}</span>
        <span aria-hidden="true" className="qty-selector__caret">
          ▾
        </span>
      </button>
      {presentation === 'inline' ? (
        open ? (
          <div className="qty-selector__inline" data-testid="qty-selector-inline">
            {content}
          </div>
        ) : null
      ) : presentation === 'sheet' ? (
        <BottomSheet open={open} onClose={close} title={label}>
          {content}
        </BottomSheet>
      ) : (
        <Popover open={open} onClose={close} anchorRef={triggerRef} title={label} width={260}>
          {content}
        </Popover>
      )}
    </div>
  );
}
