// The services interstitial that holds add to cart (VAS-021..023) and the add-on cart add's outcomes
// (VAS-035..037).
import { CART_VIEW_PATH, servicePagePath } from '../../shared/add-on-services-constants';

export type InterstitialMode = 'none' | 'buyable' | 'nonBuyable';

/**
 * VAS-021: an add-to-cart press is held for the interstitial when the widget hijacks add to cart, no
 * service is chosen yet, and it has not been shown on this page view.
 */
export function interstitialHolds(input: {
  mode: InterstitialMode;
  buttonId: string;
  chosen: string | null;
  alreadyShown: boolean;
}): boolean {
  return (
    input.mode !== 'none' &&
    input.buttonId === 'add-to-cart-button' &&
    input.chosen === null &&
    !input.alreadyShown
  );
}

/** What continue does (VAS-022, VAS-023). */
export type ContinueAction =
  | { kind: 'addToFormAndSubmit'; serviceAsin: string }
  | { kind: 'addThenGo'; serviceAsin: string; to: string };

export function continueAction(input: {
  mode: Exclude<InterstitialMode, 'none'>;
  serviceAsin: string;
  doRedirect: boolean;
  pageAsin: string;
}): ContinueAction {
  if (input.mode === 'buyable') return { kind: 'addToFormAndSubmit', serviceAsin: input.serviceAsin };
  return {
    kind: 'addThenGo',
    serviceAsin: input.serviceAsin,
    to: input.doRedirect ? servicePagePath(input.serviceAsin, `vas_int_${input.pageAsin}`) : CART_VIEW_PATH,
  };
}

/** VAS-035, VAS-036: how the add-on cart add ended. */
export type AddOnCartOutcome = 'added' | 'incomplete' | 'failed';

export function addOnCartOutcome(status: number, ok: boolean): AddOnCartOutcome {
  if (ok) return 'added';
  return status === 422 ? 'incomplete' : 'failed';
}

/**
 * VAS-037: when the buy box post (or get) fails, the normal add-to-cart press is forced instead:
 * the shopper still gets the product, without the service.
 */
export function afterBuyBoxPost(ok: boolean): 'follow' | 'forceAddToCart' {
  return ok ? 'follow' : 'forceAddToCart';
}
