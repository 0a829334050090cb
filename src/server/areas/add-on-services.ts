import { addOnServicesCatalog } from '../catalog/areas/add-on-services';
import { addOnServicesRoutes } from '../routes/add-on-services/add-on-services-routes';
import { addOnServicesSlice } from '../services/add-on-services/page-slice';
import type { ContractPageSlices, ServerArea } from './server-area';

/** Add-on services (VAS): installation and protection plans offered with a device. */
export const addOnServicesArea = {
  name: 'add-on-services',
  routes: [addOnServicesRoutes],
  catalog: addOnServicesCatalog,
  pageSlices: {
    addOnServices: {
      at: 'product',
      deferred: true,
      load: (db, context, page) =>
        addOnServicesSlice(db, context, {
          zip: page.shopper.deliveryZip,
          sessionId: page.shopper.sessionId,
          query: page.query,
        }),
    },
  } satisfies ContractPageSlices,
} satisfies ServerArea;
