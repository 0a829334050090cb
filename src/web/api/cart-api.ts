import { isValidAddItemsAnswer } from '../../domain/cart/cart-answer';
import { CART_ADD_ITEMS_REQUEST_TYPE, CART_ADD_ITEMS_RESPONSE_TYPE } from '../../shared/cart-constants';
import type { AddItemsResponse, CartApiItem } from '../../shared/contracts/cart';
import { pageTokens } from './page-tokens';
import { type ApiResult, isSessionProblem, request } from './request';

/** CART-027: what the page needs to call the cart API. */
export type CartApiState = { csrfToken: string; marketplaceId: string; aapiAjaxEndpoint: string };

export function cartApiState(marketplaceId: string, aapiAjaxEndpoint = ''): CartApiState {
  return { csrfToken: pageTokens().csrfToken, marketplaceId, aapiAjaxEndpoint };
}

/** Where an add-items request goes and as whom: the page's cart endpoint, or the deal setup's. */
export type CartItemsCall = {
  /** The add-items endpoint with its query (`?ref_=` from the page, `?ref=` from the deals flow). */
  url: string;
  csrfToken: string;
  language: string;
  /** Defaults to reloading the page (SEC-007). */
  onSessionProblem?: () => void;
};

/**
 * The one add-to-cart client: POSTs items to the cart API with credentials, the versioned media types
 * and both page tokens (CART-037), and takes only an answer CART-022 calls valid.
 */
export async function postCartItems(
  call: CartItemsCall,
  items: readonly CartApiItem[],
): Promise<ApiResult<AddItemsResponse>> {
  const result = await request<AddItemsResponse>(call.url, {
    method: 'POST',
    headers: {
      'content-type': CART_ADD_ITEMS_REQUEST_TYPE,
      accept: CART_ADD_ITEMS_RESPONSE_TYPE,
      'accept-language': call.language,
      'x-csrf-token': call.csrfToken,
      'x-encrypted-slate-token': pageTokens().slateToken,
    },
    json: { items },
  });
  if (!result.ok) {
    if (isSessionProblem(result.status)) (call.onSessionProblem ?? (() => window.location.reload()))();
    return result;
  }
  return isValidAddItemsAnswer(result.answer) ? result : { ok: false, status: result.status, refusal: null };
}

/** Adds items through the page's cart API endpoint (CART-037). */
export function addItemsToCart(
  state: CartApiState,
  items: readonly CartApiItem[],
  options: { refTag?: string; language?: string; onSessionProblem?: () => void } = {},
): Promise<ApiResult<AddItemsResponse>> {
  const query = options.refTag ? `?ref_=${encodeURIComponent(options.refTag)}` : '';
  return postCartItems(
    {
      url: `${state.aapiAjaxEndpoint}/api/marketplaces/${state.marketplaceId}/cart/carts/retail/items${query}`,
      csrfToken: state.csrfToken,
      language: options.language ?? 'en-US',
      ...(options.onSessionProblem ? { onSessionProblem: options.onSessionProblem } : {}),
    },
    items,
  );
}
