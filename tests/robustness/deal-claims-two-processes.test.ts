import type { ChildProcess } from 'node:child_process';
import { sql } from 'kysely';
import { afterAll, describe, expect, test } from 'vitest';
import { importCatalogFile } from '../../src/server/catalog/catalog-files';
import { startServer } from '../helpers/server-process';
import { createTestStore, postgresUrl, type TestStore } from '../helpers/test-store';

// Two real server processes share one PostgreSQL schema; claims hit both at once. The guarded writes,
// not anything in a process's memory, keep the deal from overselling.
const DEAL = { asin: 'B0PDPTAB01', dealId: 'LD-B0PDPTAB01', offerListingId: 'OL-B0PDPTAB01-LD' };
const SESSIONS = 250;
const FREE_UNITS = 100;

type Browser = { cookie: string; csrfToken: string };

async function visit(base: string): Promise<Browser> {
  const response = await fetch(`${base}/dp/B0PDPSPK01`, { headers: { accept: 'text/html' } });
  const html = await response.text();
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const csrfToken = /<meta name="csrf-token" content="([^"]*)"/.exec(html)?.[1] ?? '';
  return { cookie, csrfToken };
}

describe.skipIf(!postgresUrl)('lightning deal claims from two server processes on one PostgreSQL', () => {
  let store: TestStore | undefined;
  const servers: ChildProcess[] = [];
  afterAll(async () => {
    for (const child of servers) child.kill('SIGTERM');
    await Promise.all(servers.map((child) => new Promise((resolve) => child.once('exit', resolve))));
    await store?.drop();
  });

  test('DEAL-039 no oversell: 500 concurrent claims from 250 sessions across two processes hold exactly 100 units', async () => {
    store = await createTestStore('postgres');
    const imported = await importCatalogFile(store.db, 'catalog/demo/catalog.json', Date.now());
    expect(imported.ok).toBe(true);
    await store.db
      .updateTable('deals')
      .set({ claimed_units: sql<number>`total_units - ${FREE_UNITS}`, max_per_customer: 2 })
      .where('id', '=', DEAL.dealId)
      .execute();
    const url = `${postgresUrl}?options=${encodeURIComponent(`-c search_path=${store.schema}`)}`;
    const [a, b] = await Promise.all([startServer(url), startServer(url)]);
    servers.push(a.child, b.child);

    const browsers: Browser[] = [];
    for (let i = 0; i < SESSIONS; i += 25) {
      browsers.push(
        ...(await Promise.all(Array.from({ length: 25 }, (_, j) => visit((i + j) % 2 ? b.base : a.base)))),
      );
    }
    expect(browsers.every((x) => x.cookie && x.csrfToken)).toBe(true);

    const claim = (base: string, browser: Browser) =>
      fetch(
        `${base}/api/marketplaces/ATVPDKIKX0DER/deals/${DEAL.dealId}/claim-and-add-to-cart?ref=dp_ld_claim`,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            cookie: browser.cookie,
            'x-csrf-token': browser.csrfToken,
          },
          body: JSON.stringify({ asin: DEAL.asin, quantity: 1 }),
        },
      ).then(async (r) => ({
        status: r.status,
        body: (await r.json()) as { entity?: { customerState?: string } },
      }));
    // Each session claims on both processes at the same moment.
    const answers = await Promise.all(browsers.flatMap((x) => [claim(a.base, x), claim(b.base, x)]));

    expect(answers.filter((r) => r.status >= 500)).toEqual([]);
    expect(answers.every((r) => r.status === 200)).toBe(true);
    const deal = await store.db
      .selectFrom('deals')
      .select(['claimed_units', 'total_units'])
      .where('id', '=', DEAL.dealId)
      .executeTakeFirstOrThrow();
    expect(deal.claimed_units).toBe(deal.total_units);
    const claims = await store.db
      .selectFrom('deal_claims')
      .selectAll()
      .where('deal_id', '=', DEAL.dealId)
      .execute();
    const held = claims.filter((c) => c.status === 'HELD');
    expect(held.reduce((sum, c) => sum + c.held_units, 0)).toBe(FREE_UNITS);
    expect(Math.max(...held.map((c) => c.held_units))).toBeLessThanOrEqual(1);
    const lines = await store.db
      .selectFrom('cart_items')
      .select(['quantity'])
      .where('offer_id', '=', DEAL.offerListingId)
      .execute();
    expect(lines.reduce((sum, l) => sum + l.quantity, 0)).toBe(FREE_UNITS);
    expect(claims.filter((c) => c.status === 'WAITLISTED').length).toBe(SESSIONS - FREE_UNITS);
  }, 180_000);
});
