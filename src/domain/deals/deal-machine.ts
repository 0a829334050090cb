import type {
  DealCustomerStatus,
  DealDetails,
  LightningDealBuyingOption,
} from '../../shared/contracts/deals';
import {
  CLAIM_QUANTITY_RESTRICTION_ERROR,
  type ClaimCustomerState,
  type ClaimDealAsinState,
  CUSTOMER_STATE_FROM_CLAIM,
  type DealAccessBehavior,
  type DealCustomerState,
  type DealState,
} from '../../shared/deal-constants';

// The lightning deal buy box as a pure state machine: `transition(state, event, now)` (DEAL-010..020,
// DEAL-042..044). `now` is always the server's clock (the page's clock plus the offset from the page
// data's systemTime), in epoch milliseconds.

export const DEAL_TIMER_TICK_MS = 1000;
/** DEAL-016: one second after a timer expires the deal is fetched again. */
export const DEAL_REFETCH_DELAY_MS = 1000;
export const QUANTITY_RESTRICTION_ERROR_TYPE = CLAIM_QUANTITY_RESTRICTION_ERROR;
export type { DealCustomerState, DealState };

/** One lightning deal as the product call answers it, with times as epoch milliseconds. */
export type DealSnapshot = {
  dealId: string;
  type: string;
  state: DealState;
  startTime: number;
  endTime: number;
  accessBehavior: DealAccessBehavior | null;
  earlyAccessDurationInMilliseconds: number;
  percentClaimed: number;
  percentClaimedMessage: string;
  maxPerCustomer: number;
  /** The server's answer to the access rules when it sent this (the page re-checks them as time runs). */
  accessible: boolean;
  customer: {
    state: DealCustomerState;
    expiryTime: number | null;
    /** Units held, waited for or ordered. */
    quantity: number;
    /** How many more units the shopper may claim now. */
    claimableQuantity: number;
    waitlistPosition: number | null;
  };
  /** The call to action's addToCart flag. */
  canAddToCart: boolean;
};

export type ClaimFailure = 'redemption-failed' | 'quantity-limit';

export type DealMachineState = {
  /** The deal as last applied to the views; kept when the deal becomes unavailable. */
  deal: DealSnapshot;
  /** DEAL-017: a fetch answered without a lightning deal. */
  unavailable: boolean;
  polling: boolean;
  claiming: boolean;
  /** DEAL-018: the newest fetch answered while a claim was in flight, applied when it ends. */
  heldUpdate: { snapshot: DealSnapshot | null } | null;
  /** The processing message: while claiming, and after the in-cart countdown reaches 0:00 (DEAL-012). */
  processing: boolean;
  failure: ClaimFailure | null;
  /** DEAL-042: the customer is marked unable to claim a Prime-only deal of the day. */
  unableToClaimPrimeOnlyDealOfTheDay: boolean;
  /** When the next fetch is due because a timer expired (DEAL-016); null when none is due. */
  refetchAt: number | null;
  /** The timers that already expired, so each one asks for a single refetch. */
  expired: { start: boolean; end: boolean; hold: boolean };
  /** DEAL-033: the changeover message and when it appeared. */
  changeover: { message: string; shownAt: number } | null;
  /** The server time of the last event, so a view never runs behind what the machine already knows. */
  at: number;
};

export type ClaimResponse = {
  customerState: ClaimCustomerState;
  dealAsinState: ClaimDealAsinState;
  msUntilExpiration: number;
  quantity: number;
  waitlistPosition?: number | undefined;
};

/** A failed claim: the error type and entity.status from the answer, if any, and the HTTP status (0 offline). */
export type ClaimError = { type: string | null; entityStatus: number | string | null; httpStatus: number };

export type DealEvent =
  | { type: 'tick' }
  | { type: 'deal-fetched'; snapshot: DealSnapshot | null }
  | { type: 'refetch-started' }
  | { type: 'claim-started' }
  | { type: 'claim-succeeded'; response: ClaimResponse }
  | { type: 'claim-failed'; error: ClaimError }
  | { type: 'changeover-ended' };

/** The claim answer's short customer states name the product answer's long ones. */
export function customerStateFromClaim(state: ClaimCustomerState): DealCustomerState {
  return CUSTOMER_STATE_FROM_CLAIM[state];
}

/** The lightning deal of a product answer's buying options, as the machine reads it; null when none came back. */
export function snapshotFromBuyingOptions(
  options: readonly {
    type: string;
    dealDetails?: DealDetails;
    dealCustomerStatus?: DealCustomerStatus;
    callToAction?: LightningDealBuyingOption['callToAction'];
  }[],
): DealSnapshot | null {
  const option = options.find((o) => o.type === 'LIGHTNING_DEAL' && o.dealDetails && o.dealCustomerStatus);
  if (!option?.dealDetails || !option.dealCustomerStatus) return null;
  const details = option.dealDetails;
  const status = option.dealCustomerStatus;
  return {
    dealId: details.dealId,
    type: details.type,
    state: details.state,
    startTime: details.startTime,
    endTime: details.endTime,
    accessBehavior: details.accessBehavior ?? null,
    earlyAccessDurationInMilliseconds: details.earlyAccessDurationInMilliseconds,
    percentClaimed: details.percentClaimed,
    percentClaimedMessage: details.percentClaimedMessage,
    maxPerCustomer: details.maxPerCustomer,
    accessible: details.accessible,
    customer: {
      state: status.state,
      expiryTime: status.expiryTime ?? null,
      quantity: status.quantity,
      claimableQuantity: status.claimableQuantity,
      waitlistPosition: status.waitlistPosition ?? null,
    },
    canAddToCart: option.callToAction?.addToCart.data.canAddToCart ?? false,
  };
}

/** How far a fetched hold's expiry may differ from the one derived from the claim answer and be the same hold. */
const SAME_HOLD_TOLERANCE_MS = 5_000;

const holdsUnits = (state: DealCustomerState) => state === 'IN_CART' || state === 'PENDING_ADD_TO_CART';

/** DEAL-020: a deal in the cart clears the call to action. */
function withCallToAction(snapshot: DealSnapshot): DealSnapshot {
  return snapshot.customer.state === 'IN_CART' && snapshot.canAddToCart
    ? { ...snapshot, canAddToCart: false }
    : snapshot;
}

const noExpiredTimers = { start: false, end: false, hold: false };

/** The machine as the page starts it, from the deal in the server-rendered page data. */
export function initialDealState(snapshot: DealSnapshot | null): DealMachineState {
  return {
    deal: snapshot ? withCallToAction(snapshot) : emptyDeal,
    unavailable: snapshot === null,
    polling: snapshot !== null,
    claiming: false,
    heldUpdate: null,
    processing: false,
    failure: null,
    unableToClaimPrimeOnlyDealOfTheDay: false,
    refetchAt: null,
    expired: noExpiredTimers,
    changeover: null,
    at: 0,
  };
}

const emptyDeal: DealSnapshot = {
  dealId: '',
  type: '',
  state: 'UNKNOWN',
  startTime: 0,
  endTime: 0,
  accessBehavior: null,
  earlyAccessDurationInMilliseconds: 0,
  percentClaimed: 0,
  percentClaimedMessage: '',
  maxPerCustomer: 0,
  accessible: false,
  customer: { state: 'UNKNOWN', expiryTime: null, quantity: 0, claimableQuantity: 0, waitlistPosition: null },
  canAddToCart: false,
};

/** The message that marks a change of the deal's state (DEAL-033); null when nothing worth saying changed. */
function changeoverMessage(from: DealState, to: DealState): string | null {
  if (from === to) return null;
  if (to === 'AVAILABLE' && from === 'UPCOMING') return 'This deal has started.';
  if (to === 'AVAILABLE') return 'This deal is available again.';
  if (to === 'WAITLISTFULL') return 'All of this deal has been claimed.';
  return null;
}

function changeoverAt(
  state: DealMachineState,
  from: DealState,
  to: DealState,
  now: number,
): DealMachineState['changeover'] {
  const message = changeoverMessage(from, to);
  return message ? { message, shownAt: now } : state.changeover;
}

/** Applies a fetched deal to the views (the fetch, after the claim if one was in flight). */
function applySnapshot(
  state: DealMachineState,
  snapshot: DealSnapshot | null,
  now: number,
): DealMachineState {
  if (snapshot === null) {
    // DEAL-017: no lightning deal came back: polling stops, the 'deal unavailable' view shows.
    return { ...state, unavailable: true, polling: false, processing: false, refetchAt: null };
  }
  // DEAL-014: the start time passing makes the deal available, whatever a server a moment behind says.
  const started = snapshot.state === 'UPCOMING' && now >= snapshot.startTime;
  const next = withCallToAction(started ? { ...snapshot, state: 'AVAILABLE' } : snapshot);
  // The same hold as before, give or take the claim answer's trip: one that ran out here stays run out,
  // and its processing message stays, until the server has swept it.
  const sameHold =
    holdsUnits(next.customer.state) &&
    next.customer.state === state.deal.customer.state &&
    Math.abs((next.customer.expiryTime ?? 0) - (state.deal.customer.expiryTime ?? 0)) <
      SAME_HOLD_TOLERANCE_MS;
  const holdExpired = sameHold && state.expired.hold;
  return {
    ...state,
    deal: next,
    unavailable: false,
    processing: state.claiming || holdExpired,
    changeover: changeoverAt(state, state.deal.state, next.state, now),
    expired: {
      start: now >= next.startTime,
      end: now >= next.endTime ? state.expired.end : false,
      hold: holdExpired,
    },
  };
}

/** DEAL-044: the error code of a failed claim is entity.status when the answer has one, else the HTTP status. */
export function claimErrorCode(error: ClaimError): string {
  return String(error.entityStatus ?? error.httpStatus);
}

/** Moves the deal buy box from one state to the next at server time `now`. */
export function transition(state: DealMachineState, event: DealEvent, now: number): DealMachineState {
  const next = step(state, event, now);
  return next === state || next.at >= now ? next : { ...next, at: now };
}

function step(state: DealMachineState, event: DealEvent, now: number): DealMachineState {
  switch (event.type) {
    case 'tick':
      return tick(state, now);
    case 'refetch-started':
      return { ...state, refetchAt: null };
    case 'deal-fetched':
      // DEAL-018: while a claim is in flight the views keep what they show; the answer waits.
      if (state.claiming) return { ...state, heldUpdate: { snapshot: event.snapshot } };
      if (state.unavailable) return state;
      return applySnapshot(state, event.snapshot, now);
    case 'claim-started':
      if (state.claiming || state.unavailable) return state;
      return { ...state, claiming: true, processing: true, failure: null, heldUpdate: null };
    case 'claim-succeeded': {
      const held = endClaim(state, now);
      const customerState = customerStateFromClaim(event.response.customerState);
      // DEAL-010/011: the claim moves the customer on, with the hold's expiry from msUntilExpiration.
      const deal = withCallToAction({
        ...held.deal,
        state: event.response.dealAsinState,
        customer: {
          state: customerState,
          expiryTime: holdsUnits(customerState) ? now + event.response.msUntilExpiration : null,
          quantity: event.response.quantity,
          claimableQuantity: holdsUnits(customerState) ? 0 : held.deal.customer.claimableQuantity,
          waitlistPosition: event.response.waitlistPosition ?? null,
        },
      });
      return {
        ...held,
        deal,
        processing: false,
        expired: { ...held.expired, hold: false },
        changeover: changeoverAt(held, held.deal.state, deal.state, now),
      };
    }
    case 'claim-failed': {
      const held = endClaim(state, now);
      if (event.error.type === QUANTITY_RESTRICTION_ERROR_TYPE) {
        // DEAL-042
        return {
          ...held,
          processing: false,
          failure: 'quantity-limit',
          unableToClaimPrimeOnlyDealOfTheDay: true,
        };
      }
      // DEAL-043
      return { ...held, processing: false, failure: 'redemption-failed' };
    }
    case 'changeover-ended':
      return state.changeover ? { ...state, changeover: null } : state;
  }
}

function endClaim(state: DealMachineState, now: number): DealMachineState {
  const ended = { ...state, claiming: false, heldUpdate: null };
  if (!state.heldUpdate) return ended;
  return applySnapshot(ended, state.heldUpdate.snapshot, now);
}

function tick(state: DealMachineState, now: number): DealMachineState {
  if (state.unavailable) return state;
  let next = state;
  const { deal } = state;
  const refetch = (at: number) => ({
    refetchAt: Math.min(next.refetchAt ?? Number.POSITIVE_INFINITY, at + DEAL_REFETCH_DELAY_MS),
  });
  // DEAL-014/016: the start timer expires: the deal becomes available and is fetched again a second later.
  if (!state.expired.start && deal.state === 'UPCOMING' && now >= deal.startTime) {
    next = {
      ...next,
      deal: { ...next.deal, state: 'AVAILABLE' },
      expired: { ...next.expired, start: true },
      changeover: changeoverAt(next, 'UPCOMING', 'AVAILABLE', now),
      ...refetch(deal.startTime),
    };
  }
  // DEAL-016: the end timer expires.
  if (!state.expired.end && deal.state !== 'UNKNOWN' && deal.endTime > 0 && now >= deal.endTime) {
    next = { ...next, expired: { ...next.expired, end: true }, ...refetch(deal.endTime) };
  }
  // DEAL-012: the in-cart (or pending) countdown reaches 0:00: processing shows, the timer view hides,
  // and the deal is fetched again.
  const { expiryTime } = deal.customer;
  if (!state.expired.hold && holdsUnits(deal.customer.state) && expiryTime !== null && now >= expiryTime) {
    next = { ...next, processing: true, expired: { ...next.expired, hold: true }, ...refetch(expiryTime) };
  }
  if (next.changeover && changeoverOver(next.changeover.shownAt, now)) next = { ...next, changeover: null };
  return next;
}

/** DEAL-033: the changeover message stays 2000 ms, fading in over 400 ms and out over 800 ms. */
export const CHANGEOVER_TIMING = { visibleMs: 2000, fadeInMs: 400, fadeOutMs: 800 } as const;

export function changeoverOver(shownAt: number, now: number): boolean {
  return now - shownAt >= CHANGEOVER_TIMING.visibleMs + CHANGEOVER_TIMING.fadeOutMs;
}
