import { STORE_MIGRATIONS } from '../../areas/areas';
import { openStore } from '../../db/database';
import { readEnv } from '../../env';
import { adsReport, formatAdsReport } from './ad-events';

// npm run report:ads   prints impressions, clicks and click-through rate per ad (DATABASE_URL's store)

async function main(): Promise<number> {
  const env = readEnv();
  const store = openStore(env.DATABASE_URL);
  try {
    await store.migrate(STORE_MIGRATIONS);
    console.log(formatAdsReport(await adsReport(store.db)));
    return 0;
  } finally {
    await store.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  },
);
