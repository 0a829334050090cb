import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { openStore } from '../../src/server/db/database';
import {
  buildServerBundle,
  checkChaos,
  createChaosWorld,
  emptyLedger,
  runChaos,
  sqliteIntegrity,
} from '../helpers/crash-chaos';
import { createTestStore, type TestStore } from '../helpers/test-store';

// The built server on one SQLite file, killed with SIGKILL 100 times at random moments while four
// shoppers add to carts, claim a deal, place orders and add to lists, and started again on the same
// file each time (decision 0065). Longer runs and PostgreSQL: npm run bench:chaos.
const KILLS = 100;

describe('crash safety', () => {
  let store: TestStore | undefined;
  let serverJs: string | undefined;
  afterAll(async () => {
    await store?.drop();
    if (serverJs) rmSync(dirname(serverJs), { recursive: true, force: true });
  });

  test('100 SIGKILLs while shoppers write: every acknowledged write is there, every order whole, the deal ledger balanced, integrity ok', async () => {
    serverJs = buildServerBundle();
    store = await createTestStore('sqlite');
    const world = await createChaosWorld(store.db, 4);
    await store.close();

    const ledger = emptyLedger();
    const run = await runChaos({
      serverJs,
      databaseUrl: store.url,
      world,
      ledger,
      kills: KILLS,
      shoppers: 4,
      minMs: 0,
      maxMs: 200,
    });
    expect(run.kills).toBe(KILLS);

    const after = openStore(store.url);
    try {
      expect(await sqliteIntegrity(after.db)).toBe('ok');
      const { problems, counts } = await checkChaos(after.db, world, ledger);
      expect(problems).toEqual([]);
      // Every kind of write was acknowledged many times and the deal sold out (its waitlist path ran
      // too); and kills cut writes off mid-way (more were sent than answered).
      expect(counts.cartAddsAcked).toBeGreaterThan(20);
      expect(counts.claimsAcked).toBeGreaterThan(20);
      expect(counts.ordersAcked).toBeGreaterThan(20);
      expect(counts.listAddsAcked).toBeGreaterThan(20);
      expect(counts.waitlisted).toBeGreaterThan(0);
      expect(counts.ordersSent).toBeGreaterThan(counts.ordersAcked);
    } finally {
      await after.close();
    }
  }, 900_000);
});
