import { CART_ADD_ITEMS_REQUEST_TYPE, CART_ADD_ITEMS_RESPONSE_TYPE } from '../../shared/cart-constants';
import type { AddItemsResponse, CartApiItem } from '../../shared/contracts/cart';
import type { ErrorResponse } from '../../shared/contracts/common';
import { pageTokens } from './page-tokens';

export type CartApiResult = { ok: true; response: AddItemsResponse } | { ok: false; status: number; message: string };

/** Adds items through the cart API with credentials, the versioned media types and both page tokens (CART-037). */
export async function addItemsToCart(
  marketplaceId: string,
  items: CartApiItem[],
  options: { refTag?: string; language?: string } = {},
): Promise<CartApiResult> {
  const { csrfToken, slateToken } = pageTokens();
  const query = options.refTag ? `?ref_=${encodeURIComponent(options.refTag)}` : '';
  try {
    const response = await fetch(`/api/marketplaces/${marketplaceId}/cart/carts/retail/items${query}`, {
      method: 'POST',
      credentials: 'include',
      headers: {
        'content-type': CART_ADD_ITEMS_REQUEST_TYPE,
        accept: CART_ADD_ITEMS_RESPONSE_TYPE,
        'accept-language': options.language ?? 'en-US',
        'x-csrf-token': csrfToken,
        'x-encrypted-slate-token': slateToken,
      },
      body: JSON.stringify({ items }),
    });
    if (!response.ok) {
      const body = (await response.json().catch(() => null)) as ErrorResponse | null;
      return { ok: false, status: response.status, message: body?.error.message ?? 'Something went wrong.' };
    }
    return { ok: true, response: (await response.json()) as AddItemsResponse };
  } catch {
    return { ok: false, status: 0, message: 'We could not reach the store. Check your connection and try again.' };
  }
}
