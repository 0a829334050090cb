import { type KeyboardEvent, lazy, Suspense, useId, useRef, useState } from 'react';
import {
  dropdownOptions,
  FREE_ENTRY,
  freeEntryElements,
  freeQuantityMode,
  modeAfterApply,
} from '../../../domain/business/picker';
import { type TableRow, type TableState, tableRows } from '../../../domain/business/price-tiers';
import {
  clampQuantityInput,
  freeQuantityNotice,
  parseFreeQuantity,
  quantityKeyAllowed,
  typedQuantityText,
  valueOnBlur,
  valueOnFocus,
} from '../../../domain/quantity/free-quantity';
import type { PickerSettings } from '../../../shared/contracts/business';
import { whileBusy } from '../../ui/while-busy';
import { rowActionable, rowId } from './price-table-rows';

// The table's rows are drawn by a chunk of their own, loaded when the table first opens (on focus).
const PriceTable = lazy(() => import('./price-table').then((m) => ({ default: m.PriceTable })));

export type PickerProps = {
  settings: PickerSettings;
  /** The committed quantity. */
  quantity: number;
  /**
   * BIZ-015: disabled while a refresh check runs. The controls say so with aria-disabled and refuse
   * input, rather than the disabled attribute, so a control that has focus keeps it through the check
   * (a disabled control drops focus to the top of the page).
   */
  disabled: boolean;
  platform: 'mobile' | 'desktop';
  table: { state: TableState; load: () => void };
  singleTier: { quantity: number; priceText: string };
  /** Typed but not committed (BIZ-042: availability is checked, throttled); null when the text is emptied. */
  onDraft: (quantity: number | null) => void;
  /** A quantity the shopper applied: Enter, the update button, a dropdown option or a tier. */
  onCommit: (quantity: number, via: 'typed' | 'dropdown' | 'tier') => void;
  onOpenOffers: () => void;
};

/** The business quantity picker in its two variants (BIZ-001): the dropdown that switches to text, or text with the table. */
export function QuantityPicker(props: PickerProps) {
  return props.settings.variant === 'dropdown' ? <DropdownPicker {...props} /> : <TablePicker {...props} />;
}

/** Typed text as the quantity it commits (BIZ-033..035, BIZ-040). */
function committedQuantity(text: string, least: number): number {
  return parseFreeQuantity(clampQuantityInput(text, least) || '1', least);
}

/**
 * The typed text, what it means and why that differs from what it reads (decision 0044): the state and
 * handlers both variants' text inputs share.
 */
function useTypedQuantity(props: PickerProps) {
  const least = props.settings.leastMinimumOrderQuantity;
  const [text, setText] = useState(String(props.quantity));
  const [typed, setTyped] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  return {
    text,
    setText,
    typed,
    notice,
    /** The quantity the box holds now: what the text means, or the applied one when it is empty. */
    current: text ? committedQuantity(text, least) : props.quantity,
    change(raw: string) {
      const { text: value, capped } = typedQuantityText(raw);
      setText(value);
      setTyped(true);
      setNotice(freeQuantityNotice(value, least, capped));
      props.onDraft(value ? committedQuantity(value, least) : null);
    },
    /** Applies the text; the notice stays, saying why the applied quantity reads differently. */
    commit(value: string, via: 'typed' | 'dropdown' | 'tier' = 'typed') {
      const next = committedQuantity(value, least);
      setText(String(next));
      setTyped(false);
      props.onCommit(next, via);
      return next;
    },
    choose(next: number, via: 'dropdown' | 'tier') {
      setText(String(next));
      setTyped(false);
      setNotice(null);
      props.onCommit(next, via);
    },
  };
}

/** Why the box's quantity reads differently from what was typed; a live region, so it is announced. */
function QuantityNotice({ id, notice }: { id: string; notice: string | null }) {
  return (
    <p id={id} className="business-picker__notice" role="status">
      {notice}
    </p>
  );
}

function DropdownPicker(props: PickerProps) {
  const { settings, quantity, disabled, platform } = props;
  const options = dropdownOptions(settings.leastMinimumOrderQuantity);
  const [mode, setMode] = useState<'dropdown' | 'text'>(
    freeQuantityMode(quantity, options) ? 'text' : 'dropdown',
  );
  const typing = useTypedQuantity(props);
  const inputRef = useRef<HTMLInputElement>(null);
  const ids = { select: useId(), input: useId(), notice: useId() };
  const elements = freeEntryElements(platform, typing.typed);

  const commit = () => {
    const next = typing.commit(typing.text);
    // BIZ-014: back to the dropdown when it lists the applied quantity.
    setMode(modeAfterApply(next, options));
  };

  if (mode === 'dropdown') {
    return (
      <label className="business-picker__field" htmlFor={ids.select}>
        Quantity:
        <select
          id={ids.select}
          name="quantity"
          value={String(quantity)}
          {...whileBusy(disabled)}
          onChange={(event) => {
            // While disabled the choice is refused; the controlled value puts the select back.
            if (disabled) return;
            if (event.target.value === FREE_ENTRY) {
              // BIZ-012: the last option switches to typing.
              setMode('text');
              typing.setText('');
              requestAnimationFrame(() => inputRef.current?.focus());
              return;
            }
            typing.choose(Number(event.target.value), 'dropdown');
          }}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
    );
  }
  return (
    <div className="business-picker__free">
      <label className="business-picker__field" htmlFor={ids.input}>
        Quantity:
        <QuantityInput
          id={ids.input}
          inputRef={inputRef}
          text={typing.text}
          quantity={quantity}
          disabled={disabled}
          describedBy={typing.notice ? ids.notice : undefined}
          onText={typing.change}
          onEnter={commit}
          onBlurText={typing.setText}
        />
      </label>
      {elements.updateButton ? (
        <button
          type="button"
          className="button button--secondary business-picker__update"
          {...whileBusy(disabled)}
          onClick={() => {
            if (!disabled) commit();
          }}
        >
          Update
        </button>
      ) : null}
      <QuantityNotice id={ids.notice} notice={typing.notice} />
    </div>
  );
}

/**
 * Keeps an opened table in the window: it opens above the input (so it never covers the box's
 * purchase buttons below, decision 0044), and a table that would start above the window scrolls it in.
 */
function revealAbove(popup: HTMLElement | null) {
  requestAnimationFrame(() => {
    const top = popup?.getBoundingClientRect().top ?? 0;
    if (top < 0) window.scrollBy({ top: top - 8 });
  });
}

function TablePicker(props: PickerProps) {
  const { settings, quantity, disabled, table, platform } = props;
  const typing = useTypedQuantity(props);
  const { text, setText } = typing;
  const [open, setOpen] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);
  const popupRef = useRef<HTMLDivElement>(null);
  const ids = { input: useId(), table: useId(), notice: useId() };
  const rows = tableRows(table.state, {
    quantity: typing.current,
    expanded,
    single: props.singleTier,
    requestDiscountUrl: settings.requestDiscountUrl,
  });
  const elements = freeEntryElements(platform, typing.typed);

  const openTable = () => {
    setOpen(true);
    table.load();
    revealAbove(popupRef.current);
  };
  const choose = (row: TableRow) => {
    switch (row.kind) {
      case 'tier':
      case 'single-tier': {
        setOpen(false);
        typing.choose(row.kind === 'tier' ? row.tier.quantity : row.quantity, 'tier');
        return;
      }
      case 'load-more':
        // BIZ-027: once load-more is chosen every tier shows; the table stays open.
        setExpanded(true);
        setActive(-1);
        revealAbove(popupRef.current);
        return;
      case 'bulk-buying':
      case 'request-discount':
        setOpen(false);
        window.location.assign(row.link);
        return;
      case 'error':
        setOpen(false);
        if (settings.offersLinkEnabled) props.onOpenOffers();
        else if (settings.requestDiscountUrl) window.location.assign(settings.requestDiscountUrl);
        return;
      default:
        return;
    }
  };
  const move = (step: number) => {
    const actionable = rows.map((row, index) => (rowActionable(row) ? index : -1)).filter((i) => i >= 0);
    if (actionable.length === 0) return;
    const at = actionable.indexOf(active);
    const next =
      at === -1
        ? step > 0
          ? 0
          : actionable.length - 1
        : (at + step + actionable.length) % actionable.length;
    setActive(actionable[next] ?? -1);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (disabled) {
      if (event.key === 'Enter') event.preventDefault();
      return;
    }
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      // BIZ-036: arrows never change the number; they move through the open table.
      event.preventDefault();
      if (!open) {
        openTable();
        return;
      }
      move(event.key === 'ArrowDown' ? 1 : -1);
      return;
    }
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
      return;
    }
    if (event.key === 'Enter') {
      event.preventDefault();
      const row = open ? rows[active] : undefined;
      // A chosen row does what it says (load-more keeps the table open); otherwise Enter commits the
      // typed quantity (BIZ-037) and closes the table (BIZ-028).
      if (row && rowActionable(row)) {
        choose(row);
        return;
      }
      setOpen(false);
      setActive(-1);
      typing.commit(text);
      return;
    }
    if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !quantityKeyAllowed(event.key)) {
      event.preventDefault();
    }
  };
  const activeRow = open && active >= 0 && rows[active] ? rowId(ids.table, active) : undefined;

  return (
    <div className="business-picker__free business-picker__combo">
      <label className="business-picker__field" htmlFor={ids.input}>
        Quantity:
        <input
          ref={inputRef}
          id={ids.input}
          name="quantity"
          className="business-picker__input"
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="off"
          role="combobox"
          aria-expanded={open}
          aria-controls={ids.table}
          aria-autocomplete="none"
          {...(typing.notice ? { 'aria-describedby': ids.notice } : {})}
          {...(activeRow ? { 'aria-activedescendant': activeRow } : {})}
          value={text}
          readOnly={disabled}
          {...whileBusy(disabled)}
          onFocus={() => {
            if (disabled) return;
            // BIZ-039: a focused 1 is cleared; BIZ-028: the table opens on focus.
            setText((current) => valueOnFocus(current));
            openTable();
          }}
          onBlur={() => {
            // BIZ-038: left empty, it goes back to the current quantity; BIZ-028: the table closes.
            setText((current) => valueOnBlur(current, quantity));
            setOpen(false);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onChange={(event) => {
            typing.change(event.target.value);
            setActive(-1);
          }}
        />
      </label>
      {elements.updateButton ? (
        <button
          type="button"
          className="button button--secondary business-picker__update"
          {...whileBusy(disabled)}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            if (!disabled) typing.commit(text);
          }}
        >
          Update
        </button>
      ) : null}
      <QuantityNotice id={ids.notice} notice={typing.notice} />
      {/* The listbox is always in the page (aria-controls names it); it shows while open, above the input. */}
      <div className="business-picker__popup" hidden={!open} ref={popupRef}>
        {open ? (
          <Suspense fallback={<div id={ids.table} role="listbox" aria-label="Quantity discounts" />}>
            <PriceTable
              id={ids.table}
              rows={rows}
              activeIndex={active}
              messages={settings.messages}
              onChoose={choose}
            />
          </Suspense>
        ) : (
          <div id={ids.table} role="listbox" aria-label="Quantity discounts" />
        )}
      </div>
    </div>
  );
}

/** The digits-only text input of the dropdown variant's free entry (BIZ-036..039). */
function QuantityInput({
  id,
  inputRef,
  text,
  quantity,
  disabled,
  describedBy,
  onText,
  onEnter,
  onBlurText,
}: {
  id: string;
  inputRef: React.RefObject<HTMLInputElement | null>;
  text: string;
  quantity: number;
  disabled: boolean;
  describedBy: string | undefined;
  onText: (value: string) => void;
  onEnter: () => void;
  onBlurText: (value: string) => void;
}) {
  return (
    <input
      ref={inputRef}
      id={id}
      name="quantity"
      className="business-picker__input"
      type="text"
      inputMode="numeric"
      pattern="[0-9]*"
      autoComplete="off"
      {...(describedBy ? { 'aria-describedby': describedBy } : {})}
      value={text}
      readOnly={disabled}
      {...whileBusy(disabled)}
      onFocus={() => {
        if (!disabled) onBlurText(valueOnFocus(text));
      }}
      onBlur={() => onBlurText(valueOnBlur(text, quantity))}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          if (!disabled) onEnter();
          return;
        }
        if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
          event.preventDefault();
          return;
        }
        if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !quantityKeyAllowed(event.key)) {
          event.preventDefault();
        }
      }}
      onChange={(event) => onText(event.target.value)}
    />
  );
}
