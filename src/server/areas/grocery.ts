import { groceryCatalog } from '../catalog/areas/grocery';
import { groceryPageRoutes } from '../routes/grocery/grocery-page-routes';
import { groceryRoutes } from '../routes/grocery/grocery-routes';
import { repeatDeliveryRoutes } from '../routes/grocery/repeat-delivery-routes';
import { grocerySlice } from '../services/grocery/page-slice';
import type { ContractPageSlices, ServerArea } from './server-area';

/** Grocery (decision 0023): the grocery buy box, fresh carts, delivery slots and repeat deliveries. */
export const groceryArea = {
  name: 'grocery',
  routes: [groceryRoutes, repeatDeliveryRoutes, groceryPageRoutes],
  catalog: groceryCatalog,
  pageSlices: {
    grocery: { at: 'page', deferred: false, load: grocerySlice },
  } satisfies ContractPageSlices,
} satisfies ServerArea;
