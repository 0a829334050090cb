import { useState } from 'react';
import type { CartApiItem } from '../../../shared/contracts/cart';
import { addItemsToCart, cartApiState } from '../../api/cart-api';

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
  onCartCount: (count: number) => void;
}) {
  const [state, setState] = useState<AddToCartState>({ status: 'idle' });
  /** Adds the page item, and with it any accessories chosen for it. */
  const add = async (item: CartApiItem, accessories: CartApiItem[] = []) => {
    if (state.status === 'adding') return;
    setState({ status: 'adding' });
    const result = await addItemsToCart(cartApiState(options.marketplaceId), [item, ...accessories], {
      language: options.language,
      ...(options.refTag ? { refTag: options.refTag } : {}),
    });
    if (!result.ok) {
      setState({ status: 'failed', message: result.message });
      return;
    }
    options.onCartCount(result.response.entity.count.entity.items);
    setState({ status: 'added', quantity: item.quantity });
  };
  return { state, add };
}
