import { describe, expect, test } from 'vitest';
import { createTestStore, dialects } from '../../tests/helpers/test-store';
import { openStore } from './db/database';
import { readEnv } from './env';
import { prepareStore } from './start-store';

const quiet = { info: () => undefined };

describe.runIf(dialects.includes('postgres'))('processes starting together on one PostgreSQL', () => {
  test('load the demo catalog, accounts and lists once: the second waits for the first', async () => {
    const first = await createTestStore('postgres');
    const second = openStore(first.url, { schema: first.schema as string });
    try {
      const env = readEnv({ DATABASE_URL: first.url });
      await Promise.all([
        prepareStore(first, env, quiet, Date.now()),
        prepareStore(second, env, quiet, Date.now()),
      ]);
      const count = async (table: 'products' | 'customers' | 'lists') =>
        Number(
          (
            await first.db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const once = { products: await count('products'), customers: await count('customers') };
      expect(once.products).toBeGreaterThan(0);
      expect(await count('lists')).toBeGreaterThan(0);
      // A third start finds it all there and adds nothing.
      await prepareStore(second, env, quiet, Date.now());
      expect({ products: await count('products'), customers: await count('customers') }).toEqual(once);
    } finally {
      await second.close();
      await first.drop();
    }
  }, 60_000);
});
