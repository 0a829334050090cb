import { parseArgs } from 'node:util';
import pino from 'pino';
import { STORE_MIGRATIONS } from '../../areas/areas';
import { openStore } from '../../db/database';
import { readEnv } from '../../env';
import { expireTradeIn, receiveTradeIn } from './trade-in-operator';

// The trade-in operator's commands (DATABASE_URL's store; decision 0053):
//   npm run tradein -- receive <id> --condition Good   the devices arrived in that condition
//       [--item <item id>=<condition> …]               one device in its own (the rest in --condition)
//   npm run tradein -- expire <id>                     the devices never came: returned, paid-now credit taken back

const USAGE =
  'usage: npm run tradein -- receive <trade-in id> --condition <condition key> [--item <item id>=<condition key> …] | expire <trade-in id>';

/** The command line read, or null when it is not one (usage). */
function readCommand(args: string[]) {
  try {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: { condition: { type: 'string' }, item: { type: 'string', multiple: true } },
    });
    const [command, id, ...extra] = positionals;
    if (!id || extra.length > 0 || (command !== 'receive' && command !== 'expire')) return null;
    if (command === 'receive' && values.condition === undefined) return null;
    const byItem: Record<string, string> = {};
    for (const pair of values.item ?? []) {
      const at = pair.indexOf('=');
      if (at <= 0) return null;
      byItem[pair.slice(0, at)] = pair.slice(at + 1);
    }
    return { command, id, condition: values.condition ?? '', byItem };
  } catch {
    return null;
  }
}

async function main(args: string[]): Promise<number> {
  const log = pino({ base: null }, pino.destination(2));
  const read = readCommand(args);
  if (!read) {
    console.error(USAGE);
    return 2;
  }
  const { command, id, condition, byItem } = read;
  const env = readEnv();
  const store = openStore(env.DATABASE_URL);
  try {
    await store.migrate(STORE_MIGRATIONS);
    const now = Date.now();
    const outcome =
      command === 'receive'
        ? await receiveTradeIn(store.db, id, condition, now, log, byItem)
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
