import * as idempotencyKeys from '../db/migrations/0030-idempotency-keys';
import { accountRoutes } from '../routes/account/account-routes';
import { deliveryRoutes } from '../routes/delivery/delivery-routes';
import { healthRoutes } from '../routes/health/health-routes';
import { loggingRoutes } from '../routes/logging/logging-routes';
import { helpRoutes } from '../routes/pages/help-routes';
import { signInRoutes } from '../routes/sign-in/sign-in-routes';
import type { ServerArea } from './server-area';

/**
 * What every page leans on: health, client logs, the delivery location, sign-in, help, the account, and
 * the idempotency keys of every write.
 */
export const siteArea = {
  name: 'site',
  routes: [healthRoutes, loggingRoutes, deliveryRoutes, signInRoutes, helpRoutes, accountRoutes],
  // The app's idempotency keys (plugins/idempotency.ts) serve every area's writes.
  migrations: { '0030-idempotency-keys': idempotencyKeys },
} satisfies ServerArea;
