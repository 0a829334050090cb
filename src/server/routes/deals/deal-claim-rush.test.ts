import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createDeal } from '../../../../tests/factories/deal-factory';
import { createProduct } from '../../../../tests/factories/product-factory';
import { createTestApp, Shopper, T0, type TestContext } from '../../../../tests/helpers/test-app';
import { dialects } from '../../../../tests/helpers/test-store';
import { DEAL_HOLD_MS } from '../../../shared/deal-constants';

// The acceptance rush: 500 concurrent claims from 250 sessions on a deal with 100 free units.
const SESSIONS = 250;
const FREE_UNITS = 100;

describe.each(dialects)('claim rush on %s', (dialect) => {
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
    shoppers = [];
    for (let i = 0; i < SESSIONS; i += 25) {
      shoppers.push(
        ...(await Promise.all(
          Array.from({ length: 25 }, async () => {
            const s = new Shopper(ctx.app);
            await s.visit(productPath);
            return s;
          }),
        )),
      );
    }
  }, 120_000);
  afterAll(() => ctx?.close());

  beforeEach(async () => {
    ctx.clock.now = T0;
    await ctx.store.db.deleteFrom('deal_claims').where('deal_id', '=', claimed.dealId).execute();
    await ctx.store.db.deleteFrom('cart_items').where('offer_id', '=', claimed.offerListingId).execute();
    await ctx.store.db
      .updateTable('deals')
      .set({ claimed_units: sql<number>`total_units - ${FREE_UNITS}`, max_per_customer: 2 })
      .where('id', '=', claimed.dealId)
      .execute();
  });

  const claim = (s: Shopper, quantity: number) =>
    s.request({
      method: 'POST',
      url: `/api/marketplaces/ATVPDKIKX0DER/deals/${claimed.dealId}/claim-and-add-to-cart?ref=dp_ld_claim`,
      headers: { 'content-type': 'application/json', 'x-csrf-token': s.csrfToken },
      payload: JSON.stringify({ asin: claimed.asin, quantity }),
    });

  const ledger = async () => {
    const deal = await ctx.store.db
      .selectFrom('deals')
      .select(['claimed_units', 'total_units'])
      .where('id', '=', claimed.dealId)
      .executeTakeFirstOrThrow();
    const claims = await ctx.store.db
      .selectFrom('deal_claims')
      .select(['owner_id', 'status', 'held_units', 'ordered_units'])
      .where('deal_id', '=', claimed.dealId)
      .execute();
    const lines = await ctx.store.db
      .selectFrom('cart_items')
      .innerJoin('carts', 'carts.id', 'cart_items.cart_id')
      .select(['carts.owner_id', 'cart_items.quantity'])
      .where('cart_items.offer_id', '=', claimed.offerListingId)
      .execute();
    const held = claims.filter((c) => c.status === 'HELD').reduce((sum, c) => sum + c.held_units, 0);
    const inCarts = lines.reduce((sum, l) => sum + l.quantity, 0);
    const perShopper = new Map<string, number>();
    for (const c of claims) {
      if (c.status === 'HELD' || c.status === 'ORDERED') {
        perShopper.set(c.owner_id, (perShopper.get(c.owner_id) ?? 0) + c.held_units + c.ordered_units);
      }
    }
    return { deal, held, inCarts, perShopper, lines };
  };

  test('DEAL-039 no oversell: 500 concurrent claims of 1 from 250 sessions hold exactly the 100 free units, none answered 5xx', async () => {
    const responses = await Promise.all(shoppers.flatMap((s) => [claim(s, 1), claim(s, 1)]));
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((code) => code >= 500)).toEqual([]);
    expect(new Set(statuses)).toEqual(new Set([200]));
    const states = responses.map((r) => r.json().entity.customerState as string);
    expect(states.filter((s) => s === 'INCART').length).toBeGreaterThanOrEqual(FREE_UNITS);
    expect(states.every((s) => s === 'INCART' || s === 'PENDINGATC')).toBe(true);

    const { deal, held, inCarts, perShopper, lines } = await ledger();
    expect(deal.claimed_units).toBe(deal.total_units);
    expect(held).toBe(FREE_UNITS);
    expect(inCarts).toBe(FREE_UNITS);
    expect(lines.length).toBe(FREE_UNITS);
    expect(Math.max(...perShopper.values())).toBeLessThanOrEqual(1);
    expect(perShopper.size).toBe(FREE_UNITS);
  }, 120_000);

  test('DEAL-039 no oversell: 500 concurrent claims of 2 against a limit of 2 never give anyone more than 2 and hold exactly 100', async () => {
    const responses = await Promise.all(shoppers.flatMap((s) => [claim(s, 2), claim(s, 2)]));
    expect(responses.filter((r) => r.statusCode >= 500).map((r) => r.body)).toEqual([]);
    expect(responses.every((r) => r.statusCode === 200 || r.statusCode === 422)).toBe(true);
    const { deal, held, inCarts, perShopper } = await ledger();
    expect(deal.claimed_units).toBe(deal.total_units);
    expect(held).toBe(FREE_UNITS);
    expect(inCarts).toBe(FREE_UNITS);
    expect(Math.max(...perShopper.values())).toBeLessThanOrEqual(2);
    expect(perShopper.size).toBe(FREE_UNITS / 2);
  }, 120_000);

  test('DEAL-039 holds that run out during a rush go to the waitlist in ticket order, with no unit lost or doubled', async () => {
    const first = await Promise.all(shoppers.map((s) => claim(s, 1)));
    expect(first.every((r) => r.statusCode === 200)).toBe(true);
    const tickets = await ctx.store.db
      .selectFrom('deal_claims')
      .select(['owner_id', 'waitlist_ticket'])
      .where('deal_id', '=', claimed.dealId)
      .where('status', '=', 'WAITLISTED')
      .orderBy('waitlist_ticket')
      .execute();
    expect(tickets).toHaveLength(SESSIONS - FREE_UNITS);
    const nextInLine = new Set(tickets.slice(0, FREE_UNITS).map((t) => t.owner_id));

    // Every hold runs out; everyone claims again and polls the deal at once, so sweeps race claims.
    ctx.clock.now = T0 + DEAL_HOLD_MS;
    const rush = await Promise.all(
      shoppers.flatMap((s) => [
        claim(s, 1),
        s.request({
          method: 'GET',
          url: `/api/marketplaces/ATVPDKIKX0DER/products/${claimed.asin}?buyingOptionTypes=LIGHTNING_DEAL&offerListingId=${claimed.offerListingId}`,
        }),
      ]),
    );
    expect(rush.filter((r) => r.statusCode >= 500).map((r) => r.body)).toEqual([]);
    const { deal, held, inCarts, perShopper } = await ledger();
    expect(deal.claimed_units).toBe(deal.total_units);
    expect(held).toBe(FREE_UNITS);
    expect(inCarts).toBe(FREE_UNITS);
    // The units went to the first 100 in line, not to whoever asked fastest.
    expect(new Set(perShopper.keys())).toEqual(nextInLine);
  }, 120_000);
});
