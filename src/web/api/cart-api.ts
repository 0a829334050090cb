import { isValidCartApiResponse } from '../../domain/cart/cart-request';
import { CART_ADD_ITEMS_REQUEST_TYPE, CART_ADD_ITEMS_RESPONSE_TYPE } from '../../shared/cart-constants';
import type { AddItemsResponse, CartApiItem } from '../../shared/contracts/cart';
import type { ErrorResponse } from '../../shared/contracts/common';
import { pageTokens } from './page-tokens';

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

/** Adds items through the cart API with credentials, the versioned media types and both page tokens (CART-037). */
export async function addItemsToCart(
  state: CartApiState,
  items: CartApiItem[],
  options: { refTag?: string; language?: string; onSessionProblem?: () => void } = {},
): Promise<CartApiResult> {
  const query = options.refTag ? `?ref_=${encodeURIComponent(options.refTag)}` : '';
  try {
    const response = await fetch(
      `${state.aapiAjaxEndpoint}/api/marketplaces/${state.marketplaceId}/cart/carts/retail/items${query}`,
      {
        method: 'POST',
        credentials: 'include',
        headers: {
          'content-type': CART_ADD_ITEMS_REQUEST_TYPE,
          accept: CART_ADD_ITEMS_RESPONSE_TYPE,
          'accept-language': options.language ?? 'en-US',
          'x-csrf-token': state.csrfToken,
          'x-encrypted-slate-token': pageTokens().slateToken,
        },
        body: JSON.stringify({ items }),
      },
    );
    if (!response.ok) {
      if (isSessionProblem(response.status)) (options.onSessionProblem ?? (() => window.location.reload()))();
      const body = (await response.json().catch(() => null)) as ErrorResponse | null;
      return { ok: false, status: response.status, message: body?.error.message ?? 'Something went wrong.' };
    }
    const body: unknown = await response.json().catch(() => null);
    // CART-022: only a well-formed answer counts as added.
    if (!isValidCartApiResponse(body)) {
      return { ok: false, status: response.status, message: 'Something went wrong. Please try again.' };
    }
    return { ok: true, response: body as AddItemsResponse };
  } catch {
    return {
      ok: false,
      status: 0,
      message: 'We could not reach the store. Check your connection and try again.',
    };
  }
}
