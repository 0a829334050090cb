import type { ClaimRefusal } from '../../shared/contracts/deals';
import type {
  DealAccessBehavior,
  DealCustomerState,
  DealState,
  DeviceType,
} from '../../shared/deal-constants';

/** A deal as the rules see it. `startTime` is the public start; times are epoch ms. */
export type DealTerms = {
  startTime: number;
  endTime: number;
  accessBehavior: DealAccessBehavior | null;
  earlyAccessDurationMs: number;
  totalUnits: number;
  /** Units held or ordered (and those the catalog marks as already claimed). */
  claimedUnits: number;
  maxPerCustomer: number;
};

export type Shopper = { hasPrimeSavingsBenefit: boolean };

const hasEarlyAccess = (deal: Pick<DealTerms, 'accessBehavior' | 'earlyAccessDurationMs'>) =>
  deal.accessBehavior === 'PRIME_EARLY_ACCESS' && deal.earlyAccessDurationMs > 0;

/**
 * The start time the server sends a shopper (decision 0009): the early start for a Prime member of a
 * PRIME_EARLY_ACCESS deal, the public start for everyone else.
 */
export function startTimeFor(deal: DealTerms, shopper: Shopper): number {
  return hasEarlyAccess(deal) && shopper.hasPrimeSavingsBenefit
    ? deal.startTime - deal.earlyAccessDurationMs
    : deal.startTime;
}

/**
 * The early-access window from the start time a shopper was sent: for Prime members it runs from
 * that start to start + duration (DEAL-021); for non-members from start − duration to start (DEAL-022).
 * Both name the same stretch of time. `to` is exclusive.
 */
export function earlyAccessWindow(
  startTime: number,
  earlyAccessDurationMs: number,
  hasPrimeSavingsBenefit: boolean,
): { from: number; to: number } {
  return hasPrimeSavingsBenefit
    ? { from: startTime, to: startTime + earlyAccessDurationMs }
    : { from: startTime - earlyAccessDurationMs, to: startTime };
}

/** Whether `now` falls in the early-access window as a non-member sees it (they cannot claim in it). */
export function inNonMemberEarlyAccessWindow(deal: DealTerms, now: number): boolean {
  if (!hasEarlyAccess(deal)) return false;
  const window = earlyAccessWindow(deal.startTime, deal.earlyAccessDurationMs, false);
  return now >= window.from && now < window.to;
}

/**
 * The access rule (DEAL-023..026): a shopper with the Prime savings benefit can access any deal;
 * anyone else can access one that is neither in the non-member early-access window nor Prime-only.
 */
export function canAccessDeal(input: {
  hasPrimeSavingsBenefit: boolean;
  accessBehavior: DealAccessBehavior | null;
  inNonMemberEarlyAccessWindow: boolean;
}): boolean {
  if (input.hasPrimeSavingsBenefit) return true;
  return !input.inNonMemberEarlyAccessWindow && input.accessBehavior !== 'PRIME_ONLY';
}

/** `canAccessDeal` for a stored deal at `now`. */
export function dealAccessibleTo(deal: DealTerms, shopper: Shopper, now: number): boolean {
  return canAccessDeal({
    hasPrimeSavingsBenefit: shopper.hasPrimeSavingsBenefit,
    accessBehavior: deal.accessBehavior,
    inNonMemberEarlyAccessWindow: inNonMemberEarlyAccessWindow(deal, now),
  });
}

const termsAreSound = (deal: DealTerms) =>
  Number.isFinite(deal.startTime) &&
  Number.isFinite(deal.endTime) &&
  deal.endTime > deal.startTime &&
  deal.totalUnits > 0 &&
  deal.claimedUnits >= 0 &&
  deal.earlyAccessDurationMs >= 0;

/** The deal's waitlist as the rules need it: whether any shopper waits in it now. */
export type DealQueue = { shoppersWaiting: boolean };

/**
 * Whether a new claim must join the waitlist: no unit is free, or shoppers already wait, who are
 * served first (decision 0009). The product answer, the page and the claim all read the deal's state
 * from this one rule, so they agree (decision 0016).
 */
export function newClaimsWait(
  deal: Pick<DealTerms, 'claimedUnits' | 'totalUnits'>,
  queue: DealQueue,
): boolean {
  return queue.shoppersWaiting || deal.claimedUnits >= deal.totalUnits;
}

/**
 * The deal's state for a shopper from the clock, the claimed count and the waitlist: UPCOMING before
 * the start that applies to them, WAITLISTFULL while new claims must wait (`newClaimsWait`), else
 * AVAILABLE; UNKNOWN when the stored terms make no sense. `null` once the deal is over.
 */
export function dealStateAt(
  deal: DealTerms,
  shopper: Shopper,
  now: number,
  queue: DealQueue,
): DealState | null {
  if (!termsAreSound(deal)) return 'UNKNOWN';
  if (now >= deal.endTime) return null;
  if (now < startTimeFor(deal, shopper)) return 'UPCOMING';
  if (newClaimsWait(deal, queue)) return 'WAITLISTFULL';
  return 'AVAILABLE';
}

/** Whole percent claimed, rounded down so 100 means every unit is gone. */
export function percentClaimed(claimedUnits: number, totalUnits: number): number {
  if (totalUnits <= 0) return 0;
  return Math.max(0, Math.min(100, Math.floor((claimedUnits * 100) / totalUnits)));
}

/**
 * The percent a shopper is shown: 100 while new claims must wait, since the units still free are
 * spoken for by the waitlist (a "99% claimed" bar beside "fully claimed" would contradict itself).
 */
export function percentClaimedFor(
  deal: Pick<DealTerms, 'claimedUnits' | 'totalUnits'>,
  queue: DealQueue,
): number {
  if (deal.totalUnits > 0 && newClaimsWait(deal, queue)) return 100;
  return percentClaimed(deal.claimedUnits, deal.totalUnits);
}

export const percentClaimedMessage = (percent: number) => `${percent}% claimed`;

/**
 * Why a claim of `quantity` must be refused, or null when the rules allow it (the stock itself is
 * taken by the guarded write). `customerUnits` are the units this shopper already holds or ordered.
 * Access comes first (Prime-only, app-only, Prime early access), then time, then the per-customer limit.
 */
export function claimRefusal(input: {
  deal: DealTerms;
  shopper: Shopper;
  device: DeviceType;
  quantity: number;
  customerUnits: number;
  now: number;
}): ClaimRefusal | null {
  const { deal, shopper, now } = input;
  if (deal.accessBehavior === 'PRIME_ONLY' && !shopper.hasPrimeSavingsBenefit) return 'PRIME_ONLY';
  if (deal.accessBehavior === 'APP_ONLY_LD' && input.device !== 'app') return 'APP_ONLY';
  if (now >= deal.endTime) return 'ENDED';
  if (!shopper.hasPrimeSavingsBenefit && inNonMemberEarlyAccessWindow(deal, now)) return 'PRIME_EARLY_ACCESS';
  if (now < startTimeFor(deal, shopper)) return 'NOT_STARTED';
  if (input.quantity < 1 || input.customerUnits + input.quantity > deal.maxPerCustomer) {
    return 'QUANTITY_LIMIT';
  }
  return null;
}

/** A shopper's claim on a deal as stored: one row per shopper and deal. */
export type StoredClaim = {
  status: 'HELD' | 'WAITLISTED' | 'ORDERED' | 'EXPIRED';
  heldUnits: number;
  orderedUnits: number;
  waitingUnits: number;
  expiresAt: number | null;
};

/**
 * The shopper's deal status (DEAL-007) from their claim at `now`: a hold past its expiry reads as
 * EXPIRED even before the sweep returns its units.
 */
export function customerStateOf(
  claim: StoredClaim | null,
  now: number,
): { state: DealCustomerState; quantity: number; expiryTime?: number } {
  if (!claim) return { state: 'NONE', quantity: 0 };
  switch (claim.status) {
    case 'HELD':
      return claim.expiresAt !== null && claim.expiresAt > now
        ? { state: 'IN_CART', quantity: claim.heldUnits, expiryTime: claim.expiresAt }
        : { state: 'EXPIRED', quantity: 0 };
    case 'WAITLISTED':
      if (claim.expiresAt !== null && claim.expiresAt <= now) return { state: 'EXPIRED', quantity: 0 };
      return {
        state: 'PENDING_ADD_TO_CART',
        quantity: claim.waitingUnits,
        ...(claim.expiresAt !== null ? { expiryTime: claim.expiresAt } : {}),
      };
    case 'ORDERED':
      return { state: 'CLAIMED', quantity: claim.orderedUnits };
    case 'EXPIRED':
      return { state: 'EXPIRED', quantity: 0 };
  }
}

/** How many more units the shopper may claim now: none while holding or waiting, else what the limit leaves. */
export function claimableQuantity(deal: DealTerms, claim: StoredClaim | null, now: number): number {
  const state = customerStateOf(claim, now).state;
  if (state === 'IN_CART' || state === 'PENDING_ADD_TO_CART') return 0;
  return Math.max(0, deal.maxPerCustomer - (claim?.orderedUnits ?? 0));
}
