// The business picker's checks of a new quantity (S2 §4, §8).
import { reloadUrl } from '../buy-box/url-quantity';

/** What a check of one quantity answered: whether it is available (null when the answer had no availability), its price and option. */
export type QuantityCheck = {
  available: boolean | null;
  priceText: string | null;
  buyingOptionType: string | null;
};

/**
 * BIZ-017..019: the page reloads for the new quantity when its check has availability and the price or
 * the buying option differs from the initial quantity's; it stays when availability is missing or
 * both are the same; a failed check reloads.
 */
export function refreshNeeded(initial: QuantityCheck, next: QuantityCheck | 'error'): boolean {
  if (next === 'error') return true;
  if (next.available === null) return false;
  return next.priceText !== initial.priceText || next.buyingOptionType !== initial.buyingOptionType;
}

/** BIZ-055: an availability check that failed counts as available. */
export function availableAfterCheck(result: { available: boolean | null } | 'error'): boolean {
  return result === 'error' ? true : result.available !== false;
}

/**
 * BIZ-030..032: when available the limited-availability message hides, add to cart is enabled and
 * the split-offer section hides; when not, the message shows, add to cart is disabled and the split
 * section (only above a quantity of 1) offers the split link.
 */
export function availabilityView(available: boolean, quantity: number) {
  return {
    limitedMessage: !available,
    addToCartEnabled: available,
    splitOffer: !available && quantity > 1,
  };
}

/** BIZ-003: the fast-forward basket page that splits a quantity across sellers. */
export function splitOfferUrl(asin: string, quantity: number): string {
  const query = new URLSearchParams({ quantity: String(quantity), asin, ref_: 'bbt_limit_order' });
  return `/gp/buy/basket/ff.html?${query}`;
}

/**
 * BIZ-004 (S2 §7): the summary click reloads the page for the chosen quantity, with the detail page
 * URL and reference tag when given, `psc=1` and the other parameters kept (DP-010); on a phone it
 * anchors to the summary section.
 */
export function summaryReloadUrl(
  currentUrl: string,
  quantity: number,
  options: { refTag?: string | null; mobile: boolean; anchor: string },
): string {
  const url = new URL(currentUrl, 'http://localhost');
  url.hash = options.mobile ? options.anchor : '';
  return reloadUrl(url.href, {
    qty: quantity,
    psc: true,
    ...(options.refTag ? { ref: options.refTag } : {}),
  });
}

/**
 * BIZ-052: quantity data calls need the page's ajax params (marketplace and item); when the picker
 * could not be set up with them, every call answers an error instead of asking the server.
 */
export function quantityCallParamsMissing(params: {
  marketplaceId?: string | null;
  asin?: string | null;
}): boolean {
  return !params.marketplaceId || !params.asin;
}

/**
 * BIZ-017/019: the address the refresh check reloads to for a new quantity (DP-010: `qty`, `psc=1`).
 * On a phone it anchors to the buy box the quantity was applied in, so the reload does not land the
 * shopper at the top of a long page (decision 0044); a desktop keeps its hash.
 */
export function pickerReloadUrl(
  currentUrl: string,
  quantity: number,
  options: { mobile: boolean; anchor: string },
): string {
  const url = new URL(currentUrl, 'http://localhost');
  if (options.mobile) url.hash = options.anchor;
  return reloadUrl(url.href, { qty: quantity, psc: true });
}
