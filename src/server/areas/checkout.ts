import * as orderRequestKeys from '../db/migrations/0032-order-request-keys';
import { checkoutRoutes } from '../routes/checkout/checkout-routes';
import type { ServerArea } from './server-area';

/** Checkout and orders. */
export const checkoutArea = {
  name: 'checkout',
  routes: [checkoutRoutes],
  migrations: { '0032-order-request-keys': orderRequestKeys },
} satisfies ServerArea;
