// The business quantity picker's two variants (S2 §2, §4, §6).

/** Quantities the dropdown lists before its last option, which switches to typing (BIZ-012). */
const DROPDOWN_QUANTITIES = 9;
export const FREE_ENTRY = 'free-entry';

export type DropdownOption = { value: string; label: string };

/** The dropdown's options from the least minimum order quantity, the last one meaning free entry (BIZ-012). */
export function dropdownOptions(leastMinimumOrderQuantity: number): DropdownOption[] {
  const first = Math.max(1, leastMinimumOrderQuantity);
  const options = Array.from({ length: DROPDOWN_QUANTITIES }, (_, i) => ({
    value: String(first + i),
    label: String(first + i),
  }));
  options.push({ value: FREE_ENTRY, label: `${first + DROPDOWN_QUANTITIES}+` });
  return options;
}

/** BIZ-016: free-quantity mode (the text input) applies when the quantity is not one of the dropdown's options. */
export function freeQuantityMode(quantity: number, options: readonly DropdownOption[]): boolean {
  return !options.some((o) => o.value === String(quantity));
}

/** BIZ-014: after applying a typed quantity the picker returns to the dropdown when it lists it. */
export function modeAfterApply(quantity: number, options: readonly DropdownOption[]): 'dropdown' | 'text' {
  return freeQuantityMode(quantity, options) ? 'text' : 'dropdown';
}

/**
 * BIZ-046: which elements free entry toggles. On a phone, whose number pad may have no Enter key, the
 * update button shows with the text input from the start; on a desktop it shows once the shopper types.
 */
export function freeEntryElements(platform: 'mobile' | 'desktop', typed: boolean) {
  return { select: false, text: true, updateButton: platform === 'mobile' || typed };
}

/** BIZ-045: discounts of merchants the customer has not unlocked are shown only when the flag is on. */
export function lockedDiscountsShown(flag: boolean, hasLockedTiers: boolean): boolean {
  return flag && hasLockedTiers;
}

/** OFR-009: an offer's add to cart succeeded only when the first returned item has a quantity above 0. */
export function offerAddSucceeded(items: readonly { quantity: number }[]): boolean {
  return (items[0]?.quantity ?? 0) > 0;
}

/** OFR-006 / OFR-015: one offer add in flight at a time; a press while one is in flight is cancelled. */
export type OfferAdds = { inFlight: string | null; results: Readonly<Record<string, 'added' | 'not-added'>> };

export function startOfferAdd(state: OfferAdds, oid: string): { state: OfferAdds; accepted: boolean } {
  if (state.inFlight !== null) return { state, accepted: false };
  return { state: { ...state, inFlight: oid }, accepted: true };
}

export function finishOfferAdd(state: OfferAdds, oid: string, outcome: 'added' | 'not-added'): OfferAdds {
  return { inFlight: null, results: { ...state.results, [oid]: outcome } };
}
