import { dealsCatalog } from '../catalog/areas/deals';
import { dealRoutes } from '../routes/deals/deal-routes';
import { dealSlice } from '../services/deals/page-slice';
import type { ContractPageSlices, ServerArea } from './server-area';

/** Lightning deals (decision 0009): the deal buy box, its claims and its waitlist. */
export const dealsArea = {
  name: 'deals',
  routes: [dealRoutes],
  catalog: dealsCatalog,
  pageSlices: {
    deal: { at: 'page', deferred: false, load: dealSlice },
  } satisfies ContractPageSlices,
} satisfies ServerArea;
