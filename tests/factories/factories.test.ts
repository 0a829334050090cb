import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { findCartLines } from '../../src/server/db/repositories/cart-repository';
import { findCustomerByEmail } from '../../src/server/db/repositories/customer-repository';
import { verifyPassword } from '../../src/server/security/passwords';
import { createTestStore, dialects, type TestStore } from '../helpers/test-store';
import { createCart } from './cart-factory';
import { createCustomer, demoAccountShape } from './customer-factory';
import { createDeal } from './deal-factory';
import { createDemoCopies, demoProductShape } from './demo-products';
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

  test('demo copies bring the demo products they name, under fresh ids, and two calls never meet', async () => {
    const [a, b] = await Promise.all([
      createDemoCopies(store.db, ['B0PDPSPK01', 'B0PDPTAB01'], { now: NOW }),
      createDemoCopies(store.db, ['B0PDPSPK01'], { now: NOW }),
    ]);
    expect(a.asin('B0PDPSPK01')).not.toBe(b.asin('B0PDPSPK01'));
    expect(a.asin('B0PDPSTD02')).toMatch(/^B0T[A-Z0-9]{7}$/);
    expect(() => b.asin('B0PDPTAB01')).toThrow(/not copied/);
    const speaker = a.of('B0PDPSPK01');
    expect(speaker.accessories?.slots[0]?.variations).toEqual(
      ['B0PDPSTD01', 'B0PDPSTD02', 'B0PDPSTD03'].map(a.asin),
    );
    expect(speaker.family?.id).not.toBe(b.of('B0PDPSPK01').family?.id);
    expect(a.item('B0PDPPLG02')).toEqual({
      asin: a.asin('B0PDPPLG02'),
      offerListingId: `OL-${a.asin('B0PDPPLG02')}-NEW`,
    });
    expect(a.id('/dp/B0PDPTAB01')).toBe(`/dp/${a.asin('B0PDPTAB01')}`);
    const deal = await store.db
      .selectFrom('deals')
      .select(['id', 'offer_id'])
      .where('asin', '=', a.asin('B0PDPTAB01'))
      .executeTakeFirstOrThrow();
    expect(deal).toEqual({ id: `LD-${a.asin('B0PDPTAB01')}`, offer_id: `OL-${a.asin('B0PDPTAB01')}-LD` });
    expect(
      await store.db.selectFrom('products').select('asin').where('asin', 'like', 'B0PDP%').execute(),
    ).toEqual([]);
  });

  test('a customer shaped like a demo account has its details under an e-mail of its own', async () => {
    const prime = await createCustomer(store.db, demoAccountShape('prime'), { now: NOW });
    expect(prime.email).not.toBe('prime@example.com');
    expect(prime).toMatchObject({ prime: true, postalCode: '98109', paymentMethod: 'Visa ending 4242' });
    expect((await findCustomerByEmail(store.db, prime.email))?.is_prime).toBe(1);
  });
});
