import { buyBoxCatalog } from '../catalog/areas/buy-box';
import { buyBoxRoutes } from '../routes/buy-box/buy-box-routes';
import { handleBuyBoxRoutes } from '../routes/buy-box/handle-buy-box-routes';
import { buyBoxSlice } from '../services/buy-box/page-slice';
import type { ContractPageSlices, ServerArea } from './server-area';

/** The buy box: its features (gift wrap, coupon, installments, …), its form and its calls. */
export const buyBoxArea = {
  name: 'buy-box',
  routes: [buyBoxRoutes, handleBuyBoxRoutes],
  catalog: buyBoxCatalog,
  pageSlices: {
    features: { at: 'product', deferred: false, load: buyBoxSlice },
  } satisfies ContractPageSlices,
} satisfies ServerArea;
