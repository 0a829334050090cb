import { useState } from 'react';
import { createCartRequest } from '../../domain/cart/cart-request';
import type { CartApiItem } from '../../shared/contracts/cart';
import { addItemsToCart, cartApiState } from './cart-api';

export type AddToCartState =
  | { status: 'idle' }
  | { status: 'adding' }
  | { status: 'added'; quantity: number }
  | { status: 'failed'; message: string };

/** Adds the page item through the cart API and reports the new navigation cart count. */
export function useAddToCart(options: {
  marketplaceId: string;
  language: string;
  refTag: string | null;
  /** CART-019: no request goes out without the shopper's session. */
  sessionId: string;
  onCartCount: (count: number) => void;
}) {
  const [state, setState] = useState<AddToCartState>({ status: 'idle' });
  /** Adds the page item, and with it any accessories chosen for it. */
  const add = async (item: CartApiItem, accessories: CartApiItem[] = []) => {
    if (state.status === 'adding') return;
    setState({ status: 'adding' });
    // CART-019/020: one request object per press, sent once, never without a session or items.
    const request = createCartRequest(options.sessionId, [item, ...accessories], {
      warn: (message) => console.warn(message),
      fatal: (message) => console.error(message),
    });
    const result = await request.send((_session, items) =>
      addItemsToCart(cartApiState(options.marketplaceId), [...items], {
        language: options.language,
        ...(options.refTag ? { refTag: options.refTag } : {}),
      }),
    );
    if (!result) {
      setState({ status: 'failed', message: 'Something went wrong. Please reload the page and try again.' });
      return;
    }
    if (!result.ok) {
      setState({ status: 'failed', message: result.message });
      return;
    }
    options.onCartCount(result.response.entity.count.entity.items);
    setState({ status: 'added', quantity: item.quantity });
  };
  return { state, add };
}
