import { businessCatalog } from '../catalog/areas/business';
import { businessRoutes } from '../routes/business/business-routes';
import { splitBasketRoutes } from '../routes/business/split-basket-routes';
import { businessSlice } from '../services/business/page-slice';
import type { ContractPageSlices, ServerArea } from './server-area';

/** Business buying (decision 0022): quantity pricing, the picker and the split basket. */
export const businessArea = {
  name: 'business',
  routes: [businessRoutes, splitBasketRoutes],
  catalog: businessCatalog,
  pageSlices: {
    business: {
      at: 'page',
      deferred: false,
      load: (db, context, page) => businessSlice(db, context, page.query),
    },
  } satisfies ContractPageSlices,
} satisfies ServerArea;
