import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../../src/server/db/schema';
import { DEAL_HOLD_MS } from '../../src/shared/deal-constants';

// The model of a lightning deal's stock (decisions 0009, 0037), shared by the in-process model test and
// the one over two server processes: what each claim, removal and order leaves and answers.

type Status = 'NONE' | 'HELD' | 'WAITLISTED' | 'ORDERED' | 'EXPIRED';
export type ShopperModel = {
  status: Status;
  held: number;
  ordered: number;
  waiting: number;
  expiresAt: number;
};
export type Model = { now: number; free: number; sold: number; shoppers: ShopperModel[]; queue: number[] };

/** A deal of `total` free units and `shoppers` shoppers who have not claimed, at time `now`. */
export const newDealModel = (total: number, shoppers: number, now: number): Model => ({
  now,
  free: total,
  sold: 0,
  queue: [],
  shoppers: Array.from({ length: shoppers }, () => ({
    status: 'NONE',
    held: 0,
    ordered: 0,
    waiting: 0,
    expiresAt: 0,
  })),
});

const held = (m: Model) => m.shoppers.reduce((sum, s) => sum + (s.status === 'HELD' ? s.held : 0), 0);

/** The deal brought up to `now` as settleDeal does: holds past expiry end, then the queue is served. */
export function settle(m: Model, options: { force?: boolean } = {}) {
  const due = m.shoppers.some((s) => s.status === 'HELD' && s.expiresAt <= m.now);
  if (!options.force && !due && !(m.queue.length > 0 && m.free > 0)) return;
  for (const s of m.shoppers) {
    if (s.status === 'HELD' && s.expiresAt <= m.now) {
      m.free += s.held;
      Object.assign(s, { status: 'EXPIRED', held: 0 });
    }
  }
  // The head takes its whole quantity or everyone waits (decision 0009).
  while (m.queue.length > 0) {
    const head = m.shoppers[m.queue[0] as number] as ShopperModel;
    if (m.free < head.waiting) break;
    m.queue.shift();
    m.free -= head.waiting;
    Object.assign(head, { status: 'HELD', held: head.waiting, waiting: 0, expiresAt: m.now + DEAL_HOLD_MS });
  }
}

export type Answer = {
  state: 'INCART' | 'PENDINGATC' | 'QUANTITY_LIMIT';
  quantity?: number;
  position?: number;
};

/** What a claim answers and leaves, as decision 0009 describes it. */
export function claim(m: Model, index: number, quantity: number, maxPerCustomer: number): Answer {
  settle(m);
  const s = m.shoppers[index] as ShopperModel;
  const current = (): Answer | undefined =>
    s.status === 'HELD'
      ? { state: 'INCART', quantity: s.held }
      : s.status === 'WAITLISTED'
        ? { state: 'PENDINGATC', quantity: s.waiting, position: m.queue.indexOf(index) + 1 }
        : undefined;
  const already = current();
  if (already) return already;
  if (s.ordered + quantity > maxPerCustomer) return { state: 'QUANTITY_LIMIT' };
  if (m.queue.length === 0 && m.free >= quantity) {
    m.free -= quantity;
    Object.assign(s, { status: 'HELD', held: quantity, expiresAt: m.now + DEAL_HOLD_MS });
    return { state: 'INCART', quantity };
  }
  Object.assign(s, { status: 'WAITLISTED', waiting: quantity });
  m.queue.push(index);
  return current() as Answer;
}

/** The shopper removes their deal line: the hold ends (run out or not), its units return, the queue is served. */
export function remove(m: Model, index: number): void {
  const s = m.shoppers[index] as ShopperModel;
  if (s.status !== 'HELD') return;
  m.free += s.held;
  Object.assign(s, { status: 'EXPIRED', held: 0 });
  settle(m);
}

/** What the store holds of a deal, as the model states it: units, each shopper's claim, the queue in ticket order. */
export async function storedDeal(db: Kysely<Database>, dealId: string, ownerIds: readonly string[]) {
  const stored = await db
    .selectFrom('deals')
    .select(['claimed_units', 'total_units'])
    .where('id', '=', dealId)
    .executeTakeFirstOrThrow();
  const claims = await db
    .selectFrom('deal_claims')
    .select(['owner_id', 'status', 'held_units', 'ordered_units', 'waitlist_ticket'])
    .where('deal_id', '=', dealId)
    .execute();
  const held = claims.filter((c) => c.status === 'HELD').reduce((sum, c) => sum + c.held_units, 0);
  const sold = claims.reduce((sum, c) => sum + c.ordered_units, 0);
  const free = stored.total_units - stored.claimed_units;
  // Every unit is free, held or sold, and none of them is negative.
  expect(Math.min(free, held, sold)).toBeGreaterThanOrEqual(0);
  expect(stored.total_units).toBe(free + held + sold);
  return {
    free,
    held,
    sold,
    queue: claims
      .filter((c) => c.status === 'WAITLISTED')
      .sort((x, y) => (x.waitlist_ticket ?? 0) - (y.waitlist_ticket ?? 0))
      .map((c) => ownerIds.indexOf(c.owner_id)),
    shoppers: ownerIds.map((id) => {
      const row = claims.find((c) => c.owner_id === id);
      return {
        status: row?.status ?? 'NONE',
        held: row?.status === 'HELD' ? row.held_units : 0,
        ordered: row?.ordered_units ?? 0,
      };
    }),
  };
}

/** The model in the shape of storedDeal. */
export const modelDeal = (m: Model) => ({
  free: m.free,
  held: held(m),
  sold: m.sold,
  queue: [...m.queue],
  shoppers: m.shoppers.map((s) => ({ status: s.status, held: s.held, ordered: s.ordered })),
});
