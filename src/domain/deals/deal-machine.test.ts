import { describe, expect, test } from 'vitest';
import { createDeal, MIN, noClaim, T } from '../../../tests/helpers/deal-snapshot';
import {
  CHANGEOVER_TIMING,
  changeoverOver,
  claimErrorCode,
  customerStateFromClaim,
  DEAL_REFETCH_DELAY_MS,
  type DealEvent,
  type DealMachineState,
  type DealSnapshot,
  initialDealState,
  QUANTITY_RESTRICTION_ERROR_TYPE,
  snapshotFromBuyingOptions,
  transition,
} from './deal-machine';

const customer = (state: DealSnapshot['customer']['state'], expiryTime: number | null) => ({
  ...noClaim,
  state,
  expiryTime,
});

/** Runs events one after another, each at its own time. */
function run(state: DealMachineState, steps: [DealEvent, number][]): DealMachineState {
  return steps.reduce((s, [event, now]) => transition(s, event, now), state);
}

const claimed = (customerState: 'INCART' | 'PENDINGATC', msUntilExpiration = 15 * MIN): DealEvent => ({
  type: 'claim-succeeded',
  response: { customerState, dealAsinState: 'AVAILABLE', msUntilExpiration, quantity: 1 },
});

describe('customer deal state after a claim', () => {
  test('DEAL-010 a successful claim moves the customer from NONE to IN_CART', () => {
    const start = initialDealState(createDeal());
    expect(start.deal.customer.state).toBe('NONE');
    const next = run(start, [
      [{ type: 'claim-started' }, T],
      [claimed('INCART'), T + 300],
    ]);
    expect(next.deal.customer.state).toBe('IN_CART');
    expect(next.claiming).toBe(false);
    expect(next.processing).toBe(false);
  });

  test('DEAL-010 a claim that joins the waitlist moves the customer from NONE to PENDING_ADD_TO_CART', () => {
    const next = run(initialDealState(createDeal()), [
      [{ type: 'claim-started' }, T],
      [claimed('PENDINGATC'), T + 300],
    ]);
    expect(next.deal.customer.state).toBe('PENDING_ADD_TO_CART');
  });

  test('DEAL-010 the short claim states name the long customer states', () => {
    expect(customerStateFromClaim('INCART')).toBe('IN_CART');
    expect(customerStateFromClaim('PENDINGATC')).toBe('PENDING_ADD_TO_CART');
    expect(customerStateFromClaim('CLAIMED')).toBe('CLAIMED');
    expect(customerStateFromClaim('NONE')).toBe('NONE');
    expect(customerStateFromClaim('EXPIRED')).toBe('EXPIRED');
  });

  test('DEAL-011 the expiry time is the claim answer time plus msUntilExpiration', () => {
    const next = run(initialDealState(createDeal()), [
      [{ type: 'claim-started' }, T],
      [claimed('INCART', 899_000), T + 1_234],
    ]);
    expect(next.deal.customer.expiryTime).toBe(T + 1_234 + 899_000);
  });

  test('DEAL-012 at an in-cart countdown of 0:00 processing shows and the deal is fetched a second later', () => {
    const inCart = run(initialDealState(createDeal()), [
      [{ type: 'claim-started' }, T],
      [claimed('INCART', 10_000), T],
    ]);
    const before = transition(inCart, { type: 'tick' }, T + 9_000);
    expect(before.processing).toBe(false);
    expect(before.expired.hold).toBe(false);
    expect(before.refetchAt).toBeNull();
    const atZero = transition(before, { type: 'tick' }, T + 10_000);
    expect(atZero.processing).toBe(true);
    expect(atZero.expired.hold).toBe(true);
    expect(atZero.refetchAt).toBe(T + 10_000 + DEAL_REFETCH_DELAY_MS);
    // The refreshed deal replaces the expired hold and the processing message goes.
    const refreshed = run(atZero, [
      [{ type: 'refetch-started' }, T + 11_000],
      [{ type: 'deal-fetched', snapshot: createDeal() }, T + 11_200],
    ]);
    expect(refreshed.processing).toBe(false);
    expect(refreshed.deal.customer.state).toBe('NONE');
    expect(refreshed.expired.hold).toBe(false);
    expect(refreshed.refetchAt).toBeNull();
  });

  test('DEAL-012 a pending hold that runs out is refreshed the same way', () => {
    const pending = run(initialDealState(createDeal()), [
      [{ type: 'claim-started' }, T],
      [claimed('PENDINGATC', 5_000), T],
      [{ type: 'tick' }, T + 5_000],
    ]);
    expect(pending.processing).toBe(true);
    expect(pending.refetchAt).toBe(T + 6_000);
  });

  test('DEAL-012 an expired hold asks for one refetch only, however many ticks follow', () => {
    const expired = run(initialDealState(createDeal({ customer: customer('IN_CART', T) })), [
      [{ type: 'tick' }, T],
      [{ type: 'refetch-started' }, T + 1_000],
      [{ type: 'tick' }, T + 2_000],
    ]);
    expect(expired.refetchAt).toBeNull();
  });

  test('DEAL-013 CLAIMED is kept as the customer state, without a hold expiry', () => {
    const next = transition(
      initialDealState(createDeal({ customer: customer('CLAIMED', null) })),
      { type: 'tick' },
      T + 30 * MIN,
    );
    expect(next.deal.customer.state).toBe('CLAIMED');
    expect(next.processing).toBe(false);
    expect(next.refetchAt).toBeNull();
  });
});

describe('deal state', () => {
  test('DEAL-014 UPCOMING becomes AVAILABLE when the start time passes', () => {
    const upcoming = initialDealState(createDeal({ state: 'UPCOMING', startTime: T + 3 * MIN }));
    expect(transition(upcoming, { type: 'tick' }, T + 3 * MIN - 1).deal.state).toBe('UPCOMING');
    const started = transition(upcoming, { type: 'tick' }, T + 3 * MIN);
    expect(started.deal.state).toBe('AVAILABLE');
  });

  test('DEAL-016 one second after the start timer expires the deal is fetched again', () => {
    const upcoming = initialDealState(createDeal({ state: 'UPCOMING', startTime: T + 3 * MIN }));
    const started = transition(upcoming, { type: 'tick' }, T + 3 * MIN + 400);
    expect(started.refetchAt).toBe(T + 3 * MIN + 1_000);
    // A fetch that still says UPCOMING (the server is a moment behind) does not ask for another one.
    const fetched = run(started, [
      [{ type: 'refetch-started' }, T + 3 * MIN + 1_000],
      [
        { type: 'deal-fetched', snapshot: createDeal({ state: 'AVAILABLE', startTime: T + 3 * MIN }) },
        T + 3 * MIN + 1_100,
      ],
      [{ type: 'tick' }, T + 3 * MIN + 2_000],
    ]);
    expect(fetched.refetchAt).toBeNull();
    expect(fetched.deal.state).toBe('AVAILABLE');
  });

  test('DEAL-014 a fetch from a server a moment behind does not turn a started deal back to UPCOMING', () => {
    const started = transition(
      initialDealState(createDeal({ state: 'UPCOMING', startTime: T, canAddToCart: false })),
      { type: 'tick' },
      T,
    );
    const fetched = run(started, [
      [{ type: 'refetch-started' }, T + 1_000],
      [
        {
          type: 'deal-fetched',
          snapshot: createDeal({ state: 'UPCOMING', startTime: T, canAddToCart: false }),
        },
        T + 1_050,
      ],
      [{ type: 'tick' }, T + 2_000],
    ]);
    expect(fetched.deal.state).toBe('AVAILABLE');
    expect(fetched.refetchAt).toBeNull();
  });

  test('DEAL-012 a hold that ran out here keeps the processing message until the server has swept it', () => {
    const hold = customer('IN_CART', T + 10_000);
    const expired = run(initialDealState(createDeal({ customer: hold })), [
      [{ type: 'tick' }, T + 10_000],
      [{ type: 'refetch-started' }, T + 11_000],
      [
        { type: 'deal-fetched', snapshot: createDeal({ customer: { ...hold, expiryTime: T + 10_040 } }) },
        T + 11_100,
      ],
      [{ type: 'tick' }, T + 12_000],
    ]);
    expect(expired.processing).toBe(true);
    expect(expired.expired.hold).toBe(true);
    expect(expired.refetchAt).toBeNull();
    const swept = transition(
      expired,
      { type: 'deal-fetched', snapshot: createDeal({ customer: customer('EXPIRED', null) }) },
      T + 26_000,
    );
    expect(swept.processing).toBe(false);
    expect(swept.deal.customer.state).toBe('EXPIRED');
  });

  test('DEAL-016 one second after the end timer expires the deal is fetched again', () => {
    const ending = initialDealState(createDeal({ endTime: T + 10_000 }));
    expect(transition(ending, { type: 'tick' }, T + 9_999).refetchAt).toBeNull();
    const ended = transition(ending, { type: 'tick' }, T + 10_000);
    expect(ended.refetchAt).toBe(T + 11_000);
    expect(run(ended, [[{ type: 'tick' }, T + 10_500]]).refetchAt).toBe(T + 11_000);
  });

  test('DEAL-017 a fetch without a lightning deal stops polling and shows the deal unavailable view', () => {
    const state = initialDealState(createDeal());
    expect(state.polling).toBe(true);
    const gone = transition(state, { type: 'deal-fetched', snapshot: null }, T);
    expect(gone.unavailable).toBe(true);
    expect(gone.polling).toBe(false);
    // Nothing brings it back: no more timers, and a late answer is ignored.
    expect(transition(gone, { type: 'tick' }, T + 400 * MIN)).toBe(gone);
    expect(transition(gone, { type: 'deal-fetched', snapshot: createDeal() }, T).unavailable).toBe(true);
  });

  test('DEAL-017 a page rendered without a lightning deal starts unavailable and does not poll', () => {
    const state = initialDealState(null);
    expect(state.unavailable).toBe(true);
    expect(state.polling).toBe(false);
  });

  test('DEAL-018 while a claim is in flight a fetched deal is held, then applied when the claim ends', () => {
    const claiming = transition(initialDealState(createDeal()), { type: 'claim-started' }, T);
    const fetched = transition(
      claiming,
      {
        type: 'deal-fetched',
        snapshot: createDeal({ percentClaimed: 55, percentClaimedMessage: '55% claimed' }),
      },
      T + 100,
    );
    expect(fetched.deal.percentClaimed).toBe(30);
    expect(fetched.heldUpdate).not.toBeNull();
    const done = transition(fetched, claimed('INCART'), T + 200);
    expect(done.deal.percentClaimed).toBe(55);
    expect(done.deal.customer.state).toBe('IN_CART');
    expect(done.heldUpdate).toBeNull();
  });

  test('DEAL-018 an unavailable answer during a claim waits for the claim too', () => {
    const claiming = transition(initialDealState(createDeal()), { type: 'claim-started' }, T);
    const fetched = transition(claiming, { type: 'deal-fetched', snapshot: null }, T + 100);
    expect(fetched.unavailable).toBe(false);
    const failed = transition(
      fetched,
      { type: 'claim-failed', error: { type: null, entityStatus: null, httpStatus: 409 } },
      T + 200,
    );
    expect(failed.unavailable).toBe(true);
    expect(failed.polling).toBe(false);
  });

  test('DEAL-018 a second claim cannot start while one is in flight', () => {
    const claiming = transition(initialDealState(createDeal()), { type: 'claim-started' }, T);
    expect(transition(claiming, { type: 'claim-started' }, T + 1)).toBe(claiming);
  });

  test('DEAL-019 DEAL-020 a claim that puts the deal in the cart clears the call to action', () => {
    const next = run(initialDealState(createDeal()), [
      [{ type: 'claim-started' }, T],
      [claimed('INCART'), T],
    ]);
    expect(next.deal.canAddToCart).toBe(false);
  });

  test('DEAL-020 a fetched deal already in the cart has no call to action', () => {
    const state = initialDealState(
      createDeal({ customer: customer('IN_CART', T + 5 * MIN), canAddToCart: true }),
    );
    expect(state.deal.canAddToCart).toBe(false);
    const fetched = transition(
      initialDealState(createDeal()),
      {
        type: 'deal-fetched',
        snapshot: createDeal({ customer: customer('IN_CART', T + 5 * MIN), canAddToCart: true }),
      },
      T,
    );
    expect(fetched.deal.canAddToCart).toBe(false);
  });
});

describe('claim errors', () => {
  test('DEAL-042 a quantity restriction violation hides processing, marks the customer and shows the limit message', () => {
    const claiming = transition(
      initialDealState(createDeal({ accessBehavior: 'PRIME_ONLY' })),
      { type: 'claim-started' },
      T,
    );
    expect(claiming.processing).toBe(true);
    const failed = transition(
      claiming,
      {
        type: 'claim-failed',
        error: { type: QUANTITY_RESTRICTION_ERROR_TYPE, entityStatus: 'QUANTITY_LIMIT', httpStatus: 422 },
      },
      T + 100,
    );
    expect(QUANTITY_RESTRICTION_ERROR_TYPE).toBe('deal.claim.quantity-restriction-violation.error/v1');
    expect(failed.processing).toBe(false);
    expect(failed.unableToClaimPrimeOnlyDealOfTheDay).toBe(true);
    expect(failed.failure).toBe('quantity-limit');
  });

  test('DEAL-043 any other claim error shows redemption failed', () => {
    for (const error of [
      { type: 'deal.claim.sold-out.error/v1', entityStatus: null, httpStatus: 409 },
      { type: null, entityStatus: null, httpStatus: 500 },
      { type: null, entityStatus: null, httpStatus: 0 },
    ]) {
      const failed = run(initialDealState(createDeal()), [
        [{ type: 'claim-started' }, T],
        [{ type: 'claim-failed', error }, T],
      ]);
      expect(failed.failure).toBe('redemption-failed');
      expect(failed.unableToClaimPrimeOnlyDealOfTheDay).toBe(false);
      expect(failed.processing).toBe(false);
      expect(failed.claiming).toBe(false);
    }
  });

  test('DEAL-043 a new claim clears the previous failure', () => {
    const retried = run(initialDealState(createDeal()), [
      [{ type: 'claim-started' }, T],
      [{ type: 'claim-failed', error: { type: null, entityStatus: null, httpStatus: 500 } }, T],
      [{ type: 'claim-started' }, T + 1],
    ]);
    expect(retried.failure).toBeNull();
  });

  test('DEAL-044 the error code is entity.status when present, else the HTTP status', () => {
    expect(claimErrorCode({ type: null, entityStatus: 'LIMIT_EXCEEDED', httpStatus: 422 })).toBe(
      'LIMIT_EXCEEDED',
    );
    expect(claimErrorCode({ type: null, entityStatus: 410, httpStatus: 400 })).toBe('410');
    expect(claimErrorCode({ type: null, entityStatus: null, httpStatus: 503 })).toBe('503');
  });
});

describe('changeover message', () => {
  test('DEAL-033 the deal starting shows a changeover message that goes after 2000 + 800 ms', () => {
    const started = transition(
      initialDealState(createDeal({ state: 'UPCOMING', startTime: T })),
      { type: 'tick' },
      T,
    );
    expect(started.changeover).toEqual({ message: 'This deal has started.', shownAt: T });
    expect(CHANGEOVER_TIMING).toEqual({ visibleMs: 2000, fadeInMs: 400, fadeOutMs: 800 });
    expect(changeoverOver(T, T + 2_799)).toBe(false);
    expect(transition(started, { type: 'tick' }, T + 2_000).changeover).not.toBeNull();
    expect(transition(started, { type: 'tick' }, T + 2_800).changeover).toBeNull();
  });

  test('DEAL-033 a fetch that finds every unit claimed shows a changeover message; an unchanged one does not', () => {
    const state = initialDealState(createDeal());
    expect(transition(state, { type: 'deal-fetched', snapshot: createDeal() }, T).changeover).toBeNull();
    const full = transition(
      state,
      { type: 'deal-fetched', snapshot: createDeal({ state: 'WAITLISTFULL' }) },
      T,
    );
    expect(full.changeover?.message).toBe('All of this deal has been claimed.');
    expect(transition(full, { type: 'changeover-ended' }, T + 10).changeover).toBeNull();
  });
});

describe('reading the product answer', () => {
  test('DEAL-017 an answer without a LIGHTNING_DEAL buying option reads as no deal', () => {
    expect(snapshotFromBuyingOptions([])).toBeNull();
    expect(snapshotFromBuyingOptions([{ type: 'NEW' }])).toBeNull();
  });

  test('DEAL-007 DEAL-036 the lightning deal option is read with its status and call to action', () => {
    const snapshot = snapshotFromBuyingOptions([
      { type: 'NEW' },
      {
        type: 'LIGHTNING_DEAL',
        dealDetails: {
          dealId: 'deal-tab',
          type: 'LIGHTNING_DEAL',
          state: 'AVAILABLE',
          startTime: T - MIN,
          endTime: T + MIN,
          earlyAccessDurationInMilliseconds: 0,
          percentClaimed: 30,
          percentClaimedMessage: '30% claimed',
          dealPrice: { amount: 69.99, currencyCode: 'USD', displayString: '$69.99' },
          maxPerCustomer: 2,
          accessible: true,
        },
        dealCustomerStatus: { state: 'IN_CART', expiryTime: T + 5 * MIN, quantity: 1, claimableQuantity: 0 },
        callToAction: { addToCart: { data: { canAddToCart: true, offerListingId: 'ld-1' } } },
      },
    ]);
    expect(snapshot).toMatchObject({
      dealId: 'deal-tab',
      accessBehavior: null,
      customer: { state: 'IN_CART', expiryTime: T + 5 * MIN, quantity: 1, waitlistPosition: null },
      canAddToCart: true,
    });
  });
});
