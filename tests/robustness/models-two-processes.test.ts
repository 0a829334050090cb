import type { ChildProcess } from 'node:child_process';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCustomer } from '../factories/customer-factory';
import { buildProduct, type CreatedProduct, importProducts } from '../factories/product-factory';
import {
  type Answer,
  claim,
  type Model,
  modelDeal,
  newDealModel,
  remove,
  storedDeal,
} from '../helpers/deal-stock-model';
import {
  buildPromotedProduct,
  expectStoreAgrees,
  newOnceModel,
  onceCommand,
  runOnceCommand,
  sessionOver,
} from '../helpers/once-per-customer-model';
import { SocketBrowser, startServer, stopServers } from '../helpers/server-process';
import { createTestStore, postgresUrl, type TestStore } from '../helpers/test-store';

// The deal-stock and once-per-customer models again, over two real server processes on one PostgreSQL
// schema: every batch of requests is sent at the same moment, split across the two processes. Fewer
// sequences than the in-process models (each request is a real HTTP round trip and a sign-in is a
// real scrypt): MODEL_PROCESS_RUNS sets them (100 deal and 40 promotion sequences by default). The
// servers run on the real clock, so no hold runs out here; the in-process model covers expiry.
const RUNS = process.env.MODEL_PROCESS_RUNS ? Number(process.env.MODEL_PROCESS_RUNS) : undefined;
const DEAL_RUNS = RUNS ?? 100;
const PROMOTION_RUNS = RUNS ?? 40;
const TOTAL = 3;
const MAX_PER_CUSTOMER = 2;
const SHOPPERS = 3;
const US = 'ATVPDKIKX0DER';

const action = fc.oneof(
  fc.record({
    kind: fc.constant('claim' as const),
    shopper: fc.nat(SHOPPERS - 1),
    quantity: fc.integer({ min: 1, max: MAX_PER_CUSTOMER + 1 }),
    via: fc.nat(1),
  }),
  fc.record({ kind: fc.constant('remove' as const), shopper: fc.nat(SHOPPERS - 1), via: fc.nat(1) }),
);
type Action = typeof action extends fc.Arbitrary<infer A> ? A : never;

/** Every order of the actions (a batch holds at most four). */
function orders<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, i) =>
    orders([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
  );
}

const clone = (m: Model): Model => structuredClone(m);

describe.skipIf(!postgresUrl)('the models over two server processes on one PostgreSQL', () => {
  let store: TestStore;
  const servers: ChildProcess[] = [];
  let bases: [string, string];
  beforeAll(async () => {
    store = await createTestStore('postgres');
    // A database with products in it: a server starting on an empty one loads the demo catalog and
    // accounts, and two starting at once on an empty one race to seed the demo lists.
    await importProducts(store.db, [buildProduct()]);
    const url = `${postgresUrl}?options=${encodeURIComponent(`-c search_path=${store.schema}`)}`;
    const [a, b] = await Promise.all([startServer(url), startServer(url)]);
    servers.push(a.child, b.child);
    bases = [a.base, b.base];
  }, 120_000);
  afterAll(async () => {
    await stopServers(servers);
    await store?.drop();
  });

  test('DEAL-039 parallel claims and removals on both processes leave what some order of them would', async () => {
    const deals: CreatedProduct[] = [];
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(action, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 5 }),
        async (batches: Action[][]) => {
          if (deals.length === 0) {
            const batch = Array.from({ length: 20 }, () =>
              buildProduct({
                deal: { totalUnits: TOTAL, claimedUnits: 0, maxPerCustomer: MAX_PER_CUSTOMER },
              }),
            );
            await importProducts(store.db, batch, { now: Date.now() });
            deals.push(...batch);
          }
          const product = deals.pop() as CreatedProduct;
          const deal = product.deal as NonNullable<CreatedProduct['deal']>;
          // Each shopper has a session on each process (one browser, its cookie sent to both).
          const browsers = Array.from({ length: SHOPPERS }, () => new SocketBrowser(bases[0]));
          await Promise.all(browsers.map((b) => b.visit(`/dp/${product.asin}`)));
          const ownerIds = browsers.map((b) => b.sessionId);
          expect(ownerIds.every(Boolean)).toBe(true);
          let model = newDealModel(TOTAL, SHOPPERS, 0);
          for (const batch of batches) {
            // A removal names the line the shopper holds now; with none it is not sent.
            const lines = await store.db
              .selectFrom('cart_items as i')
              .innerJoin('carts as c', 'c.id', 'i.cart_id')
              .select(['c.owner_id', 'i.id'])
              .where('i.offer_id', '=', deal.offerListingId)
              .execute();
            const sent = batch.filter(
              (a) => a.kind === 'claim' || lines.some((l) => l.owner_id === ownerIds[a.shopper]),
            );
            const answers = await Promise.all(
              sent.map(async (a): Promise<Answer | null> => {
                const b = browsers[a.shopper] as SocketBrowser;
                const via = new SocketBrowser(bases[a.via as 0 | 1]);
                via.csrfToken = b.csrfToken;
                const headers = { cookie: b.cookie, 'x-csrf-token': b.csrfToken };
                if (a.kind === 'remove') {
                  const lineId = lines.find((l) => l.owner_id === ownerIds[a.shopper])?.id ?? '';
                  const removed = await via.post(
                    '/gp/cart/update.html',
                    { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
                    new URLSearchParams({ csrfToken: b.csrfToken, lineId, action: 'delete' }).toString(),
                  );
                  expect(removed.status, removed.body).toBeLessThan(400);
                  return null;
                }
                const claimed = await via.post(
                  `/api/marketplaces/${US}/deals/${deal.dealId}/claim-and-add-to-cart?ref=dp_ld_claim`,
                  { ...headers, 'content-type': 'application/json' },
                  JSON.stringify({ asin: product.asin, quantity: a.quantity }),
                );
                const body = JSON.parse(claimed.body) as {
                  entity: {
                    customerState?: string;
                    quantity?: number;
                    waitlistPosition?: number;
                    reason?: string;
                  };
                };
                expect(claimed.status === 200 || claimed.status === 422, claimed.body).toBe(true);
                return claimed.status === 200
                  ? {
                      state: body.entity.customerState as Answer['state'],
                      quantity: body.entity.quantity as number,
                      ...(body.entity.waitlistPosition !== undefined
                        ? { position: body.entity.waitlistPosition }
                        : {}),
                    }
                  : { state: body.entity.reason as Answer['state'] };
              }),
            );
            const stored = await storedDeal(store.db, deal.dealId, ownerIds);
            // Some order of the batch, applied one at a time to the model, answers and leaves the same.
            const indexes = sent.map((_a, i) => i);
            const serial = orders(indexes).find((order) => {
              const m = clone(model);
              const predicted: (Answer | null)[] = sent.map(() => null);
              for (const i of order) {
                const a = sent[i] as Action;
                if (a.kind === 'claim') predicted[i] = claim(m, a.shopper, a.quantity, MAX_PER_CUSTOMER);
                else remove(m, a.shopper);
              }
              if (JSON.stringify(predicted) !== JSON.stringify(answers)) return false;
              if (JSON.stringify(modelDeal(m)) !== JSON.stringify(stored)) return false;
              model = m;
              return true;
            });
            expect(serial, JSON.stringify({ sent, answers, stored, before: modelDeal(model) })).toBeDefined();
          }
        },
      ),
      { numRuns: DEAL_RUNS },
    );
  }, 600_000);

  test('BB-032 RS-005 once per customer from sessions on both processes at once', async () => {
    const products: CreatedProduct[] = [];
    await fc.assert(
      fc.asyncProperty(fc.array(onceCommand(1, 3), { minLength: 1, maxLength: 6 }), async (commands) => {
        if (products.length === 0) {
          const batch = Array.from({ length: 20 }, buildPromotedProduct);
          await importProducts(store.db, batch, { now: Date.now() });
          products.push(...batch);
        }
        const product = products.pop() as CreatedProduct;
        // A customer of their own per sequence (the routes' per-minute limits count per customer),
        // signed in three times: on the first process, the second, the first.
        const customer = await createCustomer(store.db);
        const browsers = [0, 1, 0].map((i) => new SocketBrowser(bases[i as 0 | 1]));
        await Promise.all(
          browsers.map((b) => b.signIn(customer.email, customer.password, `/dp/${product.asin}`)),
        );
        const sessions = browsers.map(sessionOver);
        const [model] = newOnceModel(1) as [ReturnType<typeof newOnceModel>[number]];
        for (const step of commands) {
          await runOnceCommand(step.kind, product, sessions.slice(0, step.sessions), model);
          await expectStoreAgrees(store.db, product, customer.id, model);
        }
      }),
      { numRuns: PROMOTION_RUNS },
    );
  }, 600_000);
});
