// Accessory upsells (ACC-*): the option rows, the variation popover and the interstitial, as rules.
// The rows' and the popover's are in accessory-options.ts (in the page's first load); this module adds
// the interstitial's.
import { accessoryQuantityLimit } from './accessory-options';

export * from './accessory-options';

export const INTERSTITIAL_ADD_DELAY_MS = 2000; // ACC-021
export const INTERSTITIAL_ADD_QUANTITY = 1; // ACC-022
export const ACCESSORY_IMAGE_UPDATE_DELAY_MS = 100; // ACC-023

/** ACC-015/020: a further add is offered only while the cart holds less than the limit. */
export function canAddMore(inCartQuantity: number, maxOrderQuantity: number | null | undefined): boolean {
  const limit = accessoryQuantityLimit(maxOrderQuantity);
  return limit === null || inCartQuantity < limit;
}

/** ACC-017/018: the decline button reads "No thanks", then "Add selected", then "Continue". */
export function declineButtonText(state: { anyChosen: boolean; anyAddedToCart: boolean }): string {
  if (state.anyAddedToCart) return 'Continue';
  if (state.anyChosen) return 'Add selected';
  return 'No thanks';
}

/** ACC-013: what each accessory offers in the interstitial. */
export function interstitialControl(
  variationCount: number,
  dealMode: boolean,
): 'checkbox' | 'select' | 'addToCart' {
  if (dealMode) return 'addToCart';
  return variationCount > 1 ? 'select' : 'checkbox';
}

/** ACC-014..016: a per-accessory add to cart in the interstitial. */
export type InterstitialAdd =
  | { status: 'idle' }
  | { status: 'waiting' }
  | { status: 'added'; inCartQuantity: number; canAddMore: boolean }
  | { status: 'failed'; message: string };

export function interstitialAddSucceeded(
  inCartQuantity: number,
  maxOrderQuantity: number | null | undefined,
): InterstitialAdd {
  return { status: 'added', inCartQuantity, canAddMore: canAddMore(inCartQuantity, maxOrderQuantity) };
}

/** ACC-027: a failed add hides the spinner and offers try again; the caller records the metric. */
export const interstitialAddFailed = (message: string): InterstitialAdd => ({ status: 'failed', message });

/** ACC-028/029: the interstitial shows only with preloaded content and at least one accessory. */
export function interstitialContent<T>(
  preloaded: readonly T[] | null | undefined,
  log: (message: string) => void,
): readonly T[] | null {
  if (!preloaded) {
    log('accessory interstitial: preload content is missing');
    return null;
  }
  if (preloaded.length === 0) {
    log('accessory interstitial: would show an empty popover');
    return null;
  }
  return preloaded;
}
