import pino from 'pino';
import { STORE_MIGRATIONS } from '../../areas/areas';
import { openStore } from '../../db/database';
import { readEnv } from '../../env';
import { expireTradeIn, receiveTradeIn } from './trade-in-operator';

// The trade-in operator's commands (DATABASE_URL's store; decision 0053):
//   npm run tradein -- receive <id> --condition Good   the devices arrived in that condition
//   npm run tradein -- expire <id>                     the devices never came: returned, paid-now credit taken back

const USAGE =
  'usage: npm run tradein -- receive <trade-in id> --condition <condition key> | expire <trade-in id>';

async function main(args: string[]): Promise<number> {
  const [command, id, ...rest] = args;
  const log = pino({ base: null }, pino.destination(2));
  if (!id || (command !== 'receive' && command !== 'expire')) {
    console.error(USAGE);
    return 2;
  }
  const at = rest.indexOf('--condition');
  const condition = at >= 0 ? rest[at + 1] : undefined;
  if (command === 'receive' && condition === undefined) {
    console.error(USAGE);
    return 2;
  }
  const env = readEnv();
  const store = openStore(env.DATABASE_URL);
  try {
    await store.migrate(STORE_MIGRATIONS);
    const now = Date.now();
    const outcome =
      command === 'receive'
        ? await receiveTradeIn(store.db, id, condition ?? '', now, log)
        : await expireTradeIn(store.db, id, now);
    if (!outcome.ok) {
      console.error(outcome.message);
      return 1;
    }
    console.log(outcome.message);
    return 0;
  } finally {
    log.flush();
    await store.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  },
);
