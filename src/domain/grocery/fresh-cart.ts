// The fresh (UFG) cart's rules (GRO-004..010, GRO-029): what an add may do, the server error codes a
// refused add carries, and the modal words for each.

import type { FreshErrorCode } from '../../shared/grocery-constants';

export type { FreshErrorCode };

export type FreshErrorModal = { header: string; errorMessage: string; footer: string };

/** What the error modal says for each code; `unit` names the item (bunch, gallon). */
export function freshErrorModal(
  code: FreshErrorCode,
  detail: { title: string; available?: number; limit?: number; kind: 'cart' | 'order' },
): FreshErrorModal {
  const where = detail.kind === 'cart' ? 'your cart' : 'your order';
  const header =
    detail.kind === 'cart' ? 'Item was not added to the cart' : 'Item was not added to the order';
  const footer = 'Your cart was not changed.';
  switch (code) {
    case 'ITEM_NOT_AVAILABLE':
      return { header, errorMessage: `${detail.title} is not available from this store right now.`, footer };
    case 'ITEM_PARTIALLY_AVAILABLE':
      return {
        header,
        errorMessage: `Only ${detail.available ?? 0} of ${detail.title} are available right now. Choose a smaller quantity.`,
        footer,
      };
    case 'ADDRESS_NOT_SELECTED':
      return {
        header,
        errorMessage: 'Choose a delivery address before adding items to a scheduled order.',
        footer: 'You can add a delivery address in Your Account.',
      };
    case 'INVALID_INPUT':
      return {
        header,
        errorMessage: 'We could not read that request. Reload the page and try again.',
        footer,
      };
    case 'QUANTITY_OVERFLOW':
      return {
        header,
        errorMessage: `You can have at most ${detail.limit ?? 0} of ${detail.title} in ${where}.`,
        footer,
      };
    case 'PRICE_UNAVAILABLE':
      return { header, errorMessage: `We could not find a price for ${detail.title}.`, footer };
    case 'ORDER_CUTOFF_PASSED':
      return {
        header,
        errorMessage: 'This order can no longer be changed: its cut-off time has passed.',
        footer: 'Add the item to your cart for a later delivery instead.',
      };
    case 'INTERNAL_ERROR':
      return { header, errorMessage: 'Something went wrong on our side. Please try again.', footer };
  }
}

export type FreshOffer = {
  stock: number;
  buyable: boolean;
  maxOrderQuantity: number | null;
  minOrderQuantity: number;
};

/** Fresh lines never exceed this many units, whatever the offer allows. */
const FRESH_MAX_LINE_QUANTITY = 99;

/**
 * Checks a fresh cart or order line of `total` units (0 removes it): null when allowed, else the code
 * and the numbers its message needs.
 */
export function checkFreshLine(
  offer: FreshOffer | null,
  total: number,
): { code: FreshErrorCode; available?: number; limit?: number } | null {
  if (!Number.isInteger(total) || total < 0) return { code: 'INVALID_INPUT' };
  if (total === 0) return null;
  if (!offer) return { code: 'PRICE_UNAVAILABLE' };
  if (!offer.buyable || offer.stock === 0) return { code: 'ITEM_NOT_AVAILABLE' };
  const limit = Math.min(offer.maxOrderQuantity ?? FRESH_MAX_LINE_QUANTITY, FRESH_MAX_LINE_QUANTITY);
  if (total > limit) return { code: 'QUANTITY_OVERFLOW', limit };
  if (total > offer.stock) return { code: 'ITEM_PARTIALLY_AVAILABLE', available: offer.stock };
  if (total < offer.minOrderQuantity) return { code: 'INVALID_INPUT' };
  return null;
}

/** The line total an add asks for: the quantity itself with setQuantityFlag, else added to what is held. */
export function freshLineTarget(held: number, quantity: number, setQuantity: boolean): number {
  return setQuantity ? quantity : held + quantity;
}

/** A store delivers to a postal code when it lists its three-digit prefix, or lists none at all. */
export function storeServes(prefixes: readonly string[], postalCode: string | null): boolean {
  if (prefixes.length === 0 || postalCode === null) return true;
  return prefixes.includes(postalCode.trim().slice(0, 3));
}

/** GRO-015: the store introduction sheet needs these four; the names of the missing ones, if any. */
export function missingStoreSheetParams(params: {
  asin?: string | null;
  brandId?: string | null;
  offerListingDiscriminator?: string | null;
  storeId?: string | null;
}): string[] {
  return (['asin', 'brandId', 'offerListingDiscriminator', 'storeId'] as const).filter((key) => !params[key]);
}

export type FreshAddAnswer = {
  storefrontUrl: string | null;
  shouldRedirectToOgs: boolean;
  ogsUrl: string | null;
  refreshGlowLabel: boolean;
  storeIntroductionSheetHtml: string | null;
};

/** GRO-003 and the constant of S2 §9: the ordering service opens 3 s after a fresh order add. */
export const ORDERING_SERVICE_REDIRECT_MS = 3000;

export type FreshAddNext =
  | { kind: 'ordering-service'; url: string; delayMs: number }
  | { kind: 'storefront'; url: string }
  | { kind: 'store-sheet'; html: string }
  | { kind: 'reload' }
  | { kind: 'stay' };

/**
 * GRO-003/008: what the page does after a successful add: the ordering service (after 3 s) for a
 * fresh order, the store front when the server sends the shopper there, the store introduction sheet,
 * a reload when the delivery label changed, or nothing more.
 */
export function afterFreshAdd(answer: FreshAddAnswer): FreshAddNext {
  if (answer.shouldRedirectToOgs && answer.ogsUrl) {
    return { kind: 'ordering-service', url: answer.ogsUrl, delayMs: ORDERING_SERVICE_REDIRECT_MS };
  }
  if (answer.storefrontUrl) return { kind: 'storefront', url: answer.storefrontUrl };
  if (answer.storeIntroductionSheetHtml)
    return { kind: 'store-sheet', html: answer.storeIntroductionSheetHtml };
  if (answer.refreshGlowLabel) return { kind: 'reload' };
  return { kind: 'stay' };
}

/** GRO-013/014: a multi add goes out only with items and an enabled button. */
export function multiAddAllowed(items: readonly unknown[], buttonDisabled: boolean): boolean {
  return items.length > 0 && !buttonDisabled;
}

/**
 * GRO-029..033: what a failed add shows. 403 (and 401) reload; a 400 with the server's
 * modal shows it and syncs the stepper; anything else fetches the generic modal.
 */
export function freshFailureAction(
  status: number,
  hasServerModal: boolean,
): 'reload' | 'server-modal' | 'generic-modal' {
  if (status === 401 || status === 403) return 'reload';
  if (status === 400 && hasServerModal) return 'server-modal';
  return 'generic-modal';
}

/** GRO-017/024: the page's query parameters a fresh add copies (ref_, queryLogInfoParams, discoveredAsins.N, almBrandId, gsc). */
export function freshAddQuery(search: string): string {
  const from = new URLSearchParams(search);
  const out = new URLSearchParams();
  for (const [key, value] of from) {
    if (
      ['ref_', 'queryLogInfoParams', 'almBrandId', 'gsc'].includes(key) ||
      /^discoveredAsins\.\d{1,2}$/.test(key)
    ) {
      out.append(key, value);
    }
  }
  const text = out.toString();
  return text ? `?${text}` : '';
}

/** GRO-037: the page runs inside the store's app when the app names itself in the user agent. */
export const isInApp = (userAgent: string) => /\bNorthwindApp\//.test(userAgent);
