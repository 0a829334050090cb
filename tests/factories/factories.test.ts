import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { findCartLines } from '../../src/server/db/repositories/cart-repository';
import { findCustomerByEmail } from '../../src/server/db/repositories/customer-repository';
import { verifyPassword } from '../../src/server/security/passwords';
import { createTestStore, dialects, type TestStore } from '../helpers/test-store';
import { createCart } from './cart-factory';
import { createCustomer } from './customer-factory';
import { createDeal } from './deal-factory';
import { demoProductShape } from './demo-products';
import { createOffer } from './offer-factory';
import { createProduct } from './product-factory';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);

describe.each(dialects)('test factories on %s', (dialect) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await createTestStore(dialect);
  });
  afterAll(() => store?.drop());

  test('each product gets its own ASIN and offer ids, written through the catalog importer', async () => {
    const [a, b] = await Promise.all([createProduct(store.db), createProduct(store.db, { title: 'Lamp' })]);
    expect(a.asin).not.toBe(b.asin);
    expect(a.asin).toMatch(/^B0T[A-Z0-9]{7}$/);
    const rows = await store.db
      .selectFrom('offers')
      .select(['id', 'asin', 'price_minor'])
      .where('asin', 'in', [a.asin, b.asin])
      .orderBy('id')
      .execute();
    expect(rows).toEqual(
      [
        { id: `OL-${a.asin}-NEW`, asin: a.asin, price_minor: 4999 },
        { id: `OL-${b.asin}-NEW`, asin: b.asin, price_minor: 4999 },
      ].sort((x, y) => x.id.localeCompare(y.id)),
    );
    const offer = await createOffer(store.db, a, { price: 10, condition: 'B2B_NEW' });
    expect(offer.offerListingId).toBe(`OL-${a.asin}-2`);
    expect(
      await store.db.selectFrom('offers').select('id').where('asin', '=', a.asin).orderBy('id').execute(),
    ).toHaveLength(2);
  });

  test('a deal is a product with its deal and deal offer, times relative to now', async () => {
    const deal = await createDeal(store.db, demoProductShape('B0PDPTAB01'), { now: NOW });
    expect(deal.title).toMatch(/^Nimbus Kids Tablet/);
    const row = await store.db
      .selectFrom('deals')
      .selectAll()
      .where('id', '=', `LD-${deal.asin}`)
      .executeTakeFirstOrThrow();
    expect(row.asin).toBe(deal.asin);
    expect(row.offer_id).toBe(`OL-${deal.asin}-LD`);
    expect(row.start_time).toBe(NOW - 60 * 60_000);
  });

  test('a customer signs in with the password the factory returns; a cart holds the lines given', async () => {
    const customer = await createCustomer(store.db, { prime: true }, { now: NOW });
    const stored = await findCustomerByEmail(store.db, customer.email);
    expect(stored?.is_prime).toBe(1);
    expect(await verifyPassword(customer.password, stored?.password_hash ?? '')).toBe(true);
    const product = await createProduct(store.db);
    const { cartId } = await createCart(
      store.db,
      { type: 'customer', id: customer.id },
      [{ asin: product.asin, offerListingId: `OL-${product.asin}-NEW`, quantity: 3 }],
      { now: NOW },
    );
    expect((await findCartLines(store.db, cartId)).map((l) => [l.asin, l.quantity])).toEqual([
      [product.asin, 3],
    ]);
  });
});
