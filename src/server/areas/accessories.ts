import { accessoriesCatalog } from '../catalog/areas/accessories';
import { accessoriesSlice } from '../services/accessories/page-slice';
import type { ContractPageSlices, ServerArea } from './server-area';

/** Accessory upsells (ACC): deferred; their own call is the product API's page-slices/accessories. */
export const accessoriesArea = {
  name: 'accessories',
  catalog: accessoriesCatalog,
  pageSlices: {
    accessories: { at: 'product', deferred: true, load: accessoriesSlice },
  } satisfies ContractPageSlices,
} satisfies ServerArea;
