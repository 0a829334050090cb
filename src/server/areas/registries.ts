import * as registries from '../db/migrations/0027-registries';
import { babyRegistryRoutes } from '../routes/registries/baby-registry-routes';
import { registryPageRoutes } from '../routes/registries/registry-page-routes';
import { registryRoutes } from '../routes/registries/registry-routes';
import { registryWriteRoutes } from '../routes/registries/registry-write-routes';
import { registryButtonSlice } from '../services/registries/registries';
import {
  registryCheckoutOptions,
  registryConfirmationNotes,
  registryOrderPlaced,
} from '../services/registries/registry-orders';
import type { ContractPageSlices, ServerArea } from './server-area';

/** Gift registries (REG-001 … REG-034, decision 0062): baby, wedding and general registries. */
export const registriesArea = {
  name: 'registries',
  routes: [registryRoutes, babyRegistryRoutes, registryWriteRoutes, registryPageRoutes],
  pageSlices: {
    registries: { at: 'page', deferred: false, load: registryButtonSlice },
  } satisfies ContractPageSlices,
  migrations: { '0027-registries': registries },
  orderPlaced: registryOrderPlaced,
  checkoutOptions: registryCheckoutOptions,
  confirmationNotes: registryConfirmationNotes,
} satisfies ServerArea;
