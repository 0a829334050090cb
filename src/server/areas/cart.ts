import { cartModifyRoutes } from '../routes/cart/cart-modify-routes';
import { cartPageRoutes } from '../routes/cart/cart-page-routes';
import { cartRoutes } from '../routes/cart/cart-routes';
import type { ServerArea } from './server-area';

/** The cart: its API and its page. */
export const cartArea = {
  name: 'cart',
  routes: [cartRoutes, cartModifyRoutes, cartPageRoutes],
} satisfies ServerArea;
