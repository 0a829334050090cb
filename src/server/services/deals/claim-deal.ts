import type { Kysely } from 'kysely';
import {
  claimRefusal,
  customerStateOf,
  type DealQueue,
  type DealTerms,
  newClaimsWait,
  type Shopper,
  type StoredClaim,
} from '../../../domain/deals/deal-access';
import type { ClaimRefusal } from '../../../shared/contracts/deals';
import {
  type ClaimCustomerState,
  type ClaimDealAsinState,
  DEAL_HOLD_MS,
  type DealAccessBehavior,
  type DeviceType,
} from '../../../shared/deal-constants';
import {
  adoptAccessories,
  type CartOwner,
  deleteCartLine,
  deleteOfferLines,
  deleteOfferLinesInCart,
  findLinesWaitingFor,
  insertCartLine,
  newCartId,
  newCartItemId,
  openCart,
} from '../../db/repositories/cart-repository';
import {
  backToWaitlist,
  type ClaimKey,
  claimsInOneStatement,
  type DealWithOffer,
  dealActivity,
  expireHolds,
  findClaim,
  findDeal,
  findDealForClaim,
  findDealIdsInCart,
  freeUnits,
  headOfWaitlist,
  holdForNewShopper,
  joinWaitlist,
  markWaitlistServed,
  nextWaitlistTicket,
  promoteFromWaitlist,
  releaseHold,
  returnDealUnits,
  startHold,
  takeDealUnits,
  waitForNewShopper,
  waitlistPosition,
} from '../../db/repositories/deal-repository';
import type { Database, DealClaimRow } from '../../db/schema';

type Db = Kysely<Database>;

/** A stored deal as the pure rules read it. */
export const termsOf = (deal: DealWithOffer): DealTerms => ({
  startTime: deal.start_time,
  endTime: deal.end_time,
  accessBehavior: deal.access_behavior as DealAccessBehavior | null,
  earlyAccessDurationMs: deal.early_access_ms,
  totalUnits: deal.total_units,
  claimedUnits: deal.claimed_units,
  maxPerCustomer: deal.max_per_customer,
});

export const storedClaimOf = (row: DealClaimRow | undefined): StoredClaim | null =>
  row
    ? {
        status: row.status,
        heldUnits: row.held_units,
        orderedUnits: row.ordered_units,
        waitingUnits: row.waiting_units,
        expiresAt: row.expires_at,
      }
    : null;

export type ClaimInput = {
  dealId: string;
  marketplaceId: string;
  asin: string;
  quantity: number;
  owner: CartOwner;
  shopper: Shopper;
  device: DeviceType;
  installmentsProgramId?: string;
  devicePreRegistered?: boolean;
  now: number;
};

export type ClaimAnswer = {
  customerState: ClaimCustomerState;
  dealAsinState: ClaimDealAsinState;
  msUntilExpiration: number;
  quantity: number;
  cartItemId?: string;
  waitlistPosition?: number;
};

export type ClaimOutcome =
  | ({ ok: true } & ClaimAnswer)
  | { ok: false; refusal: ClaimRefusal; message: string };

const REFUSAL_MESSAGES: Record<ClaimRefusal, string> = {
  QUANTITY_LIMIT: 'this quantity is over the limit per customer for this deal',
  PRIME_ONLY: 'this deal is for Prime members only',
  PRIME_EARLY_ACCESS: 'this deal is open to Prime members only until it starts',
  APP_ONLY: 'this deal can be claimed only in the shopping app',
  NOT_STARTED: 'this deal has not started yet',
  ENDED: 'this deal has ended',
  NOT_FOUND: 'no such deal for this item in this marketplace',
};

const refuse = (refusal: ClaimRefusal): ClaimOutcome => ({
  ok: false,
  refusal,
  message: REFUSAL_MESSAGES[refusal],
});

/** The deal's state as the product answer reads it (`newClaimsWait`); the claim answer knows no UNKNOWN. */
const asinState = (
  deal: { claimed_units: number; total_units: number },
  queue: DealQueue,
): ClaimDealAsinState =>
  newClaimsWait({ claimedUnits: deal.claimed_units, totalUnits: deal.total_units }, queue)
    ? 'WAITLISTFULL'
    : 'AVAILABLE';

const queueOf = async (db: Db, dealId: string, now: number): Promise<DealQueue> => ({
  shoppersWaiting: (await dealActivity(db, dealId, now)).waiting,
});

/**
 * Claims units of a lightning deal for a shopper and puts them in their cart at the deal price, held
 * for DEAL_HOLD_MS (DEAL-039). The units are taken by one guarded update inside one transaction; when
 * none are free the shopper joins the waitlist. A shopper who already holds or waits gets that answer
 * again, so a repeated claim never takes more.
 */
export async function claimDeal(db: Db, input: ClaimInput): Promise<ClaimOutcome> {
  // A claim that found too few units joins the queue only if they are still too few as it joins
  // (read under the deal row's lock); units that came back in between send it round again, to take
  // them. Each round means another request returned units just then, so a few rounds are plenty.
  for (let round = 1; ; round++) {
    const outcome = await claimOnce(db, input);
    if (outcome !== 'units-free') return outcome;
    if (round === MAX_CLAIM_ROUNDS) throw new Error(`deal ${input.dealId}: units kept coming back`);
  }
}

const MAX_CLAIM_ROUNDS = 10;

async function claimOnce(db: Db, input: ClaimInput): Promise<ClaimOutcome | 'units-free'> {
  const key: ClaimKey = { dealId: input.dealId, owner: input.owner };
  const first = await findDealForClaim(db, key, input.now);
  if (!first || first.deal.marketplace_id !== input.marketplaceId || first.deal.asin !== input.asin) {
    return refuse('NOT_FOUND');
  }
  const { activity } = first;
  const settled = await settleDeal(db, first.deal, input.now, { activity });
  const deal = settled ?? first.deal;
  const existing = settled ? await findClaim(db, key) : first.claim;
  // Shoppers already waiting come first: a new claim joins the queue behind them.
  const queue: DealQueue = settled
    ? await queueOf(db, deal.id, input.now)
    : { shoppersWaiting: activity.waiting };
  const current = answerFor(deal, existing, input.now, queue);
  if (current) return { ok: true, ...current };

  const refusal = claimRefusal({
    deal: termsOf(deal),
    shopper: input.shopper,
    device: input.device,
    quantity: input.quantity,
    customerUnits: existing?.ordered_units ?? 0,
    now: input.now,
  });
  if (refusal) return refuse(refusal);
  // A sold-out deal, or one with shoppers waiting, sends the claim to the queue (the rule the product
  // answer shows as WAITLISTFULL).
  const mustWait = newClaimsWait(termsOf(deal), queue);

  const outcome =
    existing === undefined && claimsInOneStatement(db)
      ? await claimAsNewShopper(db, input, deal, mustWait)
      : await claimInTransaction(db, input, deal, { mustWait, replace: existing !== undefined });
  if (outcome !== 'raced') return outcome;
  // Another claim of the same shopper won the race: answer what it left, or the limit.
  const after = await findClaim(db, key);
  const answer = answerFor(
    (await findDeal(db, deal.id)) ?? deal,
    after,
    input.now,
    await queueOf(db, deal.id, input.now),
  );
  return answer ? { ok: true, ...answer } : refuse('QUANTITY_LIMIT');
}

type Claimed = ClaimOutcome | 'raced' | 'units-free';

const inCart = (
  input: ClaimInput,
  taken: { claimed_units: number; total_units: number },
  cartItemId: string,
): ClaimOutcome => ({
  ok: true,
  customerState: 'INCART',
  // Units were just taken, so nobody waited ahead of this claim.
  dealAsinState: asinState(taken, { shoppersWaiting: false }),
  msUntilExpiration: DEAL_HOLD_MS,
  quantity: input.quantity,
  cartItemId,
});

const waiting = (input: ClaimInput, deal: DealWithOffer, ticket: number, served: number): ClaimOutcome => ({
  ok: true,
  customerState: 'PENDINGATC',
  dealAsinState: 'WAITLISTFULL',
  msUntilExpiration: Math.max(0, deal.end_time - input.now),
  quantity: input.quantity,
  waitlistPosition: waitlistPosition(ticket, served),
});

/** The line parameters the claim form sent (installments, device preregistration), or null. */
const lineParameters = (input: Pick<ClaimInput, 'installmentsProgramId' | 'devicePreRegistered'>) => {
  const parameters = {
    ...(input.installmentsProgramId ? { installments: { programId: input.installmentsProgramId } } : {}),
    ...(input.devicePreRegistered !== undefined
      ? { devicePreregistration: { selected: input.devicePreRegistered } }
      : {}),
  };
  return Object.keys(parameters).length ? parameters : null;
};

/**
 * The claim of a shopper with no claim row yet, on PostgreSQL: one statement holds the units and writes
 * the cart line (or, with no units free, one statement joins the waitlist), so the hot deal row is
 * locked only while that statement commits.
 */
async function claimAsNewShopper(
  db: Db,
  input: ClaimInput,
  deal: DealWithOffer,
  mustWait: boolean,
): Promise<Claimed> {
  const key: ClaimKey = { dealId: input.dealId, owner: input.owner };
  if (!mustWait) {
    const cartItemId = newCartItemId();
    const parameters = lineParameters(input);
    const held = await holdForNewShopper(db, key, {
      quantity: input.quantity,
      expiresAt: input.now + DEAL_HOLD_MS,
      cartId: newCartId(),
      cartItemId,
      marketplaceId: deal.marketplace_id,
      asin: deal.asin,
      offerId: deal.offer_id,
      parameters: parameters ? JSON.stringify(parameters) : null,
      now: input.now,
    });
    if (held === 'raced') return 'raced';
    if (held !== 'no-units') {
      // Deal mode: accessories the interstitial added before the claim go with the deal's line (ACC-013).
      if (held.accessoriesWaiting) {
        await db.transaction().execute(async (trx) => {
          const lines = await findLinesWaitingFor(trx, held.cartId, deal.asin);
          if (lines.length > 0) await adoptAccessories(trx, lines, deal.asin, cartItemId);
        });
      }
      return inCart(input, { claimed_units: held.claimedUnits, total_units: held.totalUnits }, cartItemId);
    }
  }
  if (input.now >= deal.end_time) return refuse('ENDED');
  const queued = await waitForNewShopper(db, key, {
    quantity: input.quantity,
    until: deal.end_time,
    now: input.now,
  });
  return typeof queued === 'string' ? queued : waiting(input, deal, queued.ticket, queued.served);
}

/**
 * The claim as one transaction of guarded statements (SQLite, and a shopper who claimed before): the
 * hold, the cart line and the units, or, with no units free, a place on the waitlist.
 */
function claimInTransaction(
  db: Db,
  input: ClaimInput,
  deal: DealWithOffer,
  options: { mustWait: boolean; replace: boolean },
): Promise<Claimed> {
  const key: ClaimKey = { dealId: input.dealId, owner: input.owner };
  const { mustWait } = options;
  return db
    .transaction()
    .execute(async (trx): Promise<Claimed> => {
      const cartItemId = newCartItemId();
      const expiresAt = input.now + DEAL_HOLD_MS;
      const held = await startHold(trx, key, {
        quantity: input.quantity,
        expiresAt,
        cartItemId,
        now: input.now,
        maxPerCustomer: deal.max_per_customer,
      });
      if (!held) return 'raced';
      const cartId = mustWait
        ? undefined
        : await putDealInCart(trx, input.owner, deal, {
            replace: options.replace,
            cartItemId,
            quantity: input.quantity,
            installmentsProgramId: input.installmentsProgramId,
            devicePreRegistered: input.devicePreRegistered,
            now: input.now,
          });
      const taken = mustWait ? undefined : await takeDealUnits(trx, deal.id, input.quantity, input.now);
      if (taken) return inCart(input, taken, cartItemId);
      // No units free: the fresh hold becomes a waitlist entry, and its cart line goes.
      if (cartId) await deleteCartLine(trx, cartId, cartItemId);
      if (input.now >= deal.end_time) throw new DealEnded();
      const place = await nextWaitlistTicket(trx, deal.id, input.quantity);
      // Units came back since the claim looked: undo it all and go round again.
      if (!place) throw new UnitsCameBack();
      await joinWaitlist(trx, key, {
        quantity: input.quantity,
        ticket: place.ticket,
        until: deal.end_time,
        now: input.now,
      });
      return waiting(input, deal, place.ticket, place.served);
    })
    .catch((error: unknown) => {
      if (error instanceof DealEnded) return refuse('ENDED');
      if (error instanceof UnitsCameBack) return 'units-free' as const;
      throw error;
    });
}

class DealEnded extends Error {}
class UnitsCameBack extends Error {}

/** The answer for a shopper who holds or waits already; undefined when they may claim anew. */
function answerFor(
  deal: DealWithOffer,
  claim: DealClaimRow | undefined,
  now: number,
  queue: DealQueue,
): ClaimAnswer | undefined {
  const status = customerStateOf(storedClaimOf(claim), now);
  if (!claim) return undefined;
  if (status.state === 'IN_CART') {
    return {
      customerState: 'INCART',
      dealAsinState: asinState(deal, queue),
      msUntilExpiration: Math.max(0, (claim.expires_at ?? now) - now),
      quantity: claim.held_units,
      ...(claim.cart_item_id ? { cartItemId: claim.cart_item_id } : {}),
    };
  }
  if (status.state === 'PENDING_ADD_TO_CART') {
    return {
      customerState: 'PENDINGATC',
      dealAsinState: 'WAITLISTFULL',
      msUntilExpiration: Math.max(0, deal.end_time - now),
      quantity: claim.waiting_units,
      waitlistPosition: waitlistPosition(claim.waitlist_ticket ?? 0, deal.waitlist_served),
    };
  }
  return undefined;
}

/** Puts the claimed units in the shopper's retail cart as the deal offer's line (replacing a stale one). */
async function putDealInCart(
  db: Db,
  owner: CartOwner,
  deal: DealWithOffer,
  line: {
    /** A shopper with an earlier claim may have a stale line of the deal to replace. */
    replace: boolean;
    cartItemId: string;
    quantity: number;
    installmentsProgramId?: string | undefined;
    devicePreRegistered?: boolean | undefined;
    now: number;
  },
): Promise<string> {
  const cart = await openCart(db, owner, deal.marketplace_id, 'RETAIL', line.now);
  const cartId = cart.id;
  // A cart made just now holds no lines: no stale line to replace, no accessory waiting.
  if (line.replace && !cart.created) await deleteOfferLinesInCart(db, cartId, deal.offer_id);
  await insertCartLine(db, {
    id: line.cartItemId,
    cart_id: cartId,
    asin: deal.asin,
    offer_id: deal.offer_id,
    quantity: line.quantity,
    additional_parameters: lineParameters(line),
    custom_attributes: null,
    associated_item_id: null,
    added_at: line.now,
  });
  // Deal mode: accessories the interstitial added before the claim go with the deal's line (ACC-013).
  const waiting = cart.created ? [] : await findLinesWaitingFor(db, cartId, deal.asin);
  if (waiting.length > 0) await adoptAccessories(db, waiting, deal.asin, line.cartItemId);
  return cartId;
}

const MAX_PROMOTIONS_PER_SWEEP = 500;

/**
 * Brings a deal up to `now`: holds past their expiry end (their units return and their cart lines
 * go), then the waitlist is served in order, each promoted shopper's units going into their cart
 * with a fresh hold. Does nothing (and answers undefined) when nothing is due; otherwise answers the
 * deal as it is afterwards. Safe to run from several processes at once: every step is guarded.
 */
export async function settleDeal(
  db: Db,
  deal: DealWithOffer,
  now: number,
  options: { force?: boolean; activity?: { due: boolean; waiting: boolean } } = {},
): Promise<DealWithOffer | undefined> {
  if (!options.force) {
    const activity = options.activity ?? (await dealActivity(db, deal.id, now));
    if (!activity.due && !(activity.waiting && deal.claimed_units < deal.total_units)) return undefined;
  }
  await db.transaction().execute((trx) => settleIn(trx, deal, now));
  return findDeal(db, deal.id);
}

/** settleDeal's work, inside the caller's transaction. */
async function settleIn(trx: Db, deal: DealWithOffer, now: number): Promise<void> {
  const expired = await expireHolds(trx, deal.id, now);
  if (expired.length) {
    const lines = expired.map((e) => e.cart_item_id).filter((id): id is string => id !== null);
    await deleteOfferLines(trx, deal.offer_id, lines);
    await returnDealUnits(
      trx,
      deal.id,
      expired.reduce((sum, e) => sum + e.held_units, 0),
    );
  }
  for (let i = 0; i < MAX_PROMOTIONS_PER_SWEEP && now < deal.end_time; i++) {
    const head = await headOfWaitlist(trx, deal.id);
    if (!head) break;
    // Not enough free for the head of the queue: everyone behind it waits too (decision 0009).
    if ((await freeUnits(trx, deal.id)) < head.waiting_units) break;
    const cartItemId = newCartItemId();
    const units = await promoteFromWaitlist(trx, head, {
      cartItemId,
      expiresAt: now + DEAL_HOLD_MS,
      now,
    });
    if (units === undefined) continue;
    const owner: CartOwner = { type: head.owner_type, id: head.owner_id };
    const cartId = await putDealInCart(trx, owner, deal, {
      replace: true,
      cartItemId,
      quantity: units,
      now,
    });
    if (await takeDealUnits(trx, deal.id, units, now)) {
      await markWaitlistServed(trx, deal.id);
      continue;
    }
    // Another process took the units meanwhile: the head keeps its place.
    await deleteCartLine(trx, cartId, cartItemId);
    await backToWaitlist(trx, head, units, deal.end_time);
    break;
  }
}

/**
 * Gives back the units held behind a cart line the shopper removed and serves the waitlist, in one
 * transaction: nobody sees the units back while the queue still waits for them.
 */
export async function releaseDealLine(db: Db, cartItemId: string, now: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const hold = await releaseHold(trx, cartItemId, now);
    if (!hold) return;
    if (hold.held_units > 0) await returnDealUnits(trx, hold.deal_id, hold.held_units);
    const deal = await findDeal(trx, hold.deal_id);
    if (deal) await settleIn(trx, deal, now);
  });
}

/**
 * Brings the deals in a shopper's cart up to `now` before the cart is shown, so a hold that ran out
 * never shows at the deal price. One read when the cart holds no deal.
 */
export async function settleDealsInCart(db: Db, owner: CartOwner, marketplaceId: string, now: number) {
  for (const dealId of await findDealIdsInCart(db, owner, marketplaceId)) {
    const deal = await findDeal(db, dealId);
    if (deal) await settleDeal(db, deal, now);
  }
}
