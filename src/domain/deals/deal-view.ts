// What the deal buy box shows for a machine state at server time `now` (DEAL-013, 015, 021..031, 034, 035).

import { canAccessDeal, earlyAccessWindow } from './deal-access';
import {
  type AppOnlyPrompt,
  appOnlyPrompt,
  type DealPlatform,
  endHighlighted,
  formatCountdown,
  formatHoldTimer,
  type ProgressTone,
  progressTone,
  spokenCountdown,
} from './deal-display';
import type { ClaimFailure, DealMachineState, DealSnapshot } from './deal-machine';

export type DealViewContext = {
  now: number;
  platform: DealPlatform;
  hasPrimeSavingsBenefit: boolean;
  /** The setup data's showAppOnlyDealCx: outside the app, an app-only deal shows its prompt (default yes). */
  showAppOnlyDealCx?: boolean;
};

export type DealHeader = 'in-cart' | 'pending' | 'claimed' | 'waitlist-full' | 'unavailable';

export type Countdown = { text: string; spoken: string };

export type DealView = {
  header: DealHeader | null;
  processing: boolean;
  /** The in-cart timer (header in-cart) or the pending timer (header pending), m:ss. */
  holdTimer: Countdown | null;
  startCountdown: Countdown | null;
  endCountdown: (Countdown & { highlighted: boolean }) | null;
  progress: { percent: number; message: string; tone: ProgressTone } | null;
  /** The Prime early access message: a member inside their window, or a non-member waiting out theirs. */
  primeEarlyAccess: 'member' | 'non-member' | null;
  /** DEAL-025: a Prime-only deal seen without the Prime savings benefit says why it cannot be claimed. */
  primeOnly: boolean;
  appOnly: AppOnlyPrompt;
  /** The quantity dropdown and add to cart; null when the shopper cannot claim now. */
  claim: { quantities: number[]; label: 'Add to Cart' | 'Join Waitlist' } | null;
  failure: ClaimFailure | null;
  changeover: { message: string; shownAt: number } | null;
  accessible: boolean;
};

const holdsUnits = (deal: DealSnapshot) =>
  deal.customer.state === 'IN_CART' || deal.customer.state === 'PENDING_ADD_TO_CART';

function earlyAccess(deal: DealSnapshot, context: DealViewContext) {
  if (deal.accessBehavior !== 'PRIME_EARLY_ACCESS' || deal.earlyAccessDurationInMilliseconds <= 0) {
    return { inWindow: false, nonMemberWaiting: false };
  }
  // DEAL-021/022: the window as this shopper sees it, from the start time they were sent.
  const window = earlyAccessWindow(
    deal.startTime,
    deal.earlyAccessDurationInMilliseconds,
    context.hasPrimeSavingsBenefit,
  );
  const inWindow = context.now >= window.from && context.now < window.to;
  return { inWindow, nonMemberWaiting: inWindow && !context.hasPrimeSavingsBenefit };
}

const countdown = (ms: number): Countdown => ({ text: formatCountdown(ms), spoken: spokenCountdown(ms) });

/** DEAL-035: the dropdown offers 1 up to what the shopper may still claim; the claim defaults to 1. */
export function claimQuantities(deal: Pick<DealSnapshot, 'maxPerCustomer' | 'customer'>): number[] {
  const most = Math.max(0, Math.min(deal.maxPerCustomer, deal.customer.claimableQuantity, 30));
  return Array.from({ length: most }, (_, i) => i + 1);
}

export const DEFAULT_CLAIM_QUANTITY = 1;

/** Everything the deal buy box renders, derived from the machine at `now`. */
export function dealView(state: DealMachineState, context: DealViewContext): DealView {
  const { deal } = state;
  const now = Math.max(context.now, state.at);
  const early = earlyAccess(deal, { ...context, now });
  // DEAL-023..026, checked again as the clock runs so the window's end opens the deal without a fetch.
  const accessible = canAccessDeal({
    hasPrimeSavingsBenefit: context.hasPrimeSavingsBenefit,
    accessBehavior: deal.accessBehavior,
    inNonMemberEarlyAccessWindow: early.nonMemberWaiting,
  });
  const empty: DealView = {
    header: null,
    processing: state.processing,
    holdTimer: null,
    startCountdown: null,
    endCountdown: null,
    progress: null,
    primeEarlyAccess: null,
    primeOnly: false,
    appOnly: null,
    claim: null,
    failure: null,
    changeover: state.changeover,
    accessible,
  };
  // DEAL-017
  if (state.unavailable) return { ...empty, header: 'unavailable', processing: false, changeover: null };

  const customer = deal.customer.state;
  const holdRunning = holdsUnits(deal) && !state.expired.hold;
  const inCart = customer === 'IN_CART' && !state.expired.hold;
  let header: DealHeader | null = null;
  if (state.expired.hold) header = null;
  else if (customer === 'CLAIMED') header = 'claimed';
  else if (customer === 'IN_CART') header = 'in-cart';
  else if (customer === 'PENDING_ADD_TO_CART') header = 'pending';
  // DEAL-015: waitlist full is only news to a shopper who can access the deal.
  else if (deal.state === 'WAITLISTFULL' && accessible) header = 'waitlist-full';

  const live = deal.state === 'AVAILABLE' || deal.state === 'WAITLISTFULL';
  const appOnly =
    deal.accessBehavior === 'APP_ONLY_LD' &&
    (context.platform === 'app' || context.showAppOnlyDealCx !== false)
      ? appOnlyPrompt(context.platform, inCart)
      : (null as AppOnlyPrompt);
  const appAllows = deal.accessBehavior !== 'APP_ONLY_LD' || context.platform === 'app';
  const quantities = claimQuantities(deal);
  const canClaim =
    live &&
    deal.canAddToCart &&
    accessible &&
    appAllows &&
    !holdsUnits(deal) &&
    // The form stays (disabled) while its own claim runs, so focus is not lost under the shopper.
    (state.claiming || !state.processing) &&
    !state.unableToClaimPrimeOnlyDealOfTheDay &&
    quantities.length > 0;

  return {
    ...empty,
    header,
    holdTimer:
      holdRunning && deal.customer.expiryTime !== null
        ? {
            text: formatHoldTimer(deal.customer.expiryTime - now),
            spoken: spokenCountdown(deal.customer.expiryTime - now),
          }
        : null,
    startCountdown: deal.state === 'UPCOMING' ? countdown(deal.startTime - now) : null,
    endCountdown: live
      ? { ...countdown(deal.endTime - now), highlighted: endHighlighted(deal.endTime, now) }
      : null,
    // DEAL-031: the progress bar hides while the item is in the cart or pending.
    progress:
      live && !holdsUnits(deal)
        ? {
            percent: deal.percentClaimed,
            message: deal.percentClaimedMessage,
            tone: progressTone(deal.percentClaimed),
          }
        : null,
    primeEarlyAccess: early.inWindow ? (context.hasPrimeSavingsBenefit ? 'member' : 'non-member') : null,
    primeOnly: deal.accessBehavior === 'PRIME_ONLY' && !context.hasPrimeSavingsBenefit,
    appOnly,
    claim: canClaim
      ? {
          quantities,
          label:
            deal.state === 'WAITLISTFULL' || deal.percentClaimed >= 100 ? 'Join Waitlist' : 'Add to Cart',
        }
      : null,
    // DEAL-013: the claimed message hides its siblings.
    failure: header === 'claimed' ? null : state.failure,
  };
}

/**
 * The claim call for a deal (DEAL-034): deal id in the path, the asin as the item id, the
 * purchase tag as `ref`, and the quantity. Null when any is missing: the page sends no such claim.
 */
export function claimCall(input: {
  claimDealAapiEndpoint: string;
  dealId: string;
  asin: string;
  refTag: string;
  quantity: number | null;
}): { url: string; body: { asin: string; quantity: number } } | null {
  const { dealId, asin, refTag, quantity } = input;
  if (!dealId || !asin || !refTag || quantity === null || !Number.isInteger(quantity) || quantity < 1) {
    return null;
  }
  return {
    url: `${input.claimDealAapiEndpoint}${encodeURIComponent(dealId)}/claim-and-add-to-cart?ref=${encodeURIComponent(refTag)}`,
    body: { asin, quantity },
  };
}
