import { CompiledQuery, type Insertable, type Kysely, PostgresAdapter, sql } from 'kysely';
import { registerHotStatement } from '../pg-named-statements';
import { preparedQuery } from '../prepared-query';
import type { Database, DealClaimRow, DealRow, DealTable } from '../schema';
import { type Coalescer, coalescer } from '../write-coalescer';
import { type CartOwner, claimedCartLinesSql } from './cart-repository';

type Db = Kysely<Database>;

/** A catalog's deal, written once: a later import leaves a deal already stored (and running) alone. */
export async function insertCatalogDeal(db: Db, deal: Insertable<DealTable>): Promise<void> {
  await db
    .insertInto('deals')
    .values(deal)
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

// Every write here that competes for units is one guarded statement: it changes a row only when the
// rule still holds at the moment it runs, and the caller reads the affected row count (decision 0009).
// A claim's status in a `where` on deal_claims is written as a literal (sql`'HELD'`), never a parameter:
// the indexes of holds by expiry and of the waitlist by ticket hold only rows of their status
// (migration 0016), and a database uses such an index only for a query whose text names that status.

export type DealWithOffer = DealRow & {
  price_minor: number;
  list_price_minor: number | null;
  currency_code: string;
  merchant_id: string;
  merchant_name: string;
};

/** A deal with the offer fields it is sold under. */
const dealWithOffer = (db: Db) =>
  db
    .selectFrom('deals')
    .innerJoin('offers', 'offers.id', 'deals.offer_id')
    .selectAll('deals')
    .select([
      'offers.price_minor',
      'offers.list_price_minor',
      'offers.currency_code',
      'offers.merchant_id',
      'offers.merchant_name',
    ]);

const dealQuery = preparedQuery((db: Db, p: { dealId: string }) =>
  dealWithOffer(db).where('deals.id', '=', p.dealId),
);

export async function findDeal(db: Db, dealId: string): Promise<DealWithOffer | undefined> {
  return (await dealQuery(db, { dealId })).rows[0];
}

const dealByOfferQuery = preparedQuery((db: Db, p: { offerId: string }) =>
  dealWithOffer(db).where('deals.offer_id', '=', p.offerId),
);

export async function findDealByOffer(db: Db, offerId: string): Promise<DealWithOffer | undefined> {
  return (await dealByOfferQuery(db, { offerId })).rows[0];
}

// Every product page asks this, deal or not: compiled once.
const currentDealsQuery = preparedQuery((db: Db, p: { asin: string; marketplaceId: string; now: number }) =>
  dealWithOffer(db)
    .where('deals.asin', '=', p.asin)
    .where('deals.marketplace_id', '=', p.marketplaceId)
    .where('deals.end_time', '>', p.now)
    .orderBy('deals.end_time'),
);

/** The product's deals in a marketplace that have not ended, soonest ending first. */
export async function findCurrentDeals(
  db: Db,
  asin: string,
  marketplaceId: string,
  now: number,
): Promise<DealWithOffer[]> {
  return (await currentDealsQuery(db, { asin, marketplaceId, now })).rows;
}

export type ClaimKey = { dealId: string; owner: CartOwner };

const claimQuery = preparedQuery((db: Db, p: { dealId: string; ownerType: string; ownerId: string }) =>
  db
    .selectFrom('deal_claims')
    .selectAll()
    .where('deal_id', '=', p.dealId)
    .where('owner_type', '=', p.ownerType as CartOwner['type'])
    .where('owner_id', '=', p.ownerId),
);

export async function findClaim(db: Db, key: ClaimKey): Promise<DealClaimRow | undefined> {
  return (await claimQuery(db, { dealId: key.dealId, ownerType: key.owner.type, ownerId: key.owner.id }))
    .rows[0];
}

const holdQuery = preparedQuery(
  (
    db: Db,
    p: {
      dealId: string;
      ownerType: string;
      ownerId: string;
      quantity: number;
      expiresAt: number;
      cartItemId: string;
      now: number;
      maxPerCustomer: number;
    },
  ) =>
    db
      .insertInto('deal_claims')
      .values({
        deal_id: p.dealId,
        owner_type: p.ownerType as CartOwner['type'],
        owner_id: p.ownerId,
        status: sql<'HELD'>`'HELD'`,
        held_units: p.quantity,
        waiting_units: sql<number>`0`,
        ordered_units: sql<number>`0`,
        expires_at: p.expiresAt,
        waitlist_ticket: sql<null>`null`,
        cart_item_id: p.cartItemId,
        claimed_at: p.now,
        updated_at: p.now,
      })
      .onConflict((oc) =>
        oc
          .columns(['deal_id', 'owner_type', 'owner_id'])
          .doUpdateSet((eb) => ({
            status: sql<'HELD'>`'HELD'`,
            held_units: eb.ref('excluded.held_units'),
            waiting_units: sql<number>`0`,
            expires_at: eb.ref('excluded.expires_at'),
            waitlist_ticket: sql<null>`null`,
            cart_item_id: eb.ref('excluded.cart_item_id'),
            claimed_at: eb.ref('excluded.claimed_at'),
            updated_at: eb.ref('excluded.updated_at'),
          }))
          .where(sql<boolean>`deal_claims.status in ('ORDERED', 'EXPIRED')`)
          .where((eb) =>
            eb(eb('deal_claims.ordered_units', '+', eb.ref('excluded.held_units')), '<=', p.maxPerCustomer),
          ),
      )
      .returning('deal_id'),
);

/**
 * Starts a hold of `quantity` units for the shopper in one guarded upsert: it writes only when the
 * shopper holds and waits for nothing and stays within the per-customer limit with what they ordered.
 */
export async function startHold(
  db: Db,
  key: ClaimKey,
  hold: { quantity: number; expiresAt: number; cartItemId: string; now: number; maxPerCustomer: number },
): Promise<boolean> {
  const { rows } = await holdQuery(db, {
    dealId: key.dealId,
    ownerType: key.owner.type,
    ownerId: key.owner.id,
    ...hold,
  });
  return rows.length === 1;
}

const takeUnitsQuery = preparedQuery((db: Db, p: { dealId: string; quantity: number; now: number }) =>
  db
    .updateTable('deals')
    .set((eb) => ({ claimed_units: eb('claimed_units', '+', p.quantity) }))
    .where('id', '=', p.dealId)
    .where((eb) => eb(eb('claimed_units', '+', p.quantity), '<=', eb.ref('total_units')))
    .where('end_time', '>', p.now)
    .returning(['claimed_units', 'total_units']),
);

/** Takes `quantity` units of a running deal in one guarded update; undefined when they are not there. */
export async function takeDealUnits(
  db: Db,
  dealId: string,
  quantity: number,
  now: number,
): Promise<{ claimed_units: number; total_units: number } | undefined> {
  return (await takeUnitsQuery(db, { dealId, quantity, now })).rows[0];
}

/** Units of the deal nobody holds or ordered, as of this read. */
export async function freeUnits(db: Db, dealId: string): Promise<number> {
  const row = await db
    .selectFrom('deals')
    .select(['claimed_units', 'total_units'])
    .where('id', '=', dealId)
    .executeTakeFirst();
  return row ? row.total_units - row.claimed_units : 0;
}

export async function returnDealUnits(db: Db, dealId: string, quantity: number): Promise<void> {
  await db
    .updateTable('deals')
    .set((eb) => ({ claimed_units: eb('claimed_units', '-', quantity) }))
    .where('id', '=', dealId)
    .execute();
}

/** The next ticket of the deal's waitlist queue (strictly increasing, shared by every process), and how many were served. */
// Every claim on a sold-out deal takes a ticket and joins the waitlist: both compiled once. The ticket
// is taken only while the claim must still wait (too few units free, or shoppers waiting): the guard
// is read under the deal row's lock, so units that came back before it are never waited for.
const nextTicketQuery = preparedQuery((db: Db, p: { dealId: string; quantity: number }) =>
  db
    .updateTable('deals')
    .set({ waitlist_tickets: sql<number>`waitlist_tickets + 1` })
    .where('id', '=', p.dealId)
    .where(sql<boolean>`(total_units - claimed_units < ${p.quantity} or waitlist_tickets > waitlist_served)`)
    .returning(['waitlist_tickets', 'waitlist_served']),
);

/** The ticket, or undefined when the claim need not wait any more (units came back meanwhile). */
export async function nextWaitlistTicket(
  db: Db,
  dealId: string,
  quantity: number,
): Promise<{ ticket: number; served: number } | undefined> {
  const row = (await nextTicketQuery(db, { dealId, quantity })).rows[0];
  return row && { ticket: Number(row.waitlist_tickets), served: Number(row.waitlist_served) };
}

/** Counts one more waitlist ticket served (promotions go in ticket order). */
export async function markWaitlistServed(db: Db, dealId: string): Promise<void> {
  await db
    .updateTable('deals')
    .set((eb) => ({ waitlist_served: eb('waitlist_served', '+', 1) }))
    .where('id', '=', dealId)
    .execute();
}

/** Turns the shopper's fresh hold (whose units were not there) into a waitlist entry. */
export async function joinWaitlist(
  db: Db,
  key: ClaimKey,
  entry: { quantity: number; ticket: number; until: number; now: number },
): Promise<void> {
  await joinWaitlistQuery(db, {
    dealId: key.dealId,
    ownerType: key.owner.type,
    ownerId: key.owner.id,
    quantity: entry.quantity,
    ticket: entry.ticket,
    until: entry.until,
    now: entry.now,
  });
}

const joinWaitlistQuery = preparedQuery(
  (
    db: Db,
    p: {
      dealId: string;
      ownerType: string;
      ownerId: string;
      quantity: number;
      ticket: number;
      until: number;
      now: number;
    },
  ) =>
    db
      .updateTable('deal_claims')
      .set({
        status: sql<'WAITLISTED'>`'WAITLISTED'`,
        held_units: sql<number>`0`,
        waiting_units: p.quantity,
        waitlist_ticket: p.ticket,
        expires_at: p.until,
        cart_item_id: sql<null>`null`,
        updated_at: p.now,
      })
      .where('deal_id', '=', p.dealId)
      .where('owner_type', '=', p.ownerType as CartOwner['type'])
      .where('owner_id', '=', p.ownerId),
);

/** 1-based place of a waiting ticket: tickets are served lowest first, so it is ticket − served. */
export const waitlistPosition = (ticket: number, served: number): number => Math.max(1, ticket - served);

const activityQuery = preparedQuery((db: Db, p: { dealId: string; now: number }) =>
  db.selectNoFrom((eb) => [
    eb
      .exists(
        eb
          .selectFrom('deal_claims')
          .select('deal_id')
          .where('deal_id', '=', p.dealId)
          .where('status', '=', sql<'HELD'>`'HELD'`)
          .where('expires_at', '<=', p.now),
      )
      .as('due'),
    eb
      .exists(
        eb
          .selectFrom('deal_claims')
          .select('deal_id')
          .where('deal_id', '=', p.dealId)
          .where('status', '=', sql<'WAITLISTED'>`'WAITLISTED'`),
      )
      .as('waiting'),
  ]),
);

/** In one read: whether some hold has run out and still keeps its units, and whether anyone waits. */
export async function dealActivity(
  db: Db,
  dealId: string,
  now: number,
): Promise<{ due: boolean; waiting: boolean }> {
  const row = (await activityQuery(db, { dealId, now })).rows[0];
  return { due: Boolean(Number(row?.due ?? 0)), waiting: Boolean(Number(row?.waiting ?? 0)) };
}

/** The deals whose offers sit in the owner's carts in the marketplace. */
export async function findDealIdsInCart(db: Db, owner: CartOwner, marketplaceId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('cart_items')
    .innerJoin('carts', 'carts.id', 'cart_items.cart_id')
    .innerJoin('deals', 'deals.offer_id', 'cart_items.offer_id')
    .select('deals.id')
    .where('carts.marketplace_id', '=', marketplaceId)
    .where('carts.owner_type', '=', owner.type)
    .where('carts.owner_id', '=', owner.id)
    .execute();
  return [...new Set(rows.map((row) => row.id))];
}

/**
 * Ends every hold on the deal that has run out, in one statement: each row flips only while still
 * HELD and past its expiry, so two processes sweeping at once return each hold's units once.
 */
export function expireHolds(db: Db, dealId: string, now: number) {
  return db
    .updateTable('deal_claims')
    .set({ status: 'EXPIRED', updated_at: now })
    .where('deal_id', '=', dealId)
    .where('status', '=', sql<'HELD'>`'HELD'`)
    .where('expires_at', '<=', now)
    .returning(['owner_type', 'owner_id', 'held_units', 'cart_item_id'])
    .execute();
}

export function headOfWaitlist(db: Db, dealId: string) {
  return db
    .selectFrom('deal_claims')
    .selectAll()
    .where('deal_id', '=', dealId)
    .where('status', '=', sql<'WAITLISTED'>`'WAITLISTED'`)
    .orderBy('waitlist_ticket')
    .limit(1)
    .executeTakeFirst();
}

/** Moves a waiting shopper to a hold, only if they are still waiting with that ticket. */
export async function promoteFromWaitlist(
  db: Db,
  claim: Pick<DealClaimRow, 'deal_id' | 'owner_type' | 'owner_id' | 'waitlist_ticket'>,
  hold: { cartItemId: string; expiresAt: number; now: number },
): Promise<number | undefined> {
  const row = await db
    .updateTable('deal_claims')
    .set((eb) => ({
      status: 'HELD',
      held_units: eb.ref('waiting_units'),
      waiting_units: 0,
      expires_at: hold.expiresAt,
      cart_item_id: hold.cartItemId,
      claimed_at: hold.now,
      updated_at: hold.now,
    }))
    .where('deal_id', '=', claim.deal_id)
    .where('owner_type', '=', claim.owner_type)
    .where('owner_id', '=', claim.owner_id)
    .where('status', '=', 'WAITLISTED')
    .where('waitlist_ticket', '=', claim.waitlist_ticket)
    .returning('held_units')
    .executeTakeFirst();
  return row?.held_units;
}

/** Puts a promotion back when the units went elsewhere meanwhile: same place in the queue. */
export async function backToWaitlist(
  db: Db,
  claim: Pick<DealClaimRow, 'deal_id' | 'owner_type' | 'owner_id' | 'waitlist_ticket'>,
  units: number,
  until: number,
): Promise<void> {
  await db
    .updateTable('deal_claims')
    .set({ status: 'WAITLISTED', held_units: 0, waiting_units: units, expires_at: until, cart_item_id: null })
    .where('deal_id', '=', claim.deal_id)
    .where('owner_type', '=', claim.owner_type)
    .where('owner_id', '=', claim.owner_id)
    .execute();
}

/**
 * Turns the live hold behind a cart line into ordered units (kept for good), only while the hold is
 * still live and covers `quantity`. False when the hold has run out or does not match.
 */
export async function orderHeldUnits(
  db: Db,
  cartItemId: string,
  quantity: number,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('deal_claims')
    .set((eb) => ({
      status: 'ORDERED',
      ordered_units: eb('ordered_units', '+', eb.ref('held_units')),
      held_units: 0,
      expires_at: null,
      cart_item_id: null,
      updated_at: now,
    }))
    .where('cart_item_id', '=', cartItemId)
    .where('status', '=', 'HELD')
    .where('expires_at', '>', now)
    .where('held_units', '=', quantity)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** When the live deal holds behind these cart lines end, by cart line id. */
export async function findHoldEnds(db: Db, cartItemIds: readonly string[]): Promise<Map<string, number>> {
  if (cartItemIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('deal_claims')
    .select(['cart_item_id', 'expires_at'])
    .where('cart_item_id', 'in', [...cartItemIds])
    .where('status', '=', 'HELD')
    .execute();
  return new Map(
    rows.flatMap((row) =>
      row.cart_item_id && row.expires_at !== null ? [[row.cart_item_id, row.expires_at] as const] : [],
    ),
  );
}

/** Ends the hold behind a cart line the shopper removed; returns the units it held (0 if none was live). */
export async function releaseHold(db: Db, cartItemId: string, now: number) {
  return db
    .updateTable('deal_claims')
    .set({ status: 'EXPIRED', updated_at: now, cart_item_id: null })
    .where('cart_item_id', '=', cartItemId)
    .where('status', '=', 'HELD')
    .returning(['deal_id', 'held_units'])
    .executeTakeFirst();
}

/**
 * Hands an anonymous shopper's deal claims to the customer who signs in (their cart moves too), so the
 * per-customer limit follows the person. A deal the customer already has a claim on keeps both apart.
 */
export async function adoptDealClaims(db: Db, from: CartOwner, to: CartOwner): Promise<void> {
  await db
    .updateTable('deal_claims')
    .set({ owner_type: to.type, owner_id: to.id })
    .where('owner_type', '=', from.type)
    .where('owner_id', '=', from.id)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('deal_claims as mine')
            .select('mine.deal_id')
            .whereRef('mine.deal_id', '=', 'deal_claims.deal_id')
            .where('mine.owner_type', '=', to.type)
            .where('mine.owner_id', '=', to.id),
        ),
      ),
    )
    .execute();
}

const dealForClaimQuery = preparedQuery(
  (db: Db, p: { dealId: string; ownerType: string; ownerId: string; now: number }) =>
    db
      .selectFrom('deals')
      .innerJoin('offers', 'offers.id', 'deals.offer_id')
      .leftJoin('deal_claims as claim', (join) =>
        join
          .onRef('claim.deal_id', '=', 'deals.id')
          .on('claim.owner_type', '=', p.ownerType as CartOwner['type'])
          .on('claim.owner_id', '=', p.ownerId),
      )
      .selectAll('deals')
      .select((eb) => [
        'offers.price_minor',
        'offers.list_price_minor',
        'offers.currency_code',
        'offers.merchant_id',
        'offers.merchant_name',
        'claim.status as claim_status',
        'claim.held_units as claim_held_units',
        'claim.waiting_units as claim_waiting_units',
        'claim.ordered_units as claim_ordered_units',
        'claim.expires_at as claim_expires_at',
        'claim.waitlist_ticket as claim_waitlist_ticket',
        'claim.cart_item_id as claim_cart_item_id',
        'claim.claimed_at as claim_claimed_at',
        'claim.updated_at as claim_updated_at',
        eb
          .exists(
            eb
              .selectFrom('deal_claims')
              .select('deal_claims.deal_id')
              .whereRef('deal_claims.deal_id', '=', 'deals.id')
              .where('deal_claims.status', '=', sql<'HELD'>`'HELD'`)
              .where('deal_claims.expires_at', '<=', p.now),
          )
          .as('due'),
        eb
          .exists(
            eb
              .selectFrom('deal_claims')
              .select('deal_claims.deal_id')
              .whereRef('deal_claims.deal_id', '=', 'deals.id')
              .where('deal_claims.status', '=', sql<'WAITLISTED'>`'WAITLISTED'`),
          )
          .as('waiting'),
      ])
      .where('deals.id', '=', p.dealId),
);

/**
 * The claim's first read, in one query: the deal with its offer, the shopper's claim on it, and whether
 * a hold has run out or anyone waits.
 */
export async function findDealForClaim(
  db: Db,
  key: ClaimKey,
  now: number,
): Promise<
  | { deal: DealWithOffer; claim: DealClaimRow | undefined; activity: { due: boolean; waiting: boolean } }
  | undefined
> {
  const row = (
    await dealForClaimQuery(db, { dealId: key.dealId, ownerType: key.owner.type, ownerId: key.owner.id, now })
  ).rows[0];
  if (!row) return undefined;
  const {
    claim_status,
    claim_held_units,
    claim_waiting_units,
    claim_ordered_units,
    claim_expires_at,
    claim_waitlist_ticket,
    claim_cart_item_id,
    claim_claimed_at,
    claim_updated_at,
    due,
    waiting,
    ...deal
  } = row;
  const claim: DealClaimRow | undefined =
    claim_status === null
      ? undefined
      : {
          deal_id: deal.id,
          owner_type: key.owner.type,
          owner_id: key.owner.id,
          status: claim_status,
          held_units: claim_held_units ?? 0,
          waiting_units: claim_waiting_units ?? 0,
          ordered_units: claim_ordered_units ?? 0,
          expires_at: claim_expires_at,
          waitlist_ticket: claim_waitlist_ticket,
          cart_item_id: claim_cart_item_id,
          claimed_at: claim_claimed_at ?? 0,
          updated_at: claim_updated_at ?? 0,
        };
  return {
    deal,
    claim,
    activity: { due: Boolean(Number(due)), waiting: Boolean(Number(waiting)) },
  };
}

// PostgreSQL runs a statement with data-modifying WITH clauses as one atomic write, so a new shopper's
// claim is one round trip there, and the hot deal row is locked only while that statement commits,
// not across the round trips of a transaction (decision 0021). SQLite has no such clauses; there the
// claim runs as the transaction of single statements in the claim service, which costs no round trip.

/** Whether a claim can be one statement on this database (PostgreSQL). */
export const claimsInOneStatement = (db: Db): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

const UNIQUE_VIOLATION = '23505';
const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === UNIQUE_VIOLATION;

// The statement's text is fixed, so it is written once as PostgreSQL's SQL and sent by name: each
// connection parses and plans it once (decision 0028). It holds units for one or more new shoppers of
// one deal (the claims one process coalesced, decision 0037): units for all of them by one guarded
// update, or nothing at all; then each shopper's claim row, and the cart and line the cart repository's
// clauses add.
const claimedLines = claimedCartLinesSql({
  claims: 'claim',
  held: 'hold',
  marketplaceId: '$2::text',
  asin: '$3::text',
  offerId: '$4::text',
});
const HOLD_FOR_NEW_SHOPPERS = `
  with claim as (
    select * from unnest($5::text[], $6::text[], $7::integer[], $8::bigint[], $9::text[], $10::text[],
      $11::text[], $12::bigint[])
      as claim(owner_type, owner_id, quantity, expires_at, cart_id, cart_item_id, parameters, now)
  ), take as (
    update deals set claimed_units = claimed_units + (select sum(quantity)::integer from claim)
    where id = $1::text and claimed_units + (select sum(quantity)::integer from claim) <= total_units
      and end_time > (select max(now) from claim)
    returning claimed_units, total_units
  ), hold as (
    insert into deal_claims (deal_id, owner_type, owner_id, status, held_units, waiting_units,
      ordered_units, expires_at, waitlist_ticket, cart_item_id, claimed_at, updated_at)
    select $1::text, claim.owner_type, claim.owner_id, 'HELD', claim.quantity, 0, 0, claim.expires_at,
      null, claim.cart_item_id, claim.now, claim.now
    from claim cross join take
    returning owner_type, owner_id
  ), ${claimedLines.clauses}
  select take.claimed_units, take.total_units, line.id as cart_item_id, line.cart_id,
    ${claimedLines.accessoriesWaiting} as accessories_waiting
  from take left join line on true`;
registerHotStatement(HOLD_FOR_NEW_SHOPPERS);

/** A new shopper's hold, as holdForNewShopper takes it. */
type NewShopperHold = {
  owner: CartOwner;
  quantity: number;
  expiresAt: number;
  cartId: string;
  cartItemId: string;
  marketplaceId: string;
  asin: string;
  offerId: string;
  /** The line's stored additional parameters (JSON text), or null. */
  parameters: string | null;
  now: number;
};

type HeldForNewShopper =
  | { claimedUnits: number; totalUnits: number; cartId: string; accessoriesWaiting: boolean }
  | 'no-units'
  | 'raced';

/**
 * Runs the hold statement for claims of one deal, in the order given. Answers one result per claim,
 * as if each had run alone in that order (the deal's count after each claim's units), or undefined
 * when the deal had not enough units for all of them (nothing written).
 */
async function holdTogether(
  db: Db,
  dealId: string,
  holds: NewShopperHold[],
): Promise<HeldForNewShopper[] | undefined> {
  const first = holds[0];
  if (!first) return [];
  const { rows } = await db.executeQuery<{
    claimed_units: number;
    total_units: number;
    cart_item_id: string | null;
    cart_id: string | null;
    accessories_waiting: boolean | null;
  }>(
    CompiledQuery.raw(HOLD_FOR_NEW_SHOPPERS, [
      dealId,
      first.marketplaceId,
      first.asin,
      first.offerId,
      holds.map((h) => h.owner.type),
      holds.map((h) => h.owner.id),
      holds.map((h) => h.quantity),
      holds.map((h) => h.expiresAt),
      holds.map((h) => h.cartId),
      holds.map((h) => h.cartItemId),
      holds.map((h) => h.parameters),
      holds.map((h) => h.now),
    ]),
  );
  const taken = rows[0];
  if (!taken) return undefined;
  const lines = new Map(rows.map((row) => [row.cart_item_id, row]));
  // The deal's count after all of them, less the units of the claims after each one.
  let claimedAfter = taken.claimed_units;
  const results: HeldForNewShopper[] = [];
  for (let i = holds.length - 1; i >= 0; i--) {
    const hold = holds[i] as NewShopperHold;
    const line = lines.get(hold.cartItemId);
    if (!line?.cart_id) throw new Error('deal claim statement took units without writing the cart line');
    results[i] = {
      claimedUnits: claimedAfter,
      totalUnits: taken.total_units,
      cartId: line.cart_id,
      accessoriesWaiting: line.accessories_waiting === true,
    };
    claimedAfter -= hold.quantity;
  }
  return results;
}

/** One claim alone: 'no-units' when the deal had not enough, 'raced' when the shopper's row appeared. */
async function holdAlone(db: Db, dealId: string, hold: NewShopperHold): Promise<HeldForNewShopper> {
  try {
    return (await holdTogether(db, dealId, [hold]))?.[0] ?? 'no-units';
  } catch (error) {
    if (isUniqueViolation(error)) return 'raced';
    throw error;
  }
}

/**
 * Claims of new shoppers on a deal, coalesced per process (decision 0037): all of a batch in one
 * statement; if the deal has not units for all of them, or one shopper's claim row appeared meanwhile
 * (the statement is then undone as a whole), each runs alone, in the batch's order, as it would have
 * without coalescing.
 */
async function holdBatch(db: Db, dealId: string, holds: NewShopperHold[]): Promise<HeldForNewShopper[]> {
  if (holds.length === 1) return [await holdAlone(db, dealId, holds[0] as NewShopperHold)];
  try {
    const together = await holdTogether(db, dealId, holds);
    if (together) return together;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  const alone: HeldForNewShopper[] = [];
  for (const hold of holds) alone.push(await holdAlone(db, dealId, hold));
  return alone;
}

/** At most this many claims go in one statement (its arrays stay small). */
const MAX_CLAIMS_TOGETHER = 32;

const sameShopper = (a: CartOwner, b: CartOwner) => a.type === b.type && a.id === b.id;

/** Two claims of one shopper never go together: the second answers what the first left. */
const claimsApart = {
  maxBatch: MAX_CLAIMS_TOGETHER,
  apart: (claim: { owner: CartOwner }, batch: readonly { owner: CartOwner }[]) =>
    batch.some((other) => sameShopper(other.owner, claim.owner)),
};

/** One coalescer per store: tests run several stores in one process. */
function perStore<T, R>(make: (db: Db) => Coalescer<T, R>): (db: Db) => Coalescer<T, R> {
  const coalescers = new WeakMap<Db, Coalescer<T, R>>();
  return (db) => {
    let coalesce = coalescers.get(db);
    if (!coalesce) {
      coalesce = make(db);
      coalescers.set(db, coalesce);
    }
    return coalesce;
  };
}

const holdCoalescer = perStore((db) =>
  coalescer(
    (holds: (NewShopperHold & { dealId: string })[]) =>
      holdBatch(db, (holds[0] as { dealId: string }).dealId, holds),
    claimsApart,
  ),
);

/**
 * A shopper with no claim row on the deal takes `quantity` units and gets the deal's cart line, held
 * until `expiresAt`, in one statement (PostgreSQL only, see claimsInOneStatement): units first, by the
 * guarded update; the claim row, the cart and the line only if they were there. Claims of the same
 * deal that arrive while one is being written go together in the next statement (decision 0037).
 * Answers 'no-units' when the deal had not enough (nothing written), and 'raced' when a claim row of
 * the shopper appeared meanwhile (its key refuses the insert and the statement, units included, is
 * undone). `accessoriesWaiting` says the cart holds accessories that name the deal's asin (to adopt
 * next). The statement's cart and line clauses are the cart repository's (claimedCartLinesSql).
 * `db` is the store itself, never a transaction: the claim commits by itself.
 */
export function holdForNewShopper(
  db: Db,
  key: ClaimKey,
  hold: Omit<NewShopperHold, 'owner'>,
): Promise<HeldForNewShopper> {
  const batchKey = `${key.dealId}\u0000${hold.offerId}\u0000${hold.marketplaceId}\u0000${hold.asin}`;
  return holdCoalescer(db)(batchKey, { ...hold, owner: key.owner, dealId: key.dealId });
}

// Waitlist places for one or more new shoppers of one deal (coalesced as the holds are): one update
// takes as many tickets as there are shoppers, and each shopper's WAITLISTED row gets the next one, in
// the order given. Only while the first of them must still wait (too few units free for it, or shoppers
// waiting), read under the deal row's lock: units that came back before are never waited for.
const WAIT_FOR_NEW_SHOPPERS = `
  with claim as (
    select * from unnest($2::text[], $3::text[], $4::integer[], $5::bigint[], $6::bigint[])
      with ordinality as claim(owner_type, owner_id, quantity, until, now, place)
  ), ticket as (
    update deals set waitlist_tickets = waitlist_tickets + (select count(*) from claim)
    where id = $1::text
      and (total_units - claimed_units < (select quantity from claim where place = 1)
        or waitlist_tickets > waitlist_served)
    returning waitlist_tickets, waitlist_served
  ), entry as (
    insert into deal_claims (deal_id, owner_type, owner_id, status, held_units, waiting_units,
      ordered_units, expires_at, waitlist_ticket, cart_item_id, claimed_at, updated_at)
    select $1::text, claim.owner_type, claim.owner_id, 'WAITLISTED', 0, claim.quantity, 0, claim.until,
      ticket.waitlist_tickets - (select count(*) from claim) + claim.place, null, claim.now, claim.now
    from claim cross join ticket
    returning owner_type, owner_id, waitlist_ticket
  )
  select entry.owner_type, entry.owner_id, entry.waitlist_ticket, ticket.waitlist_served
  from entry cross join ticket`;
registerHotStatement(WAIT_FOR_NEW_SHOPPERS);

type NewShopperEntry = { owner: CartOwner; quantity: number; until: number; now: number };
type WaitingNewShopper = { ticket: number; served: number } | 'raced' | 'units-free';

/**
 * Runs the waitlist statement for shoppers of one deal: one place each, in the order given; undefined
 * (nothing written) when the first of them need not wait.
 */
async function waitTogether(
  db: Db,
  dealId: string,
  entries: NewShopperEntry[],
): Promise<WaitingNewShopper[] | undefined> {
  const { rows } = await db.executeQuery<{
    owner_type: string;
    owner_id: string;
    waitlist_ticket: number;
    waitlist_served: number;
  }>(
    CompiledQuery.raw(WAIT_FOR_NEW_SHOPPERS, [
      dealId,
      entries.map((e) => e.owner.type),
      entries.map((e) => e.owner.id),
      entries.map((e) => e.quantity),
      entries.map((e) => e.until),
      entries.map((e) => e.now),
    ]),
  );
  if (rows.length === 0) return undefined;
  if (rows.length !== entries.length) throw new Error('waitlist statement skipped a shopper');
  const places = new Map(rows.map((row) => [`${row.owner_type}\u0000${row.owner_id}`, row]));
  return entries.map((entry) => {
    const row = places.get(`${entry.owner.type}\u0000${entry.owner.id}`);
    if (!row) throw new Error('waitlist statement skipped a shopper');
    return { ticket: Number(row.waitlist_ticket), served: Number(row.waitlist_served) };
  });
}

/**
 * One shopper alone: 'raced' when their claim row appeared meanwhile, 'units-free' when they need not
 * wait any more (no ticket taken either way).
 */
async function waitAlone(db: Db, dealId: string, entry: NewShopperEntry): Promise<WaitingNewShopper> {
  try {
    return (await waitTogether(db, dealId, [entry]))?.[0] ?? 'units-free';
  } catch (error) {
    if (isUniqueViolation(error)) return 'raced';
    throw error;
  }
}

/**
 * Shoppers of a batch join the waitlist in one statement; if one shopper's claim row appeared
 * meanwhile (the statement is undone as a whole, no ticket taken), or the first need not wait, each
 * joins alone, in order.
 */
async function waitBatch(db: Db, dealId: string, entries: NewShopperEntry[]): Promise<WaitingNewShopper[]> {
  if (entries.length === 1) return [await waitAlone(db, dealId, entries[0] as NewShopperEntry)];
  try {
    const together = await waitTogether(db, dealId, entries);
    if (together) return together;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  const alone: WaitingNewShopper[] = [];
  for (const entry of entries) alone.push(await waitAlone(db, dealId, entry));
  return alone;
}

const waitCoalescer = perStore((db) =>
  coalescer(
    (entries: (NewShopperEntry & { dealId: string })[]) =>
      waitBatch(db, (entries[0] as { dealId: string }).dealId, entries),
    claimsApart,
  ),
);

/**
 * A shopper with no claim row on the deal joins its waitlist in one statement (PostgreSQL only): the
 * next ticket and the WAITLISTED row, or nothing at all when a claim row of the shopper appeared
 * meanwhile ('raced') or units came back so that they need not wait ('units-free'), so no ticket is
 * ever skipped. Shoppers of the same deal who arrive while one
 * joins go together in the next statement, in the order they came (decision 0037).
 */
export function waitForNewShopper(
  db: Db,
  key: ClaimKey,
  entry: { quantity: number; until: number; now: number },
): Promise<WaitingNewShopper> {
  return waitCoalescer(db)(key.dealId, { ...entry, owner: key.owner, dealId: key.dealId });
}
