import { type KeyboardEvent, useId, useRef, useState } from 'react';
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
  digitsOnly,
  parseFreeQuantity,
  QUANTITY_INPUT_MAX_LENGTH,
  quantityKeyAllowed,
  valueOnBlur,
  valueOnFocus,
} from '../../../domain/quantity/free-quantity';
import type { PickerSettings } from '../../../shared/contracts/business';
import { PriceTable, rowActionable, rowId } from './price-table';

export type PickerProps = {
  settings: PickerSettings;
  /** The committed quantity. */
  quantity: number;
  /** BIZ-015: disabled while a refresh check runs. */
  disabled: boolean;
  platform: 'mobile' | 'desktop';
  table: { state: TableState; load: () => void };
  singleTier: { quantity: number; priceText: string };
  /** Typed but not committed (BIZ-042: availability is checked, throttled). */
  onDraft: (quantity: number) => void;
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

function DropdownPicker(props: PickerProps) {
  const { settings, quantity, disabled, platform } = props;
  const options = dropdownOptions(settings.leastMinimumOrderQuantity);
  const [mode, setMode] = useState<'dropdown' | 'text'>(
    freeQuantityMode(quantity, options) ? 'text' : 'dropdown',
  );
  const [text, setText] = useState(String(quantity));
  const [typed, setTyped] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const ids = { select: useId(), input: useId() };
  const elements = freeEntryElements(platform, typed);

  const commit = () => {
    const next = committedQuantity(text, settings.leastMinimumOrderQuantity);
    setText(String(next));
    setTyped(false);
    // BIZ-014: back to the dropdown when it lists the applied quantity.
    setMode(modeAfterApply(next, options));
    props.onCommit(next, 'typed');
  };

  if (mode === 'dropdown') {
    return (
      <label className="business-picker__field" htmlFor={ids.select}>
        Quantity:
        <select
          id={ids.select}
          name="quantity"
          value={String(quantity)}
          disabled={disabled}
          onChange={(event) => {
            if (event.target.value === FREE_ENTRY) {
              // BIZ-012: the last option switches to typing.
              setMode('text');
              setText('');
              requestAnimationFrame(() => inputRef.current?.focus());
              return;
            }
            props.onCommit(Number(event.target.value), 'dropdown');
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
          text={text}
          quantity={quantity}
          disabled={disabled}
          onText={(value) => {
            setText(value);
            setTyped(true);
            if (value) props.onDraft(committedQuantity(value, settings.leastMinimumOrderQuantity));
          }}
          onEnter={commit}
          onBlurText={setText}
        />
      </label>
      {elements.updateButton ? (
        <button
          type="button"
          className="button button--secondary business-picker__update"
          disabled={disabled}
          onClick={commit}
        >
          Update
        </button>
      ) : null}
    </div>
  );
}

function TablePicker(props: PickerProps) {
  const { settings, quantity, disabled, table, platform } = props;
  const [text, setText] = useState(String(quantity));
  const [typed, setTyped] = useState(false);
  const [open, setOpen] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);
  const ids = { input: useId(), table: useId() };
  const rows = tableRows(table.state, {
    expanded,
    single: props.singleTier,
    requestDiscountUrl: settings.requestDiscountUrl,
  });
  const elements = freeEntryElements(platform, typed);

  const commitText = (value: string) => {
    const next = committedQuantity(value, settings.leastMinimumOrderQuantity);
    setText(String(next));
    setTyped(false);
    props.onCommit(next, 'typed');
  };
  const choose = (row: TableRow) => {
    switch (row.kind) {
      case 'tier':
      case 'single-tier': {
        const next = row.kind === 'tier' ? row.tier.quantity : row.quantity;
        setText(String(next));
        setOpen(false);
        setTyped(false);
        props.onCommit(next, 'tier');
        return;
      }
      case 'load-more':
        // BIZ-027: once load-more is chosen every tier shows; the table stays open.
        setExpanded(true);
        setActive(-1);
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
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      // BIZ-036: arrows never change the number; they move through the open table.
      event.preventDefault();
      if (!open) {
        setOpen(true);
        table.load();
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
      commitText(text);
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
          maxLength={QUANTITY_INPUT_MAX_LENGTH}
          role="combobox"
          aria-expanded={open}
          aria-controls={ids.table}
          aria-autocomplete="none"
          {...(activeRow ? { 'aria-activedescendant': activeRow } : {})}
          value={text}
          disabled={disabled}
          onFocus={() => {
            // BIZ-039: a focused 1 is cleared; BIZ-028: the table opens on focus.
            setText((current) => valueOnFocus(current));
            setOpen(true);
            table.load();
          }}
          onBlur={() => {
            // BIZ-038: left empty, it goes back to the current quantity; BIZ-028: the table closes.
            setText((current) => valueOnBlur(current, quantity));
            setOpen(false);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onChange={(event) => {
            const value = digitsOnly(event.target.value);
            setText(value);
            setTyped(true);
            setActive(-1);
            if (value) props.onDraft(committedQuantity(value, settings.leastMinimumOrderQuantity));
          }}
        />
      </label>
      {elements.updateButton ? (
        <button
          type="button"
          className="button button--secondary business-picker__update"
          disabled={disabled}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => commitText(text)}
        >
          Update
        </button>
      ) : null}
      {/* The listbox is always in the page (aria-controls names it); it shows while open. */}
      <div className="business-picker__popup" hidden={!open}>
        {open ? (
          <PriceTable
            id={ids.table}
            rows={rows}
            activeIndex={active}
            messages={settings.messages}
            onChoose={choose}
          />
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
  onText,
  onEnter,
  onBlurText,
}: {
  id: string;
  inputRef: React.RefObject<HTMLInputElement | null>;
  text: string;
  quantity: number;
  disabled: boolean;
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
      maxLength={QUANTITY_INPUT_MAX_LENGTH}
      value={text}
      disabled={disabled}
      onFocus={() => onBlurText(valueOnFocus(text))}
      onBlur={() => onBlurText(valueOnBlur(text, quantity))}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          onEnter();
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
      onChange={(event) => onText(digitsOnly(event.target.value))}
    />
  );
}
