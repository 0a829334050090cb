import { groceryCatalog } from '../catalog/areas/grocery';
import * as grocerySlots from '../db/migrations/0017-grocery-slots';
import { groceryPageRoutes } from '../routes/grocery/grocery-page-routes';
import { groceryRoutes } from '../routes/grocery/grocery-routes';
import { repeatDeliveryRoutes } from '../routes/grocery/repeat-delivery-routes';
import { grocerySlice } from '../services/grocery/page-slice';
import type { ContractPageSlices, ServerArea } from './server-area';

/** Grocery (decision 0023): the grocery buy box, fresh carts, their checkout with delivery slots (decision 0047) and repeat deliveries. */
export const groceryArea = {
  name: 'grocery',
  routes: [groceryRoutes, repeatDeliveryRoutes, groceryPageRoutes],
  catalog: groceryCatalog,
  pageSlices: {
    grocery: { at: 'page', deferred: false, load: grocerySlice },
  } satisfies ContractPageSlices,
  migrations: { '0017-grocery-slots': grocerySlots },
} satisfies ServerArea;
