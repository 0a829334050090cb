import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCustomer } from '../../../../tests/factories/customer-factory';
import { type CreatedProduct, createProduct } from '../../../../tests/factories/product-factory';
import {
  ANSWERS,
  type CreatedTradeInDevice,
  createTradeInDevices,
} from '../../../../tests/factories/trade-in-factory';
import { createTestStore, dialects, type TestStore } from '../../../../tests/helpers/test-store';
import { APPRAISAL_CHOICES } from '../../../shared/trade-in-constants';
import { giftCardBalance, giftCardLedgerSum } from '../../db/repositories/gift-card-repository';
import type { Customer } from '../../db/repositories/session-repository';
import { placeOrder } from '../checkout/place-order';
import { addToTradeInCart, chooseAppraisal, submitTradeIn } from './trade-in';
import { expireTradeIn, receiveTradeIn } from './trade-in-operator';

// Property (decision 0053): whatever shoppers and the operator do, in any order (submits paid now or
// later, receipts in any condition, either appraisal choice, expiries, checkouts paying with the balance),
// the balance is the sum of the ledger and never below zero. MODEL_RUNS sets the number of sequences
// (1,000 by default).
const RUNS = Number(process.env.MODEL_RUNS ?? 1000);

const quiet = { warn: () => {} };
const T0 = Date.UTC(2026, 10, 22, 12);
const ADDRESS = {
  fullName: 'Sam Carter',
  line1: '1 Main St',
  city: 'Portland',
  state: 'OR',
  postalCode: '97201',
};

const op = fc.oneof(
  fc.record({
    kind: fc.constant('submit' as const),
    paidNow: fc.boolean(),
    grade: fc.constantFrom('LikeNew' as const, 'Good' as const, 'Damaged' as const),
  }),
  fc.record({
    kind: fc.constant('receive' as const),
    pick: fc.nat(20),
    condition: fc.constantFrom('New', 'LikeNew', 'Good', 'Damaged', 'NonFunctional'),
  }),
  fc.record({
    kind: fc.constant('choose' as const),
    pick: fc.nat(20),
    choice: fc.constantFrom(...APPRAISAL_CHOICES),
  }),
  fc.record({ kind: fc.constant('expire' as const), pick: fc.nat(20) }),
  fc.record({ kind: fc.constant('checkout' as const), quantity: fc.integer({ min: 1, max: 4 }) }),
);

describe.each(dialects)('the gift-card ledger on %s', (dialect) => {
  let store: TestStore;
  let now: CreatedTradeInDevice;
  let later: CreatedTradeInDevice;
  let product: CreatedProduct;
  beforeAll(async () => {
    store = await createTestStore(dialect);
    [now, later] = (await createTradeInDevices(store.db, [
      { productGroup: 'gl_electronics', newValue: 100, payableNow: true },
      { productGroup: 'gl_electronics', newValue: 100, payableNow: false },
    ])) as [CreatedTradeInDevice, CreatedTradeInDevice];
    product = await createProduct(store.db, { offers: [{ price: 20, stock: 100_000 }] });
  });
  afterAll(() => store?.drop());

  test('TI-018 any sequence keeps the balance equal to the ledger and never negative', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 10 }), async (ops) => {
        const created = await createCustomer(store.db);
        const customer: Customer = {
          id: created.id,
          email: created.email,
          name: created.name,
          isPrime: true,
          isBusiness: false,
          postalCode: null,
          hasSavedAddress: false,
        };
        const tradeIns: string[] = [];
        let clock = T0;
        for (const step of ops) {
          clock += 60_000;
          const pick = (i: number) => tradeIns[i % Math.max(1, tradeIns.length)];
          if (step.kind === 'submit') {
            const device = step.paidNow ? now : later;
            await addToTradeInCart(
              store.db,
              customer,
              { asin: device.asin, answers: { ...ANSWERS[step.grade] } },
              clock,
              quiet,
            );
            const submitted = await submitTradeIn(store.db, customer, clock, quiet);
            if (submitted.ok) tradeIns.push(submitted.value.tradeInId);
          } else if (step.kind === 'receive') {
            const id = pick(step.pick);
            if (id) await receiveTradeIn(store.db, id, step.condition, clock, quiet);
          } else if (step.kind === 'choose') {
            const id = pick(step.pick);
            if (id) await chooseAppraisal(store.db, customer, { tradeInId: id, choice: step.choice }, clock);
          } else if (step.kind === 'expire') {
            const id = pick(step.pick);
            if (id) await expireTradeIn(store.db, id, clock);
          } else {
            const placed = await placeOrder(store.db, {
              customerId: customer.id,
              marketplaceId: 'ATVPDKIKX0DER',
              lines: [
                { asin: product.asin, offerListingId: `OL-${product.asin}-NEW`, quantity: step.quantity },
              ],
              address: ADDRESS,
              paymentMethod: 'Visa ending 4242',
              prime: true,
              via: 'buy-now',
              useGiftCard: true,
              now: clock,
            });
            expect(placed.ok).toBe(true);
          }
          const balance = await giftCardBalance(store.db, customer.id);
          expect(balance).toBeGreaterThanOrEqual(0);
          expect(balance).toBe(await giftCardLedgerSum(store.db, customer.id));
        }
      }),
      { numRuns: RUNS },
    );
  }, 600_000);
});
