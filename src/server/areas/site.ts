import * as idempotencyKeys from '../db/migrations/0030-idempotency-keys';
import * as rateLimits from '../db/migrations/0031-rate-limits';
import * as requestEffects from '../db/migrations/0033-request-effects';
import { accountRoutes } from '../routes/account/account-routes';
import { deliveryRoutes } from '../routes/delivery/delivery-routes';
import { healthRoutes } from '../routes/health/health-routes';
import { loggingRoutes } from '../routes/logging/logging-routes';
import { helpRoutes } from '../routes/pages/help-routes';
import { signInRoutes } from '../routes/sign-in/sign-in-routes';
import type { ServerArea } from './server-area';

/**
 * What every page leans on: health, client logs, the delivery location, sign-in, help, the account, and
 * the idempotency keys and rate limits of every write.
 */
export const siteArea = {
  name: 'site',
  routes: [healthRoutes, loggingRoutes, deliveryRoutes, signInRoutes, helpRoutes, accountRoutes],
  // The app's idempotency keys and rate limits (plugins/) serve every area's writes.
  migrations: {
    '0030-idempotency-keys': idempotencyKeys,
    '0031-rate-limits': rateLimits,
    '0033-request-effects': requestEffects,
  },
} satisfies ServerArea;
