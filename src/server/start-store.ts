import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { STORE_MIGRATIONS } from './areas/areas';
import { importCatalogFile, seedAccounts } from './catalog/catalog-files';
import type { Store } from './db/database';
import { whileHoldingStartLock } from './db/start-lock';
import type { Env } from './env';
import { seedDemoLists } from './services/lists/demo-lists';

/**
 * Migrates, and on an empty database loads the demo catalog and accounts (DESIGN: npm start). Several
 * processes starting at once on one PostgreSQL load it once: the first holds the start lock while it
 * loads, the others wait for it and then find the catalog there (docs/scaling.md).
 */
export async function prepareStore(
  store: Store,
  env: Env,
  log: Pick<FastifyBaseLogger, 'info'>,
  now: number,
) {
  await store.migrate(STORE_MIGRATIONS);
  await whileHoldingStartLock(store, () => seedEmptyStore(store, env, log, now));
}

async function seedEmptyStore(store: Store, env: Env, log: Pick<FastifyBaseLogger, 'info'>, now: number) {
  const any = await store.db.selectFrom('products').select('asin').limit(1).executeTakeFirst();
  if (any) return;
  const result = await importCatalogFile(store.db, env.CATALOG_FILE, now);
  if (!result.ok) {
    throw new Error(
      `catalog ${env.CATALOG_FILE} is invalid:\n${result.problems.map((p) => `  ${p.path}: ${p.message}`).join('\n')}`,
    );
  }
  const accounts = await seedAccounts(store.db, env.ACCOUNTS_FILE, now);
  // The demo accounts' lists sit beside their accounts file (the lists area, decision 0058).
  const listsFile = join(dirname(env.ACCOUNTS_FILE), 'lists.json');
  if (existsSync(listsFile)) await seedDemoLists(store.db, listsFile, now);
  log.info({ ...result.summary, accounts }, 'loaded the demo catalog into an empty database');
}
