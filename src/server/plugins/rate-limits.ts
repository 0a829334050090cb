import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { TRADE_IN_PATHS } from '../../shared/trade-in-constants';
import { countRateLimitHit, dropEndedRateLimits } from '../db/repositories/rate-limit-repository';

/**
 * The limits of the writes a script could hammer (decision 0043): per caller (callerOf) and route, per
 * minute. Generous for a shopper, tight for a script; a route names its limit in `config.rateLimit`.
 */
export const RATE_LIMITS = {
  /**
   * Sign-in attempts for one email from one address, counted once the form is read (failed ones are
   * also counted per email and per address over 15 minutes: services/sign-in).
   */
  signIn: { max: 10, timeWindow: 60_000, hook: 'preHandler', keyGenerator: signInCaller },
  dealClaim: { max: 30, timeWindow: 60_000 },
  couponRedemption: { max: 20, timeWindow: 60_000 },
  invitation: { max: 10, timeWindow: 60_000 },
  promoClaim: { max: 30, timeWindow: 60_000 },
  listWrite: { max: 120, timeWindow: 60_000 },
  registryWrite: { max: 120, timeWindow: 60_000 },
  tradeInSubmit: { max: 10, timeWindow: 60_000 },
} as const;

type Limit = (typeof RATE_LIMITS)[keyof typeof RATE_LIMITS];

/**
 * Writes limited by where they are rather than one by one: every POST of the lists and registries
 * areas, and the trade-in submit. A route's own `config.rateLimit` wins.
 */
const LIMITED_WRITES: readonly { test: (url: string) => boolean; limit: Limit }[] = [
  {
    test: (url) => url.startsWith('/hz/wishlist/') || url === '/create/api/addToList',
    limit: RATE_LIMITS.listWrite,
  },
  {
    test: (url) =>
      url.startsWith('/registries') || url.startsWith('/wedding/') || url.startsWith('/baby-reg/'),
    limit: RATE_LIMITS.registryWrite,
  },
  { test: (url) => url === TRADE_IN_PATHS.submit, limit: RATE_LIMITS.tradeInSubmit },
];

/**
 * Who a limit counts: the signed-in customer wherever they come from; else the session (shoppers
 * behind one address, an office or a phone network, rushing a lightning deal are not one caller);
 * else, with no session yet, the address.
 */
async function callerOf(request: FastifyRequest): Promise<string> {
  const customer = await request.session.customer();
  if (customer) return `customer:${customer.id}`;
  return request.session.isNew ? `ip:${request.ip}` : `session:${request.session.rowId}`;
}

function signInCaller(request: FastifyRequest): string {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return `ip:${request.ip} email:${typeof email === 'string' ? email.trim().toLowerCase().slice(0, 254) : ''}`;
}

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;
type RouteParams = { routeInfo?: { method?: string | string[]; url?: string } };

const SWEEP_EVERY_MS = 10 * 60 * 1000;

/**
 * @fastify/rate-limit's store on the store's own database, so every process behind a load balancer
 * counts the same hits with nothing else to run. One counter per route and caller (fixed windows).
 */
function databaseStore(app: FastifyInstance) {
  let lastSweep = 0;
  return class DatabaseRateLimitStore {
    constructor(
      _params: unknown,
      private readonly route = '',
    ) {}

    incr(caller: string, done: Callback, timeWindow: number) {
      const now = app.clock();
      if (now - lastSweep >= SWEEP_EVERY_MS) {
        lastSweep = now;
        dropEndedRateLimits(app.store.db, now).catch((err) =>
          app.log.warn({ err }, 'could not drop rate limits'),
        );
      }
      countRateLimitHit(app.store.db, { key: `${this.route} ${caller}`, now, windowMs: timeWindow }).then(
        ({ hits, resetsAt }) => done(null, { current: hits, ttl: Math.max(0, resetsAt - now) }),
        (error: Error) => done(error),
      );
    }

    // The plugin passes the route's merged limit options, the route itself under `routeInfo`.
    child(params: object) {
      const { method, url } = (params as RouteParams).routeInfo ?? {};
      return new DatabaseRateLimitStore(
        params,
        `${Array.isArray(method) ? method.join(',') : method} ${url}`,
      );
    }
  };
}

class RateLimited extends Error {
  readonly statusCode: number;
  readonly code = 'RATE_LIMITED';
  constructor(statusCode: number, after: string) {
    super(`too many requests; try again in ${after}`);
    this.statusCode = statusCode;
  }
}

/**
 * Rate limits with @fastify/rate-limit on the routes that name one (RATE_LIMITS): counted in the
 * database by default, in Redis when REDIS_URL is set; 429 with Retry-After in the house error shape.
 */
export const rateLimitsPlugin = fp(
  async (app) => {
    const redis = app.env.REDIS_URL
      ? new Redis(app.env.REDIS_URL, {
          lazyConnect: false,
          maxRetriesPerRequest: 1,
          enableOfflineQueue: false,
        })
      : undefined;
    if (redis) app.addHook('onClose', async () => void (await redis.quit()));
    // Before the library's own onRoute hook (registered below), so it sees the limits given here.
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (!methods.includes('POST') || route.config?.rateLimit !== undefined) return;
      const limited = LIMITED_WRITES.find(({ test }) => test(route.url ?? ''));
      if (limited) route.config = { ...route.config, rateLimit: limited.limit };
    });
    await app.register(rateLimit, {
      global: false,
      keyGenerator: callerOf,
      ...(redis ? { redis, nameSpace: 'pdp-rate-limit:' } : { store: databaseStore(app) }),
      errorResponseBuilder: (_request, context) => new RateLimited(context.statusCode, context.after),
    });
  },
  { name: 'rate-limits', dependencies: ['store', 'session'] },
);
