import { CART_ADD_ITEMS_REQUEST_TYPE, CART_ADD_ITEMS_RESPONSE_TYPE } from '../../shared/cart-constants';
import type { AddItemsResponse, CartApiItem } from '../../shared/contracts/cart';
import { pageTokens } from './page-tokens';
import { errorMessage, parseAnswer } from './parse-answer';

/** CART-027: what the page needs to call the cart API. */
export type CartApiState = { csrfToken: string; marketplaceId: string; aapiAjaxEndpoint: string };

export function cartApiState(marketplaceId: string, aapiAjaxEndpoint = ''): CartApiState {
  return { csrfToken: pageTokens().csrfToken, marketplaceId, aapiAjaxEndpoint };
}

export type CartApiResult =
  | { ok: true; response: AddItemsResponse }
  | { ok: false; status: number; message: string };

/** SEC-007: 401 and 403 mean the session is gone or stale; the page reloads to get a fresh one. */
export const isSessionProblem = (status: number) => status === 401 || status === 403;

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
 * and both page tokens (CART-037), and trusts only an answer that meets the contract (CART-022).
 */
export async function postCartItems(
  call: CartItemsCall,
  items: readonly CartApiItem[],
): Promise<CartApiResult> {
  try {
    const response = await fetch(call.url, {
      method: 'POST',
      credentials: 'include',
      headers: {
        'content-type': CART_ADD_ITEMS_REQUEST_TYPE,
        accept: CART_ADD_ITEMS_RESPONSE_TYPE,
        'accept-language': call.language,
        'x-csrf-token': call.csrfToken,
        'x-encrypted-slate-token': pageTokens().slateToken,
      },
      body: JSON.stringify({ items }),
    });
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      if (isSessionProblem(response.status)) (call.onSessionProblem ?? (() => window.location.reload()))();
      return {
        ok: false,
        status: response.status,
        message: (await errorMessage(body)) ?? 'Something went wrong.',
      };
    }
    const answer = await parseAnswer((all) => all.addItemsResponse, body);
    if (!answer) {
      return { ok: false, status: response.status, message: 'Something went wrong. Please try again.' };
    }
    return { ok: true, response: answer };
  } catch {
    return {
      ok: false,
      status: 0,
      message: 'We could not reach the store. Check your connection and try again.',
    };
  }
}

/** Adds items through the page's cart API endpoint (CART-037). */
export function addItemsToCart(
  state: CartApiState,
  items: readonly CartApiItem[],
  options: { refTag?: string; language?: string; onSessionProblem?: () => void } = {},
): Promise<CartApiResult> {
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
