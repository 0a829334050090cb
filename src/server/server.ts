import { mkdirSync } from 'node:fs';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { openStore } from './db/database';
import { readEnv } from './env';
import { readClientAssets } from './render/client-assets';
import { prepareStore } from './start-store';

const env = readEnv();
if (env.DATABASE_URL.startsWith('sqlite:./data/')) mkdirSync('data', { recursive: true });
const store = openStore(env.DATABASE_URL, { checkpointInBackground: true });
const app = await buildApp({ env, store, assets: readClientAssets() });
app.addHook('onClose', async () => store.close());
await prepareStore(store, env, app.log, Date.now());

// SIGTERM/SIGINT: stop accepting, let in-flight requests finish, close the database, exit.
closeWithGrace({ delay: env.SHUTDOWN_TIMEOUT_MS }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  else app.log.info({ signal }, 'shutting down');
  // Keep-alive connections that were busy when closing began turn idle later; close them as they do,
  // so the process does not wait for their keep-alive timeout.
  const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
  try {
    await app.close();
  } finally {
    clearInterval(sweep);
  }
});

await app.listen({ host: env.HOST, port: env.PORT });
