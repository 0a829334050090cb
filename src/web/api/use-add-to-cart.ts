import { useState } from 'react';
import type { CartApiItem } from '../../shared/contracts/cart';
import { type AddToCartOptions, type AddToCartState, addToCart } from './add-to-cart';

export type { AddToCartState } from './add-to-cart';

/** Adds the page item through the cart API and reports the new navigation cart count. */
export function useAddToCart(options: AddToCartOptions) {
  const [state, setState] = useState<AddToCartState>({ status: 'idle' });
  /** Adds the page item, and with it any accessories chosen for it. */
  const add = async (item: CartApiItem, accessories: CartApiItem[] = []) => {
    if (state.status === 'adding') return;
    setState({ status: 'adding' });
    setState(await addToCart(options, item, accessories));
  };
  return { state, add };
}
