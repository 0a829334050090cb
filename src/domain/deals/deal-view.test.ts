import { describe, expect, test } from 'vitest';
import { createDeal, MIN, T } from '../../../tests/helpers/deal-snapshot';
import type { DealPlatform } from './deal-display';
import {
  type DealMachineState,
  initialDealState,
  QUANTITY_RESTRICTION_ERROR_TYPE,
  transition,
} from './deal-machine';
import { claimCall, claimQuantities, DEFAULT_CLAIM_QUANTITY, dealView } from './deal-view';

const view = (
  state: DealMachineState,
  options: { now?: number; platform?: DealPlatform; prime?: boolean } = {},
) =>
  dealView(state, {
    now: options.now ?? T,
    platform: options.platform ?? 'desktop',
    hasPrimeSavingsBenefit: options.prime ?? false,
  });

describe('what the deal buy box shows', () => {
  test('DEAL-003 an available deal offers the quantity dropdown, add to cart and the end countdown', () => {
    const shown = view(initialDealState(createDeal()));
    expect(shown.claim).toEqual({ quantities: [1, 2], label: 'Add to Cart' });
    expect(shown.endCountdown).toEqual({ text: '06:00:00', spoken: '6 hours', highlighted: false });
    expect(shown.startCountdown).toBeNull();
    expect(shown.header).toBeNull();
  });

  test('DEAL-003 an upcoming deal shows the start countdown and no add to cart', () => {
    const shown = view(
      initialDealState(createDeal({ state: 'UPCOMING', startTime: T + 3 * MIN, canAddToCart: false })),
    );
    expect(shown.startCountdown?.text).toBe('00:03:00');
    expect(shown.endCountdown).toBeNull();
    expect(shown.claim).toBeNull();
    expect(shown.progress).toBeNull();
  });

  test('DEAL-002 DEAL-012 in cart shows the in-cart header and m:ss timer; at 0:00 the timer hides and processing shows', () => {
    const inCart = initialDealState(
      createDeal({
        customer: { state: 'IN_CART', expiryTime: T + 15 * MIN, quantity: 1, claimableQuantity: 0 },
      }),
    );
    const shown = view(inCart, { now: T + 30_000 });
    expect(shown.header).toBe('in-cart');
    expect(shown.holdTimer?.text).toBe('14:30');
    expect(shown.claim).toBeNull();
    const atZero = transition(inCart, { type: 'tick' }, T + 15 * MIN);
    const expired = view(atZero, { now: T + 15 * MIN });
    expect(expired.header).toBeNull();
    expect(expired.holdTimer).toBeNull();
    expect(expired.processing).toBe(true);
  });

  test('DEAL-011 DEAL-051 the in-cart timer never reads more than the hold, even before the next tick', () => {
    const claimed = transition(
      transition(initialDealState(createDeal()), { type: 'claim-started' }, T),
      {
        type: 'claim-succeeded',
        response: {
          customerState: 'INCART',
          dealAsinState: 'AVAILABLE',
          msUntilExpiration: 15 * MIN,
          quantity: 1,
        },
      },
      T + 800,
    );
    // The clock last ticked at T; the claim answer came at T + 800.
    expect(view(claimed, { now: T }).holdTimer?.text).toBe('15:00');
  });

  test('DEAL-002 pending add to cart shows the pending header and timer', () => {
    const shown = view(
      initialDealState(
        createDeal({
          customer: { state: 'PENDING_ADD_TO_CART', expiryTime: T + 90_000, waitlistPosition: 3 },
        }),
      ),
    );
    expect(shown.header).toBe('pending');
    expect(shown.holdTimer?.text).toBe('1:30');
  });

  test('DEAL-013 CLAIMED shows the claimed message and hides its siblings', () => {
    const failed = transition(
      transition(initialDealState(createDeal()), { type: 'claim-started' }, T),
      { type: 'claim-failed', error: { type: null, entityStatus: null, httpStatus: 500 } },
      T,
    );
    const claimed = transition(
      failed,
      {
        type: 'deal-fetched',
        snapshot: createDeal({ customer: { state: 'CLAIMED', quantity: 2, claimableQuantity: 0 } }),
      },
      T,
    );
    const shown = view(claimed);
    expect(shown.header).toBe('claimed');
    expect(shown.failure).toBeNull();
    expect(shown.holdTimer).toBeNull();
    expect(shown.claim).toBeNull();
  });

  test('DEAL-015 WAITLISTFULL shows the waitlist-full message only to a shopper who can access the deal', () => {
    const full = initialDealState(
      createDeal({ state: 'WAITLISTFULL', percentClaimed: 100, percentClaimedMessage: '100% claimed' }),
    );
    expect(view(full).header).toBe('waitlist-full');
    const primeOnly = initialDealState(
      createDeal({ state: 'WAITLISTFULL', accessBehavior: 'PRIME_ONLY', accessible: false }),
    );
    expect(view(primeOnly, { prime: false }).header).toBeNull();
    expect(view(primeOnly, { prime: true }).header).toBe('waitlist-full');
  });

  test('DEAL-017 the deal unavailable view hides everything else', () => {
    const gone = transition(initialDealState(createDeal()), { type: 'deal-fetched', snapshot: null }, T);
    const shown = view(gone);
    expect(shown.header).toBe('unavailable');
    expect(shown.claim).toBeNull();
    expect(shown.progress).toBeNull();
    expect(shown.endCountdown).toBeNull();
  });

  test('DEAL-020 a deal in the cart offers no add to cart, even if the answer said it could', () => {
    const shown = view(
      initialDealState(
        createDeal({
          canAddToCart: true,
          customer: { state: 'IN_CART', expiryTime: T + MIN, claimableQuantity: 1 },
        }),
      ),
    );
    expect(shown.claim).toBeNull();
  });

  test('DEAL-030 DEAL-031 the progress bar carries the percent message and tone, hidden when in cart or pending', () => {
    expect(view(initialDealState(createDeal())).progress).toEqual({
      percent: 30,
      message: '30% claimed',
      tone: 'base',
    });
    expect(
      view(initialDealState(createDeal({ percentClaimed: 95, percentClaimedMessage: '95% claimed' })))
        .progress?.tone,
    ).toBe('success');
    expect(
      view(initialDealState(createDeal({ state: 'WAITLISTFULL', percentClaimed: 100 }))).progress?.tone,
    ).toBe('error');
    expect(
      view(initialDealState(createDeal({ customer: { state: 'IN_CART', expiryTime: T + MIN } }))).progress,
    ).toBeNull();
    expect(
      view(initialDealState(createDeal({ customer: { state: 'PENDING_ADD_TO_CART', expiryTime: T + MIN } })))
        .progress,
    ).toBeNull();
  });

  test('DEAL-032 the end countdown is highlighted in the last 30 minutes', () => {
    const deal = initialDealState(createDeal({ endTime: T + 31 * MIN }));
    expect(view(deal).endCountdown?.highlighted).toBe(false);
    expect(view(deal, { now: T + 2 * MIN }).endCountdown).toEqual({
      text: '00:29:00',
      spoken: '29 minutes',
      highlighted: true,
    });
  });
});

describe('access on the page', () => {
  const earlyDeal = (prime: boolean) =>
    createDeal({
      state: 'UPCOMING',
      accessBehavior: 'PRIME_EARLY_ACCESS',
      earlyAccessDurationInMilliseconds: 30 * MIN,
      // Decision 0009: members are sent the early start (T+3), everyone else the public start (T+33).
      startTime: prime ? T + 3 * MIN : T + 33 * MIN,
      canAddToCart: false,
    });

  test('DEAL-021 a Prime member sees the early access message from the start until start + duration', () => {
    const member = initialDealState(earlyDeal(true));
    expect(view(member, { prime: true, now: T + 3 * MIN - 1 }).primeEarlyAccess).toBeNull();
    expect(view(member, { prime: true, now: T + 3 * MIN }).primeEarlyAccess).toBe('member');
    expect(view(member, { prime: true, now: T + 33 * MIN - 1 }).primeEarlyAccess).toBe('member');
    expect(view(member, { prime: true, now: T + 33 * MIN }).primeEarlyAccess).toBeNull();
  });

  test('DEAL-022 DEAL-024 a non-member waits out the window from start − duration to start and cannot claim in it', () => {
    const other = initialDealState({ ...earlyDeal(false), state: 'AVAILABLE', canAddToCart: true });
    expect(view(other, { now: T + 3 * MIN - 1 }).primeEarlyAccess).toBeNull();
    const inWindow = view(other, { now: T + 3 * MIN });
    expect(inWindow.primeEarlyAccess).toBe('non-member');
    expect(inWindow.accessible).toBe(false);
    expect(inWindow.claim).toBeNull();
    const opened = view(other, { now: T + 33 * MIN });
    expect(opened.primeEarlyAccess).toBeNull();
    expect(opened.accessible).toBe(true);
    expect(opened.claim).not.toBeNull();
  });

  test('DEAL-023 DEAL-025 a Prime-only deal is accessible with the Prime savings benefit and not without', () => {
    const deal = initialDealState(createDeal({ accessBehavior: 'PRIME_ONLY' }));
    expect(view(deal, { prime: true }).claim).not.toBeNull();
    expect(view(deal, { prime: false }).accessible).toBe(false);
    expect(view(deal, { prime: false }).claim).toBeNull();
    expect(view(deal, { prime: false }).primeOnly).toBe(true);
    expect(view(deal, { prime: true }).primeOnly).toBe(false);
  });

  test('DEAL-026 an ordinary deal outside any early access window is accessible without Prime', () => {
    expect(view(initialDealState(createDeal()), { prime: false }).accessible).toBe(true);
  });

  test('DEAL-027 DEAL-028 DEAL-029 an app-only deal is claimed in the app only; the web gets the prompt', () => {
    const deal = initialDealState(createDeal({ accessBehavior: 'APP_ONLY_LD' }));
    expect(view(deal, { platform: 'desktop' })).toMatchObject({ appOnly: 'download', claim: null });
    expect(view(deal, { platform: 'mobile' })).toMatchObject({ appOnly: 'download', claim: null });
    expect(view(deal, { platform: 'app' }).appOnly).toBe('learn-more');
    expect(view(deal, { platform: 'app' }).claim).not.toBeNull();
    const inCart = initialDealState(
      createDeal({ accessBehavior: 'APP_ONLY_LD', customer: { state: 'IN_CART', expiryTime: T + MIN } }),
    );
    expect(view(inCart, { platform: 'mobile' }).appOnly).toBe('learn-more');
    expect(view(inCart, { platform: 'desktop' }).appOnly).toBeNull();
    // The setup data can turn the web prompt off; the app keeps its message.
    const quiet = (platform: DealPlatform) =>
      dealView(deal, { now: T, platform, hasPrimeSavingsBenefit: false, showAppOnlyDealCx: false });
    expect(quiet('mobile').appOnly).toBeNull();
    expect(quiet('desktop').appOnly).toBeNull();
    expect(quiet('app').appOnly).toBe('learn-more');
  });

  test('DEAL-042 after a quantity restriction the shopper gets no add to cart, only the limit message', () => {
    const failed = transition(
      transition(
        initialDealState(createDeal({ accessBehavior: 'PRIME_ONLY' })),
        { type: 'claim-started' },
        T,
      ),
      {
        type: 'claim-failed',
        error: { type: QUANTITY_RESTRICTION_ERROR_TYPE, entityStatus: 422, httpStatus: 422 },
      },
      T,
    );
    const shown = view(failed, { prime: true });
    expect(shown.failure).toBe('quantity-limit');
    expect(shown.claim).toBeNull();
    expect(shown.processing).toBe(false);
  });
});

describe('the claim call', () => {
  const call = {
    claimDealAapiEndpoint: '/api/marketplaces/ATVPDKIKX0DER/deals/',
    dealId: 'deal-tab',
    asin: 'B0TESTTAB1',
    refTag: 'dp_ld_claim',
    quantity: 2,
  };

  test('DEAL-034 a claim carries the deal id, the item id, the purchase tag and the quantity', () => {
    expect(claimCall(call)).toEqual({
      url: '/api/marketplaces/ATVPDKIKX0DER/deals/deal-tab/claim-and-add-to-cart?ref=dp_ld_claim',
      body: { asin: 'B0TESTTAB1', quantity: 2 },
    });
  });

  test('DEAL-034 without any one of the four the page sends no claim', () => {
    expect(claimCall({ ...call, dealId: '' })).toBeNull();
    expect(claimCall({ ...call, asin: '' })).toBeNull();
    expect(claimCall({ ...call, refTag: '' })).toBeNull();
    expect(claimCall({ ...call, quantity: null })).toBeNull();
    expect(claimCall({ ...call, quantity: 0 })).toBeNull();
  });

  test('DEAL-035 the claim quantity comes from the dropdown, which offers what the shopper may claim and starts at 1', () => {
    expect(DEFAULT_CLAIM_QUANTITY).toBe(1);
    expect(claimQuantities(createDeal())).toEqual([1, 2]);
    expect(claimQuantities(createDeal({ customer: { claimableQuantity: 1 } }))).toEqual([1]);
    expect(claimQuantities(createDeal({ maxPerCustomer: 1 }))).toEqual([1]);
    expect(claimQuantities(createDeal({ customer: { claimableQuantity: 0 } }))).toEqual([]);
  });
});
