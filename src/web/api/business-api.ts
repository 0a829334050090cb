import type { z } from 'zod';
import { isValidAddItemsAnswer } from '../../domain/cart/cart-answer';
import {
  CURRENCY_HEADER,
  DEEP_CHECK_URL,
  OFFER_ADD_TIMEOUT_MS,
  PRODUCT_API_TIMEOUT_MS,
} from '../../shared/business-constants';
import { CART_ADD_ITEMS_REQUEST_TYPE, CART_ADD_ITEMS_RESPONSE_TYPE } from '../../shared/cart-constants';
import type {
  DeepCheckRequest,
  deepCheckResponse,
  OfferListingEntry,
  OffersListingResponse,
} from '../../shared/contracts/business';
import type { AddItemsResponse, addItemsRefusal } from '../../shared/contracts/cart';
import type { ProductResponse } from '../../shared/contracts/products';
import { pageTokens } from './page-tokens';
import { productApiPath } from './product-api-path';
import { type ApiResult, isSessionProblem, request } from './request';

// The business picker's and the offers overlay's calls (S2 §7).

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
 * GET a product call URL (BIZ-047..050) with credentials, its headers and a 6 s timeout. A 401 or 403
 * reloads the page.
 */
export async function getProductCall(
  url: string,
  page: { language: string; currency: string },
): Promise<ApiResult<ProductResponse>> {
  const result = await request<ProductResponse>(url, {
    headers: productCallHeaders(page.language, page.currency),
    timeoutMs: PRODUCT_API_TIMEOUT_MS,
  });
  if (!result.ok && isSessionProblem(result.status)) window.location.reload();
  return result;
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

/** The offers the all-offers overlay lists (OFR-005); a session problem reloads the page. */
export async function fetchOffers(
  marketplaceId: string,
  asin: string,
  language: string,
): Promise<ApiResult<OffersListingResponse>> {
  const result = await request<OffersListingResponse>(productApiPath(marketplaceId, asin, '/offers'), {
    headers: { accept: 'application/json', 'accept-language': language },
    timeoutMs: PRODUCT_API_TIMEOUT_MS,
  });
  if (!result.ok && isSessionProblem(result.status)) window.location.reload();
  return result;
}

/** BIZ-051: the deep-check delivery promise, POSTed as JSON with credentials; its `content` is HTML. */
export function fetchDeepCheck(
  deepCheck: DeepCheckRequest,
  language: string,
): Promise<ApiResult<z.infer<typeof deepCheckResponse>>> {
  return request<z.infer<typeof deepCheckResponse>>(DEEP_CHECK_URL, {
    method: 'POST',
    headers: {
      accept: 'application/json',
      'accept-language': language,
      'x-csrf-token': pageTokens().csrfToken,
    },
    json: deepCheck,
  });
}

/**
 * OFR-010..014: adds one offer through the cart's add-items endpoint with its ref, sr and qid, the
 * versioned media types and both tokens, with credentials and a 10 s timeout. A 422 refusal carries
 * the cart's count (OFR-013); the answer must be one CART-022 calls valid.
 */
export async function addOfferToCart(
  offer: Pick<OfferListingEntry, 'asin' | 'oid' | 'minQty' | 'refTag' | 'sr' | 'qid'>,
  page: { marketplaceId: string; language: string; quantity?: number },
): Promise<ApiResult<AddItemsResponse, z.infer<typeof addItemsRefusal>>> {
  const query = new URLSearchParams({ ref: offer.refTag, sr: offer.sr, qid: offer.qid });
  const result = await request<AddItemsResponse, z.infer<typeof addItemsRefusal>>(
    `/api/marketplaces/${encodeURIComponent(page.marketplaceId)}/cart/carts/retail/items?${query}`,
    {
      method: 'POST',
      headers: {
        'content-type': CART_ADD_ITEMS_REQUEST_TYPE,
        accept: CART_ADD_ITEMS_RESPONSE_TYPE,
        'accept-language': page.language,
        'x-csrf-token': pageTokens().csrfToken,
        'x-encrypted-slate-token': pageTokens().slateToken,
      },
      json: {
        items: [{ asin: offer.asin, offerListingId: offer.oid, quantity: page.quantity ?? offer.minQty }],
      },
      timeoutMs: OFFER_ADD_TIMEOUT_MS,
    },
  );
  if (!result.ok) {
    if (isSessionProblem(result.status)) window.location.reload();
    return result;
  }
  return isValidAddItemsAnswer(result.answer) ? result : { ok: false, status: result.status, refusal: null };
}
