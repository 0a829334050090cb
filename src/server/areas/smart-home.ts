import { smartHomeCatalog } from '../catalog/areas/smart-home';
import { smartHomeRoutes } from '../routes/smart-home/smart-home-routes';
import type { ServerArea } from './server-area';

/** The smart-home badge (SH): loaded by the page from its own call (decision 0019). */
export const smartHomeArea = {
  name: 'smart-home',
  routes: [smartHomeRoutes],
  catalog: smartHomeCatalog,
} satisfies ServerArea;
