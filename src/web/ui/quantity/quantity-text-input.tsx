import { useId, useState } from 'react';
import {
  cleanQuantityText,
  quantityKeyVerdict,
  TEXT_QUANTITY_MAX_LENGTH,
} from '../../../domain/quantity/quantity-keys';

/**
 * The free-text quantity (QS-013..015): digits, navigation and edit keys only, three characters, Enter
 * (or the Update button) submits.
 */
export function QuantityTextInput({
  label,
  initial,
  onSubmit,
}: {
  label: string;
  initial: string;
  onSubmit: (text: string) => void;
}) {
  const id = useId();
  const [text, setText] = useState(initial);
  return (
    <div className="qty-text">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        maxLength={TEXT_QUANTITY_MAX_LENGTH}
        value={text}
        // biome-ignore lint/a11y/noAutofocus: the field replaces the option the shopper just chose to type in.
        autoFocus
        onKeyDown={(event) => {
          const target = event.currentTarget;
          const selected = (target.selectionEnd ?? 0) - (target.selectionStart ?? 0);
          const verdict = quantityKeyVerdict(event.key, target.value, selected, {
            ctrl: event.ctrlKey,
            meta: event.metaKey,
            alt: event.altKey,
          });
          if (verdict === 'reject') event.preventDefault();
          if (verdict === 'submit') {
            event.preventDefault();
            onSubmit(target.value);
          }
        }}
        onChange={(event) => setText(cleanQuantityText(event.target.value))}
      />
      <button type="button" className="button button--secondary button--small" onClick={() => onSubmit(text)}>
        Update
      </button>
    </div>
  );
}
