import fp from 'fastify-plugin';
import { TtlCache } from '../cache/ttl-cache';
import type { Store } from '../db/database';
import type { Env } from '../env';

export type Clock = () => number;

declare module 'fastify' {
  interface FastifyInstance {
    store: Store;
    env: Env;
    /** Epoch milliseconds; tests inject their own. */
    clock: Clock;
    /** Serialized product answers (UTF-8 bytes); anything that changes stock or the catalog in this process clears it. */
    productCache: TtlCache<Buffer>;
  }
}

/** Decorates the app with the store, the environment and the clock; closes the store on shutdown. */
export const storePlugin = fp<{ store: Store; env: Env; clock: Clock; ownsStore: boolean }>(
  async (app, { store, env, clock, ownsStore }) => {
    app.decorate('store', store);
    app.decorate('env', env);
    app.decorate('clock', clock);
    // Product answers are the same for every shopper, so identical calls within the TTL share one
    // serialized answer; prices, stock and limits are checked again when an item is added or ordered.
    app.decorate('productCache', new TtlCache<Buffer>(env.PRODUCT_CACHE_TTL_MS, 5000, clock));
    store.onFault((error) => app.log.warn({ err: error }, 'database connection lost; the pool reconnects'));
    if (ownsStore) app.addHook('onClose', async () => store.close());
  },
  { name: 'store' },
);
