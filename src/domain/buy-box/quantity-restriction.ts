import { PURCHASE_PROBLEMS, type PurchaseProblem } from '../../shared/buy-box-constants';
// Quantity limits in the buy-box dropdown: the restriction popover and minimum order quantity (BB-021..025).

export type QuantityRestrictionData = {
  popoverTitle: string;
  message: string;
  moq: number | null;
  cspMessage: string | null;
  cspMOQ: number | null;
};

function wholeNumber(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 ? value : null;
}

/** Reads restriction data from the page's declarative data; null without a title and message (BB-021). */
export function readQuantityRestriction(raw: unknown): QuantityRestrictionData | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const data = raw as Record<string, unknown>;
  if (typeof data.popoverTitle !== 'string' || typeof data.message !== 'string') return null;
  return {
    popoverTitle: data.popoverTitle,
    message: data.message,
    moq: wholeNumber(data.moq),
    cspMessage: typeof data.cspMessage === 'string' ? data.cspMessage : null,
    cspMOQ: wholeNumber(data.cspMOQ),
  };
}

export type QuantityOption = { value: number; label: string; opensRestriction: boolean };

/**
 * The dropdown's options from min to max; a restricted product gets one more, last option labelled
 * `${max}+` that opens the restriction popover instead of choosing a quantity (BB-022).
 */
export function quantityOptions(limits: { min: number; max: number; restricted: boolean }): QuantityOption[] {
  const { min, max, restricted } = limits;
  if (!Number.isInteger(min) || !Number.isInteger(max) || min < 1 || max < min) {
    throw new RangeError(`quantity options need whole numbers 1 <= min <= max, got ${min}..${max}`);
  }
  const options: QuantityOption[] = [];
  for (let value = min; value <= max; value++) {
    options.push({ value, label: String(value), opensRestriction: false });
  }
  if (restricted) options.push({ value: max + 1, label: `${max}+`, opensRestriction: true });
  return options;
}

/** Choosing an option: the last, restricted one opens the popover and keeps the quantity (BB-022). */
export function quantityOptionChosen(
  option: QuantityOption,
  currentQuantity: number | null,
): { quantity: number | null; openRestriction: boolean } {
  return option.opensRestriction
    ? { quantity: currentQuantity, openRestriction: true }
    : { quantity: option.value, openRestriction: false };
}

/** The popover text with `MAX_QUANTITY_PLUS_ONE` replaced by the least quantity over the limit (BB-023). */
export function restrictionMessage(template: string, maxQuantity: number): string {
  return template.replaceAll('MAX_QUANTITY_PLUS_ONE', String(maxQuantity + 1));
}

/** Purchase buttons are locked while the quantity dropdown is empty (BB-024); a choice unlocks (BB-025). */
export function purchaseLocked(selectedQuantity: number | null): boolean {
  return selectedQuantity === null;
}

/**
 * A posted quantity under the offer's minimum (BB-024): without the script nothing stops the form, so
 * the server refuses it and the page asks again (decision 0016).
 */
export function belowMinimumOrder(quantity: number, minOrderQuantity: number): boolean {
  return quantity < minOrderQuantity;
}

/** Reads the problem code from the page address; anything else is ignored, never echoed. */
export function purchaseProblemFrom(query: URLSearchParams): PurchaseProblem | null {
  const code = query.get('purchase-problem');
  return PURCHASE_PROBLEMS.find((problem) => problem === code) ?? null;
}

/** A minimum order quantity above 1 starts the dropdown empty (BB-024, e.g. B0PDPFLT01 with 3). */
export function emptyDropdownForMinimumOrder(min: number): boolean {
  return min > 1;
}
