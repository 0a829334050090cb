// The deals upsell (the protection plan offered in the deal buy box): the legacy form call's deals
// variant (S1 §7, DEAL-048, DEAL-049).

import type { PriceDto } from '../../shared/contracts/common';

/** S1 §7: `ref=ldabb` marks the lightning deals upsell. */
export const DEALS_UPSELL_REF_TAG = 'ldabb';
/** DEAL-049: the deals upsell always names its client `devices`. */
export const DEALS_UPSELL_CLIENT_NAME = 'devices';
export const DEALS_UPSELL_PATH = `/gp/add-to-cart/json/ref=${DEALS_UPSELL_REF_TAG}`;

/** A protection plan the deal buy box offers with the deal (the warranty checkbox, DEAL-004). */
export type WarrantyOffer = {
  asin: string;
  offerListingId: string;
  title: string;
  price: PriceDto;
  /** The deal's units in the cart the plan does not cover yet, when the deal is in the cart. */
  unitsToCover?: number;
};

/** Reads a warranty offer from page data; null unless it has an asin, an offer, a title and a price. */
export function readWarrantyOffer(raw: unknown): WarrantyOffer | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const data = raw as Record<string, unknown>;
  const price = data.price as Record<string, unknown> | undefined;
  if (
    typeof data.asin !== 'string' ||
    data.asin === '' ||
    typeof data.offerListingId !== 'string' ||
    data.offerListingId === '' ||
    typeof data.title !== 'string' ||
    typeof price?.displayString !== 'string' ||
    typeof price.amount !== 'number' ||
    typeof price.currencyCode !== 'string'
  ) {
    return null;
  }
  return {
    asin: data.asin,
    offerListingId: data.offerListingId,
    title: data.title,
    price: { amount: price.amount, currencyCode: price.currencyCode, displayString: price.displayString },
    ...(typeof data.unitsToCover === 'number' && data.unitsToCover > 0
      ? { unitsToCover: data.unitsToCover }
      : {}),
  };
}

/**
 * The deals variant of the legacy add-to-cart form: `ASIN.{i}` and `offerListingID.{i}` (S1 §7), the
 * client name `devices` (DEAL-049), and a quantity of 1 for a service. Null without items: an empty
 * request is never sent.
 */
export function dealsUpsellForm(input: {
  sessionId: string;
  csrfToken: string;
  items: { asin: string; offerListingId: string; quantity?: number }[];
}): URLSearchParams | null {
  if (input.items.length === 0) return null;
  const form = new URLSearchParams({
    verificationSessionID: input.sessionId,
    clientName: DEALS_UPSELL_CLIENT_NAME,
    csrfToken: input.csrfToken,
  });
  input.items.forEach((item, i) => {
    form.set(`ASIN.${i + 1}`, item.asin);
    form.set(`offerListingID.${i + 1}`, item.offerListingId);
    form.set(`quantity.${i + 1}`, String(item.quantity ?? 1));
  });
  return form;
}
