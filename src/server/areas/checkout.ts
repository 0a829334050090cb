import { checkoutRoutes } from '../routes/checkout/checkout-routes';
import type { ServerArea } from './server-area';

/** Checkout and orders. */
export const checkoutArea = {
  name: 'checkout',
  routes: [checkoutRoutes],
} satisfies ServerArea;
