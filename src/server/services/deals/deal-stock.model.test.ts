import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCustomer } from '../../../../tests/factories/customer-factory';
import {
  buildProduct,
  type CreatedProduct,
  importProducts,
} from '../../../../tests/factories/product-factory';
import {
  type Answer,
  claim,
  modelDeal,
  newDealModel,
  remove,
  type ShopperModel,
  settle,
  storedDeal,
} from '../../../../tests/helpers/deal-stock-model';
import { createTestStore, dialects, type TestStore } from '../../../../tests/helpers/test-store';
import { DEAL_HOLD_MS } from '../../../shared/deal-constants';
import type { CartOwner } from '../../db/repositories/cart-repository';
import { findDeal } from '../../db/repositories/deal-repository';
import { modifyCartItems } from '../cart/modify-cart-items';
import { placeOrder } from '../checkout/place-order';
import { claimDeal, settleDeal } from './claim-deal';

// Model of a lightning deal's stock (decisions 0009, 0037): claims, holds that run out on the clock the
// deal code is given, orders of held units, cart removals and the waitlist, driven through the services
// in any order. After every command the stored deal must match the model: total = free + held + sold,
// nothing negative, the waitlist in the order shoppers joined it (its head served first), and every
// claim answered as the model predicts. MODEL_RUNS sets the number of sequences (1,000 by default).
const RUNS = Number(process.env.MODEL_RUNS ?? 1000);
const T0 = Date.UTC(2026, 10, 22, 12);
const TOTAL = 3;
const MAX_PER_CUSTOMER = 2;
const SHOPPERS = 3;
const MARKETPLACE = 'ATVPDKIKX0DER';
const ADDRESS = {
  fullName: 'Sam Carter',
  line1: '1 Main St',
  city: 'Portland',
  state: 'OR',
  postalCode: '97201',
};

// Weighted so that most sequences reach a sold-out deal, a waitlist and its promotion: claims come most
// often, and one in six asks for more than the per-customer limit.
const command = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('claim' as const),
      shopper: fc.nat(SHOPPERS - 1),
      quantity: fc.constantFrom(1, 1, 2, 2, 2, MAX_PER_CUSTOMER + 1),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('order' as const), shopper: fc.nat(SHOPPERS - 1) }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('remove' as const), shopper: fc.nat(SHOPPERS - 1) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('look' as const) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('wait' as const),
      ms: fc.constantFrom(60_000, DEAL_HOLD_MS - 60_000, DEAL_HOLD_MS, DEAL_HOLD_MS + 60_000),
    }),
  },
);
type Command = typeof command extends fc.Arbitrary<infer C> ? C : never;

describe.each(dialects)('the stock of a lightning deal on %s', (dialect) => {
  let store: TestStore;
  let customerIds: string[];
  const pool: CreatedProduct[] = [];

  /** A fresh deal per sequence, imported fifty at a time through the catalog importer. */
  async function freshDeal(): Promise<CreatedProduct> {
    if (pool.length === 0) {
      const batch = Array.from({ length: 50 }, () =>
        buildProduct({ deal: { totalUnits: TOTAL, claimedUnits: 0, maxPerCustomer: MAX_PER_CUSTOMER } }),
      );
      await importProducts(store.db, batch, { now: T0 });
      pool.push(...batch);
    }
    return pool.pop() as CreatedProduct;
  }

  beforeAll(async () => {
    store = await createTestStore(dialect);
    customerIds = [];
    for (let i = 0; i < SHOPPERS; i++) customerIds.push((await createCustomer(store.db)).id);
  });
  afterAll(() => store?.drop());

  test('DEAL-039 any sequence of claims, expiries, orders and removals keeps total = free + held + sold and the waitlist in order', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 12 }), async (commands: Command[]) => {
        const product = await freshDeal();
        const deal = product.deal as NonNullable<CreatedProduct['deal']>;
        const dealId = deal.dealId;
        const offerId = deal.offerListingId;
        const owners: CartOwner[] = Array.from({ length: SHOPPERS }, () => ({
          type: 'session',
          id: `model-${randomUUID()}`,
        }));
        const ownerIds = owners.map((o) => o.id);
        const m = newDealModel(TOTAL, SHOPPERS, T0);
        const lineOf = async (owner: CartOwner) =>
          store.db
            .selectFrom('cart_items as i')
            .innerJoin('carts as c', 'c.id', 'i.cart_id')
            .select(['i.id', 'i.quantity'])
            .where('c.owner_type', '=', owner.type)
            .where('c.owner_id', '=', owner.id)
            .where('i.offer_id', '=', offerId)
            .executeTakeFirst();

        for (const step of commands) {
          if (step.kind === 'wait') {
            m.now += step.ms;
          } else if (step.kind === 'claim') {
            const expected = claim(m, step.shopper, step.quantity, MAX_PER_CUSTOMER);
            const outcome = await claimDeal(store.db, {
              dealId,
              marketplaceId: MARKETPLACE,
              asin: product.asin,
              quantity: step.quantity,
              owner: owners[step.shopper] as CartOwner,
              shopper: { hasPrimeSavingsBenefit: false },
              device: 'desktop',
              now: m.now,
            });
            const answer: Answer = outcome.ok
              ? {
                  state: outcome.customerState as Answer['state'],
                  quantity: outcome.quantity,
                  ...(outcome.waitlistPosition !== undefined ? { position: outcome.waitlistPosition } : {}),
                }
              : { state: outcome.refusal as Answer['state'] };
            expect(answer).toEqual(expected);
          } else if (step.kind === 'order') {
            const s = m.shoppers[step.shopper] as ShopperModel;
            const line = await lineOf(owners[step.shopper] as CartOwner);
            // A cart line of the deal exists exactly while the shopper's hold does (swept or not).
            expect(line !== undefined).toBe(s.status === 'HELD');
            const placed = await placeOrder(store.db, {
              customerId: customerIds[step.shopper] as string,
              marketplaceId: MARKETPLACE,
              lines: [
                {
                  asin: product.asin,
                  offerListingId: offerId,
                  quantity: line?.quantity ?? 1,
                  ...(line ? { cartLineId: line.id } : {}),
                },
              ],
              address: ADDRESS,
              paymentMethod: 'Visa ending 4242',
              prime: false,
              via: 'cart',
              now: m.now,
            });
            const live = s.status === 'HELD' && s.expiresAt > m.now;
            expect(placed.ok ? 'ordered' : placed.refusal.code).toBe(live ? 'ordered' : 'deal_hold_expired');
            if (live) {
              m.sold += s.held;
              Object.assign(s, { status: 'ORDERED', ordered: s.ordered + s.held, held: 0 });
            }
          } else if (step.kind === 'remove') {
            const s = m.shoppers[step.shopper] as ShopperModel;
            const line = await lineOf(owners[step.shopper] as CartOwner);
            expect(line !== undefined).toBe(s.status === 'HELD');
            if (line) {
              const removed = await modifyCartItems(
                store.db,
                owners[step.shopper] as CartOwner,
                MARKETPLACE,
                [{ id: line.id, quantity: 0 }],
                m.now,
              );
              expect(removed.ok).toBe(true);
              // The hold ends whether or not it had run out; its units return and the queue is served.
              remove(m, step.shopper);
            }
          } else {
            // A deal read (the product page) brings the deal up to now.
            const stored = await findDeal(store.db, dealId);
            if (stored) await settleDeal(store.db, stored, m.now);
            settle(m);
          }
          expect(await storedDeal(store.db, dealId, ownerIds)).toEqual(modelDeal(m));
        }
      }),
      { numRuns: RUNS },
    );
  }, 600_000);
});
