import {
  CURRENCY_HEADER,
  DEEP_CHECK_URL,
  OFFER_ADD_TIMEOUT_MS,
  PRODUCT_API_TIMEOUT_MS,
} from '../../shared/business-constants';
import { CART_ADD_ITEMS_REQUEST_TYPE, CART_ADD_ITEMS_RESPONSE_TYPE } from '../../shared/cart-constants';
import type { DeepCheckRequest, OfferListingEntry } from '../../shared/contracts/business';
import type { ProductResponse } from '../../shared/contracts/products';
import { isSessionProblem } from './cart-api';
import { getJson } from './get-json';
import { pageTokens } from './page-tokens';
import { parseAnswer } from './parse-answer';

// The business picker's and the offers overlay's calls (S2 §7). Their contracts load with the first
// call, so zod stays out of the first-load JavaScript.

export type ProductCallResult =
  | { ok: true; answer: ProductResponse }
  | { ok: false; status: number; errorCode: string | null };

/** Headers of every product call (BIZ-048): language, currency of preference, CSRF and slate token. */
function productCallHeaders(language: string, currency: string): Record<string, string> {
  const tokens = pageTokens();
  return {
    accept: 'application/json',
    'accept-language': language,
    [CURRENCY_HEADER]: currency,
    'x-csrf-token': tokens.csrfToken,
    'x-encrypted-slate-token': tokens.slateToken,
  };
}

/**
 * GET a product call URL (BIZ-047..050) with credentials, its headers and a 6 s timeout; the answer
 * is checked against the product contract. A 401 or 403 reloads the page.
 */
export async function getProductCall(
  url: string,
  page: { language: string; currency: string },
): Promise<ProductCallResult> {
  const result = await getJson(url, {
    credentials: 'include',
    headers: productCallHeaders(page.language, page.currency),
    signal: AbortSignal.timeout(PRODUCT_API_TIMEOUT_MS),
  });
  if (!result.ok) {
    if (isSessionProblem(result.status)) window.location.reload();
    return { ok: false, status: result.status, errorCode: null };
  }
  const answer = await parseAnswer((all) => all.productResponse, result.body);
  return answer ? { ok: true, answer } : { ok: false, status: result.status, errorCode: 'invalid_answer' };
}

/** The product call for one quantity of a buy box's buying option types (BIZ-047). */
export function quantityCheckUrl(
  marketplaceId: string,
  asin: string,
  quantity: number,
  types: readonly string[],
): string {
  const query = new URLSearchParams({
    itemQuantity: String(quantity),
    buyingOptionTypes: types.join(','),
    expand: 'price,availability,callToAction,quantity',
  });
  return `/api/marketplaces/${encodeURIComponent(marketplaceId)}/products/${encodeURIComponent(asin)}?${query}`;
}

/** The first page of a buying option's quantity pricing table (BIZ-049). */
export function pricingTableUrl(marketplaceId: string, asin: string, offerListingId: string): string {
  const query = new URLSearchParams({ expand: 'quantityPricingTable', offerListingId });
  return `/api/marketplaces/${encodeURIComponent(marketplaceId)}/products/${encodeURIComponent(asin)}?${query}`;
}

/** The offers the all-offers overlay lists (OFR-005), or null when the call fails. */
export async function fetchOffers(
  marketplaceId: string,
  asin: string,
  language: string,
): Promise<{ title: string; offers: OfferListingEntry[] } | null> {
  const { offersListingPath, offersListingResponse } = await import('../../shared/contracts/business');
  const result = await getJson(offersListingPath(marketplaceId, asin), {
    credentials: 'include',
    headers: { accept: 'application/json', 'accept-language': language },
    signal: AbortSignal.timeout(PRODUCT_API_TIMEOUT_MS),
  });
  if (!result.ok) {
    if (isSessionProblem(result.status)) window.location.reload();
    return null;
  }
  const parsed = offersListingResponse.safeParse(result.body);
  return parsed.success ? { title: parsed.data.entity.title, offers: parsed.data.entity.offers } : null;
}

/** BIZ-051: the deep-check delivery promise, POSTed as JSON with credentials; its HTML, or null on failure. */
export async function fetchDeepCheck(request: DeepCheckRequest, language: string): Promise<string | null> {
  try {
    const response = await fetch(DEEP_CHECK_URL, {
      method: 'POST',
      credentials: 'include',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        'accept-language': language,
        'x-csrf-token': pageTokens().csrfToken,
      },
      body: JSON.stringify(request),
    });
    if (!response.ok) return null;
    const { deepCheckResponse } = await import('../../shared/contracts/business');
    const parsed = deepCheckResponse.safeParse(await response.json());
    return parsed.success ? parsed.data.content : null;
  } catch {
    return null;
  }
}

export type OfferAddResult =
  | { outcome: 'added'; quantity: number; count: number }
  /** Not added: `count` is the cart's count when the answer told it (a 422 does, OFR-013). */
  | {
      outcome: 'not-added';
      status: number;
      count: number | null;
      reason: 'refused' | 'zero-quantity' | 'failed';
    };

/**
 * OFR-010..014: adds one offer through the cart's add-items endpoint with its ref, sr and qid, the
 * versioned media types and both tokens, with credentials and a 10 s timeout. It succeeds only when
 * the first returned item has a quantity above 0 (OFR-009); a 422 still reads the cart count.
 */
export async function addOfferToCart(
  offer: Pick<OfferListingEntry, 'asin' | 'oid' | 'minQty' | 'refTag' | 'sr' | 'qid'>,
  page: { marketplaceId: string; language: string; quantity?: number },
): Promise<OfferAddResult> {
  const query = new URLSearchParams({ ref: offer.refTag, sr: offer.sr, qid: offer.qid });
  try {
    const response = await fetch(
      `/api/marketplaces/${encodeURIComponent(page.marketplaceId)}/cart/carts/retail/items?${query}`,
      {
        method: 'POST',
        credentials: 'include',
        headers: {
          'content-type': CART_ADD_ITEMS_REQUEST_TYPE,
          accept: CART_ADD_ITEMS_RESPONSE_TYPE,
          'accept-language': page.language,
          'x-csrf-token': pageTokens().csrfToken,
          'x-encrypted-slate-token': pageTokens().slateToken,
        },
        body: JSON.stringify({
          items: [{ asin: offer.asin, offerListingId: offer.oid, quantity: page.quantity ?? offer.minQty }],
        }),
        signal: AbortSignal.timeout(OFFER_ADD_TIMEOUT_MS),
      },
    );
    const body: unknown = await response.json().catch(() => null);
    if (response.status === 422) {
      const refusal = await parseAnswer((all) => all.addItemsRefusal, body);
      return {
        outcome: 'not-added',
        status: 422,
        count: refusal?.entity.count.entity.items ?? null,
        reason: 'refused',
      };
    }
    if (!response.ok) {
      if (isSessionProblem(response.status)) window.location.reload();
      return { outcome: 'not-added', status: response.status, count: null, reason: 'failed' };
    }
    const answer = await parseAnswer((all) => all.addItemsResponse, body);
    if (!answer) return { outcome: 'not-added', status: response.status, count: null, reason: 'failed' };
    const quantity = answer.entity.items[0]?.quantity ?? 0;
    const count = answer.entity.count.entity.items;
    if (!(quantity > 0))
      return { outcome: 'not-added', status: response.status, count, reason: 'zero-quantity' };
    return { outcome: 'added', quantity, count };
  } catch {
    return { outcome: 'not-added', status: 0, count: null, reason: 'failed' };
  }
}
