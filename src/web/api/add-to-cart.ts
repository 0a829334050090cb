import { createCartRequest } from '../../domain/cart/cart-request';
import type { CartApiItem } from '../../shared/contracts/cart';
import { addItemsToCart, cartApiState } from './cart-api';
import { failureMessage } from './request';

export type AddToCartState =
  | { status: 'idle' }
  | { status: 'adding' }
  | { status: 'added'; quantity: number }
  | { status: 'failed'; message: string };

export type AddToCartOptions = {
  marketplaceId: string;
  language: string;
  refTag: string | null;
  /** CART-019: no request goes out without the shopper's session. */
  sessionId: string;
  onCartCount: (count: number) => void;
};

/** Adds the page item, and with it any accessories chosen for it; the state the press ends in. */
export async function addToCart(
  options: AddToCartOptions,
  item: CartApiItem,
  accessories: CartApiItem[] = [],
): Promise<AddToCartState> {
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
    return { status: 'failed', message: 'Something went wrong. Please reload the page and try again.' };
  }
  if (!result.ok) return { status: 'failed', message: failureMessage(result) };
  options.onCartCount(result.answer.entity.count.entity.items);
  return { status: 'added', quantity: item.quantity };
}
