// Accessory upsells (ACC-*): the option rows and the variation popover's state, as rules. The page
// needs these as soon as it shows the accessory block; the interstitial's rules (accessories.ts) come
// with the interstitial's chunk.

export type AccessoryAction = 'productInfo' | 'add' | 'remove' | 'select' | 'update' | 'close' | 'atc';

/** ACC-002 */
export const accessoryProductPath = (asin: string) => `/dp/${asin}/ref=ods_dabb_${asin}_productInfo`;

/** ACC-024: `ods_dabb_{pageAsin}_slot{index}_{asin}_{action}`, `_automated` when automated. */
export function accessoryRefTag(
  pageAsin: string,
  slotIndex: number,
  asin: string,
  action: AccessoryAction,
  automated: boolean,
): string {
  return `ods_dabb_${pageAsin}_slot${slotIndex}_${asin}_${action}${automated ? '_automated' : ''}`;
}

/** ACC-019: an accessory quantity that does not read as a whole number above 0 is 1. */
export function parseAccessoryQuantity(value: unknown): number {
  const number = typeof value === 'number' ? value : Number.parseInt(String(value ?? ''), 10);
  return Number.isInteger(number) && number > 0 ? number : 1;
}

/** ACC-020: the most a shopper may have of an accessory; 0 or missing means no limit (null). */
export function accessoryQuantityLimit(maxOrderQuantity: number | null | undefined): number | null {
  return typeof maxOrderQuantity === 'number' && maxOrderQuantity > 0 ? maxOrderQuantity : null;
}

/** ACC-006/020: the quantity an accessory joins the order with: the page quantity, within its limit. */
export function accessoryOrderQuantity(pageQuantity: number, maxOrderQuantity: number | null | undefined) {
  const limit = accessoryQuantityLimit(maxOrderQuantity);
  const wanted = parseAccessoryQuantity(pageQuantity);
  return limit === null ? wanted : Math.min(wanted, limit);
}

/** The state of one accessory slot: its chosen variation and whether it is in the order. */
export type AccessoryOption = {
  slot: number;
  /** The variation shown (and chosen in the popover while it is open). */
  selectedAsin: string;
  /** The variation chosen before the popover opened; closing without confirming restores it. */
  committedAsin: string;
  added: boolean;
  isAutomated: boolean;
  checkForInteraction: boolean;
  hasBeenInteractedWith: boolean;
};

export type AccessoryEvent =
  | { type: 'tick' }
  | { type: 'untick' }
  | { type: 'openPopover' }
  | { type: 'chooseVariation'; asin: string }
  | { type: 'confirmPopover' }
  | { type: 'closePopover' }
  | { type: 'interacted' };

/**
 * ACC-006..009: ticking adds, unticking removes, the popover's add to order (or update) confirms the
 * variation and adds; closing it any other way restores the variation chosen before it opened.
 */
export function accessoryTransition(option: AccessoryOption, event: AccessoryEvent): AccessoryOption {
  const touched = { ...option, hasBeenInteractedWith: true };
  switch (event.type) {
    case 'tick':
      return { ...touched, added: true };
    case 'untick':
      return { ...touched, added: false };
    case 'openPopover':
      return { ...option, committedAsin: option.selectedAsin };
    case 'chooseVariation':
      return { ...touched, selectedAsin: event.asin };
    case 'confirmPopover':
      return { ...touched, added: true, committedAsin: option.selectedAsin };
    case 'closePopover':
      return { ...option, selectedAsin: option.committedAsin };
    case 'interacted':
      return touched;
  }
}

/** ACC-011: an accessory still needs showing until it is in the order and, if marked, interacted with. */
export function needsShowing(
  option: Pick<AccessoryOption, 'added' | 'checkForInteraction' | 'hasBeenInteractedWith'>,
): boolean {
  return !option.added || (option.checkForInteraction && !option.hasBeenInteractedWith);
}

const INTERSTITIAL_BUTTONS = ['add-to-cart-button', 'buy-now-button', 'one-click-button'] as const;

/** ACC-010: add to cart, one click or buy now opens the interstitial while any accessory needs showing. */
export function interstitialOpensFor(buttonId: string, options: readonly AccessoryOption[]): boolean {
  return (INTERSTITIAL_BUTTONS as readonly string[]).includes(buttonId) && options.some(needsShowing);
}

/** ACC-025: the buy box form helper knows these add-to-order buttons only. */
const FORM_HELPER_BUTTONS = ['add-to-cart-button', 'buy-now-button', 'one-click-button'] as const;
export type FormHelperButton = (typeof FORM_HELPER_BUTTONS)[number];

export function formHelperButton(buttonId: string): FormHelperButton {
  if (!(FORM_HELPER_BUTTONS as readonly string[]).includes(buttonId)) {
    throw new Error('Add to order button not handled in buyBoxManagerFormHelper.');
  }
  return buttonId as FormHelperButton;
}

/** ACC-026: the error an accessory image that failed to load raises. */
export const accessoryImageError = (accessory: { asin: string; title: string }, url: string) =>
  new Error(`Accessory image failed to load for ${accessory.title} (${accessory.asin}): ${url}`);
