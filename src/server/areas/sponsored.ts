import { sponsoredCatalog } from '../catalog/areas/sponsored';
import { sponsoredRoutes } from '../routes/sponsored/sponsored-routes';
import type { ServerArea } from './server-area';

/** Sponsored products (ADS): carousels and ad events, loaded by the page from their own calls. */
export const sponsoredArea = {
  name: 'sponsored',
  routes: [sponsoredRoutes],
  catalog: sponsoredCatalog,
} satisfies ServerArea;
