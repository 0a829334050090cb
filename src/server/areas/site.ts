import { accountRoutes } from '../routes/account/account-routes';
import { deliveryRoutes } from '../routes/delivery/delivery-routes';
import { healthRoutes } from '../routes/health/health-routes';
import { loggingRoutes } from '../routes/logging/logging-routes';
import { helpRoutes } from '../routes/pages/help-routes';
import { signInRoutes } from '../routes/sign-in/sign-in-routes';
import type { ServerArea } from './server-area';

/** What every page leans on: health, client logs, the delivery location, sign-in, help and the account. */
export const siteArea = {
  name: 'site',
  routes: [healthRoutes, loggingRoutes, deliveryRoutes, signInRoutes, helpRoutes, accountRoutes],
} satisfies ServerArea;
