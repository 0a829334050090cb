import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type CreatedCustomer, createCustomer } from '../../../../tests/factories/customer-factory';
import { type CreatedProduct, importProducts } from '../../../../tests/factories/product-factory';
import {
  buildPromotedProduct,
  couponIdOf,
  expectStoreAgrees,
  newOnceModel,
  ORDER_ADDRESS,
  onceCommand,
  PROMO_GROUP,
  runOnceCommand,
  type Session,
} from '../../../../tests/helpers/once-per-customer-model';
import { createTestStore, dialects, type TestStore } from '../../../../tests/helpers/test-store';
import { redeemProductCoupon } from '../buy-box/buy-box-catalog';
import { claimRecycleAndSavePromo } from '../trade-in/recycle-and-save';
import { placeOrder } from './place-order';

// Model of once-per-customer promotions (decisions 0014, 0051): clipping a coupon, claiming a
// recycle-and-save promotion and ordering, each sent by one to three sessions of the same customer at
// the same moment, in any order, through the services the routes call (a session is only the customer
// it names by then; the two-process test sends the routes' own requests). MODEL_RUNS sets the number of sequences (1,000 by
// default); tests/robustness/once-per-customer-two-processes.test.ts runs fewer over two processes.
const RUNS = Number(process.env.MODEL_RUNS ?? 1000);
const CUSTOMERS = 2;
const SESSIONS = 3;
const T0 = Date.UTC(2026, 10, 22, 12);

type OnceModel = ReturnType<typeof newOnceModel>[number];

type Promoted = CreatedProduct;

describe.each(dialects)('coupons and promotions once per customer on %s', (dialect) => {
  let store: TestStore;
  let clock = T0;
  const customers: CreatedCustomer[] = [];
  const pool: Promoted[] = [];

  /** A session of the customer as the routes see it: the services called with the customer it names. */
  const serviceSession = (customer: CreatedCustomer): Session => ({
    clip: async (product) => {
      const redeemed = await redeemProductCoupon(store.db, {
        customerId: customer.id,
        encryptedPromotionId: couponIdOf(product),
        viaForm: false,
        now: clock,
      });
      return redeemed.ok ? { status: 1, redeemed: true } : redeemed;
    },
    claim: async (product) => {
      const claimed = await claimRecycleAndSavePromo(store.db, {
        customer: {
          id: customer.id,
          email: customer.email,
          name: customer.name,
          isPrime: false,
          isBusiness: false,
          postalCode: null,
          hasSavedAddress: false,
        },
        asin: product.asin,
        productGroup: PROMO_GROUP,
        now: clock,
      });
      return claimed.ok ? claimed.value : claimed;
    },
    order: async (product) => {
      const placed = await placeOrder(store.db, {
        customerId: customer.id,
        marketplaceId: 'ATVPDKIKX0DER',
        lines: [
          { asin: product.asin, offerListingId: product.offers[0]?.offerListingId as string, quantity: 1 },
        ],
        address: ORDER_ADDRESS,
        paymentMethod: 'Visa ending 4242',
        prime: false,
        via: 'buy-now',
        now: clock,
      });
      expect(placed.ok).toBe(true);
      return placed.ok ? placed.orderId : '';
    },
  });

  /** A fresh promoted product per sequence, imported fifty at a time through the catalog importer. */
  async function freshProduct(): Promise<Promoted> {
    if (pool.length === 0) {
      const batch = Array.from({ length: 50 }, buildPromotedProduct);
      await importProducts(store.db, batch, { now: clock });
      pool.push(...batch);
    }
    return pool.pop() as Promoted;
  }

  beforeAll(async () => {
    store = await createTestStore(dialect);
    for (let c = 0; c < CUSTOMERS; c++) customers.push(await createCustomer(store.db));
  });
  afterAll(() => store?.drop());

  test('BB-032 RS-005 a coupon and a promotion are clipped, claimed and taken off once per customer, also from parallel sessions', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(onceCommand(CUSTOMERS, SESSIONS), { minLength: 1, maxLength: 8 }),
        async (commands) => {
          const product = await freshProduct();
          const models = newOnceModel(CUSTOMERS);
          for (const step of commands) {
            clock += 60_000;
            const customer = customers[step.customer] as CreatedCustomer;
            const sessions = Array.from({ length: step.sessions }, () => serviceSession(customer));
            await runOnceCommand(step.kind, product, sessions, models[step.customer] as OnceModel);
            await expectStoreAgrees(store.db, product, customer.id, models[step.customer] as OnceModel);
          }
          // The other customer's promotions are untouched by this one's.
          for (const [index, other] of customers.entries()) {
            await expectStoreAgrees(store.db, product, other.id, models[index] as OnceModel);
          }
        },
      ),
      { numRuns: RUNS },
    );
  }, 600_000);
});
