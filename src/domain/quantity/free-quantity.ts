import { cleanQuantityText, TEXT_QUANTITY_MAX_LENGTH } from './quantity-keys';

// The free-quantity rules of S2 §5 that the business picker uses (BIZ-033..041); the text field's
// own key and paste rules are the quantity family's (quantity-keys.ts).

export const MAX_QUANTITY = 999;
/** The text input holds at most 3 characters (S2 §9). */
const QUANTITY_INPUT_MAX_LENGTH = TEXT_QUANTITY_MAX_LENGTH;

/**
 * BIZ-033..035: a typed quantity is the first positive integer in the text, else 1; capped at 999 and
 * raised to the least minimum order quantity when lower.
 */
export function parseFreeQuantity(text: string, leastMinimumOrderQuantity = 1): number {
  let quantity = 1;
  for (const match of text.matchAll(/\d+/g)) {
    const value = Number(match[0]);
    if (value > 0) {
      quantity = value;
      break;
    }
  }
  return Math.max(Math.min(quantity, MAX_QUANTITY), Math.min(leastMinimumOrderQuantity, MAX_QUANTITY));
}

/** BIZ-036: what a digits-only input keeps of typed or pasted text (at most 3 characters). */
export function digitsOnly(text: string): string {
  return cleanQuantityText(text);
}

/**
 * BIZ-036 (S2 §5): keys the business text input lets through. Unlike the quantity family's field,
 * arrows are blocked: in the business picker they move through the price table, never the number.
 */
export function quantityKeyAllowed(key: string): boolean {
  if (/^\d$/.test(key)) return true;
  return ['Backspace', 'Delete', 'Tab', 'Enter', 'Home', 'End', 'Escape'].includes(key);
}

/**
 * BIZ-040: the value the text input shows: at most 999 and, when a least minimum order quantity is
 * set, at least that. Empty stays empty (BIZ-038 decides on blur).
 */
export function clampQuantityInput(text: string, leastMinimumOrderQuantity: number | null): string {
  const digits = digitsOnly(text);
  if (digits === '') return '';
  let value = Math.min(Number(digits), MAX_QUANTITY);
  if (leastMinimumOrderQuantity !== null) value = Math.max(value, leastMinimumOrderQuantity);
  return String(value);
}

/** BIZ-038: an input left empty on blur goes back to the current quantity; otherwise it keeps its value. */
export function valueOnBlur(text: string, currentQuantity: number): string {
  return text.trim() === '' ? String(currentQuantity) : text;
}

/** BIZ-039: a focused input that holds 1 is cleared, so the shopper types over it. */
export function valueOnFocus(text: string): string {
  return text === '1' ? '' : text;
}

/** BIZ-041: the starting quantity is the current one, raised to the minimum order quantity if that is larger. */
export function initialQuantity(currentQuantity: number, minimumOrderQuantity: number): number {
  return Math.max(currentQuantity, minimumOrderQuantity);
}

/**
 * BIZ-036, BIZ-040: what the business text input keeps of what was typed or pasted: its digits; a
 * number above 999 becomes 999 and is marked `capped`, so the page can say why (decision 0044) instead
 * of dropping the fourth digit (1000 would read 100).
 */
export function typedQuantityText(raw: string): { text: string; capped: boolean } {
  const digits = raw.replace(/[^0-9]/g, '');
  if (digits.length <= QUANTITY_INPUT_MAX_LENGTH) return { text: digits, capped: false };
  const value = Number(digits);
  return value > MAX_QUANTITY
    ? { text: String(MAX_QUANTITY), capped: true }
    : { text: String(value), capped: false };
}

/**
 * Why the quantity the business input applies differs from what it shows (decision 0044): a number
 * under the least that can be ordered (0 included, BIZ-033/035) or one capped at 999 (BIZ-034). Null
 * when the text is applied as it reads.
 */
export function freeQuantityNotice(
  text: string,
  leastMinimumOrderQuantity: number,
  capped = false,
): string | null {
  if (capped) return `${MAX_QUANTITY} is the most you can order at once.`;
  const least = Math.max(1, Math.min(leastMinimumOrderQuantity, MAX_QUANTITY));
  return /^\d+$/.test(text) && Number(text) < least
    ? `The least you can order is ${least}, so the quantity is ${least}.`
    : null;
}
