import { bundlesCatalog } from '../catalog/areas/bundles';
import { bundleRoutes } from '../routes/bundles/bundle-routes';
import type { ServerArea } from './server-area';

/** Bundles (BDL): loaded by the page from their own call (decision 0019). */
export const bundlesArea = {
  name: 'bundles',
  routes: [bundleRoutes],
  catalog: bundlesCatalog,
} satisfies ServerArea;
