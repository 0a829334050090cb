// The free-text quantity input (QS-013..015): digits, navigation and edit keys only, three characters
// at most, Enter submits.

export const TEXT_QUANTITY_MAX_LENGTH = 3;

const NAVIGATION_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'Tab']);
const EDIT_KEYS = new Set(['Backspace', 'Delete']);

export type KeyVerdict = 'accept' | 'reject' | 'submit';

/**
 * What a key press in the quantity field does. `selected` is how many characters the press replaces
 * (a selection), so a digit over a selection is accepted even in a full field. Shortcuts with Ctrl or
 * Meta (copy, paste, select all) pass; a paste is cleaned by `cleanQuantityText`.
 */
export function quantityKeyVerdict(
  key: string,
  value: string,
  selected = 0,
  modifiers: { ctrl?: boolean; meta?: boolean; alt?: boolean } = {},
): KeyVerdict {
  if (key === 'Enter') return 'submit';
  if (modifiers.ctrl || modifiers.meta) return 'accept';
  if (NAVIGATION_KEYS.has(key) || EDIT_KEYS.has(key)) return 'accept';
  if (/^[0-9]$/.test(key) && !modifiers.alt) {
    return value.length - selected < TEXT_QUANTITY_MAX_LENGTH ? 'accept' : 'reject';
  }
  return 'reject';
}

/** What the field keeps of typed or pasted text: its digits, at most three. */
export function cleanQuantityText(text: string): string {
  return text.replace(/[^0-9]/g, '').slice(0, TEXT_QUANTITY_MAX_LENGTH);
}

/** The quantity a submitted field means, kept within min..max; null when it holds no positive number. */
export function submittedQuantity(text: string, limits: { min: number; max: number }): number | null {
  const digits = cleanQuantityText(text);
  const value = digits === '' ? 0 : Number(digits);
  if (value < 1) return null;
  return Math.max(limits.min, Math.min(value, limits.max));
}
