import fp from 'fastify-plugin';
import type { Store } from '../db/database';
import type { Env } from '../env';

export type Clock = () => number;

declare module 'fastify' {
  interface FastifyInstance {
    store: Store;
    env: Env;
    /** Epoch milliseconds; tests inject their own. */
    clock: Clock;
  }
}

/** Decorates the app with the store, the environment and the clock; closes the store on shutdown. */
export const storePlugin = fp<{ store: Store; env: Env; clock: Clock; ownsStore: boolean }>(
  async (app, { store, env, clock, ownsStore }) => {
    app.decorate('store', store);
    app.decorate('env', env);
    app.decorate('clock', clock);
    if (ownsStore) app.addHook('onClose', async () => store.close());
  },
  { name: 'store' },
);
