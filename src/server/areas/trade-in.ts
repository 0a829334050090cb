import { tradeInCatalog } from '../catalog/areas/trade-in';
import * as recycleAndSave from '../db/migrations/0020-recycle-and-save';
import { recycleAndSaveRoutes } from '../routes/trade-in/recycle-and-save-routes';
import { tradeInPageRoutes } from '../routes/trade-in/trade-in-page-routes';
import { recycleAndSaveSlice } from '../services/trade-in/recycle-and-save';
import type { ContractPageSlices, ServerArea } from './server-area';

/** Trade-in and recycle-and-save (TI, RS; decision 0051). */
export const tradeInArea = {
  name: 'trade-in',
  routes: [recycleAndSaveRoutes, tradeInPageRoutes],
  catalog: tradeInCatalog,
  pageSlices: {
    recycleAndSave: { at: 'product', deferred: false, load: recycleAndSaveSlice },
  } satisfies ContractPageSlices,
  migrations: { '0020-recycle-and-save': recycleAndSave },
} satisfies ServerArea;
