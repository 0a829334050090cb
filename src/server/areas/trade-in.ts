import { tradeInCatalog } from '../catalog/areas/trade-in';
import * as recycleAndSave from '../db/migrations/0020-recycle-and-save';
import * as tradeInCatalogMigration from '../db/migrations/0021-trade-in-catalog';
import * as tradeIns from '../db/migrations/0022-trade-ins';
import * as giftCardLedger from '../db/migrations/0023-gift-card-ledger';
import { recycleAndSaveRoutes } from '../routes/trade-in/recycle-and-save-routes';
import { tradeInAccountRoutes } from '../routes/trade-in/trade-in-account-routes';
import { tradeInCartRoutes } from '../routes/trade-in/trade-in-cart-routes';
import { tradeInItemRoutes } from '../routes/trade-in/trade-in-item-routes';
import { tradeInPageRoutes } from '../routes/trade-in/trade-in-page-routes';
import { tradeInRoutes } from '../routes/trade-in/trade-in-routes';
import { recycleAndSaveSlice } from '../services/trade-in/recycle-and-save';
import { tradeInSlice } from '../services/trade-in/trade-in';
import type { ContractPageSlices, ServerArea } from './server-area';

/** Trade-in and recycle-and-save (TI, RS; decisions 0051..0054). */
export const tradeInArea = {
  name: 'trade-in',
  routes: [
    recycleAndSaveRoutes,
    tradeInRoutes,
    tradeInItemRoutes,
    tradeInCartRoutes,
    tradeInAccountRoutes,
    tradeInPageRoutes,
  ],
  catalog: tradeInCatalog,
  pageSlices: {
    recycleAndSave: { at: 'product', deferred: false, load: recycleAndSaveSlice },
    // One indexed read by the product's ASIN, like recycle-and-save's: the launch box renders with the page.
    tradeIn: { at: 'product', deferred: false, load: tradeInSlice },
  } satisfies ContractPageSlices,
  migrations: {
    '0020-recycle-and-save': recycleAndSave,
    '0021-trade-in-catalog': tradeInCatalogMigration,
    '0022-trade-ins': tradeIns,
    '0023-gift-card-ledger': giftCardLedger,
  },
} satisfies ServerArea;
