import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createDeal } from '../../../../tests/factories/deal-factory';
import { createProduct } from '../../../../tests/factories/product-factory';
import { createTestApp, Shopper, T0, type TestContext } from '../../../../tests/helpers/test-app';
import { dialects } from '../../../../tests/helpers/test-store';

// Claims of new shoppers that arrive together on one deal (on PostgreSQL one process writes them in one
// statement, decision 0037) answer as if each had been made alone, one after the other.
const SHOPPERS = 12;

describe.each(dialects)('claims that arrive together on %s', (dialect) => {
  let ctx: TestContext;
  // The deal of the test's own (200 units, 2 each) and a plain product whose page gives each shopper a session.
  let claimed: { asin: string; dealId: string; offerListingId: string };
  let productPath = '';
  let shoppers: Shopper[];
  beforeAll(async () => {
    ctx = await createTestApp(dialect, { seed: false });
    const created = await createDeal(ctx.store.db, {}, { now: T0 });
    claimed = {
      asin: created.asin,
      dealId: created.deal.dealId,
      offerListingId: created.deal.offerListingId,
    };
    productPath = `/dp/${(await createProduct(ctx.store.db, {}, { now: T0 })).asin}`;
  }, 60_000);
  afterAll(() => ctx?.close());

  beforeEach(async () => {
    ctx.clock.now = T0;
    shoppers = await Promise.all(
      Array.from({ length: SHOPPERS }, async () => {
        const s = new Shopper(ctx.app);
        await s.visit(productPath);
        return s;
      }),
    );
  });

  const freeUnits = (free: number) =>
    ctx.store.db
      .updateTable('deals')
      .set({ total_units: sql<number>`claimed_units + ${free}`, max_per_customer: 2 })
      .where('id', '=', claimed.dealId)
      .execute();
  const claim = (s: Shopper, quantity = 1) =>
    s.request({
      method: 'POST',
      url: `/api/marketplaces/ATVPDKIKX0DER/deals/${claimed.dealId}/claim-and-add-to-cart?ref=dp_ld_claim`,
      headers: { 'content-type': 'application/json', 'x-csrf-token': s.csrfToken },
      payload: JSON.stringify({ asin: claimed.asin, quantity }),
    });
  const cartItems = async (s: Shopper) =>
    (
      await s.request({ method: 'GET', url: '/api/marketplaces/ATVPDKIKX0DER/cart/items?cartTypes=RETAIL' })
    ).json().entity.items as { id: string; offerListingId?: string; quantity: number }[];
  const deal = () =>
    ctx.store.db
      .selectFrom('deals')
      .select(['claimed_units', 'total_units'])
      .where('id', '=', claimed.dealId)
      .executeTakeFirstOrThrow();

  test('every shopper holds their own units and their own cart line, and the deal counts each once', async () => {
    await freeUnits(1000);
    const before = await deal();
    const answers = (await Promise.all(shoppers.map((s, i) => claim(s, 1 + (i % 2))))).map((r) => {
      expect(r.statusCode).toBe(200);
      return r.json().entity as {
        customerState: string;
        dealAsinState: string;
        cartItemId: string;
        quantity: number;
      };
    });
    expect(answers.map((a) => a.customerState)).toEqual(Array(SHOPPERS).fill('INCART'));
    expect(answers.map((a) => a.dealAsinState)).toEqual(Array(SHOPPERS).fill('AVAILABLE'));
    expect(answers.map((a) => a.quantity)).toEqual(shoppers.map((_, i) => 1 + (i % 2)));
    expect(new Set(answers.map((a) => a.cartItemId)).size).toBe(SHOPPERS);
    const units = answers.reduce((sum, a) => sum + a.quantity, 0);
    expect((await deal()).claimed_units).toBe(before.claimed_units + units);
    for (const [i, s] of shoppers.entries()) {
      const lines = await cartItems(s);
      expect(lines.map((l) => [l.id, l.quantity])).toEqual([[answers[i]?.cartItemId, answers[i]?.quantity]]);
    }
  });

  test('with fewer units than claims, the units go to as many shoppers as they cover, the rest wait, and only the claim that took the last unit says the deal is full', async () => {
    await freeUnits(5);
    const answers = (await Promise.all(shoppers.map((s) => claim(s)))).map((r) => {
      expect(r.statusCode).toBe(200);
      return r.json().entity as { customerState: string; dealAsinState: string; waitlistPosition?: number };
    });
    const holding = answers.filter((a) => a.customerState === 'INCART');
    const waiting = answers.filter((a) => a.customerState === 'PENDINGATC');
    expect(holding).toHaveLength(5);
    expect(waiting).toHaveLength(SHOPPERS - 5);
    expect(holding.filter((a) => a.dealAsinState === 'WAITLISTFULL')).toHaveLength(1);
    expect(new Set(waiting.map((a) => a.waitlistPosition))).toEqual(
      new Set(Array.from({ length: SHOPPERS - 5 }, (_, i) => i + 1)),
    );
    const after = await deal();
    expect(after.claimed_units).toBe(after.total_units);
  });

  test('a shopper who claims twice at once among others holds once', async () => {
    await freeUnits(1000);
    const [twice, ...others] = shoppers as [Shopper, ...Shopper[]];
    const answers = await Promise.all([claim(twice), ...others.map((s) => claim(s)), claim(twice)]);
    expect(answers.map((r) => r.statusCode)).toEqual(Array(SHOPPERS + 1).fill(200));
    const first = answers[0]?.json().entity;
    const again = answers[SHOPPERS]?.json().entity;
    expect(again.customerState).toBe('INCART');
    expect(again.cartItemId).toBe(first.cartItemId);
    expect((await cartItems(twice)).map((l) => l.quantity)).toEqual([1]);
  });
});
