import { describe, expect, test } from 'vitest';
import {
  canAccessDeal,
  claimableQuantity,
  claimRefusal,
  customerStateOf,
  type DealTerms,
  dealAccessibleTo,
  dealStateAt,
  earlyAccessWindow,
  inNonMemberEarlyAccessWindow,
  newClaimsWait,
  percentClaimed,
  percentClaimedFor,
  percentClaimedMessage,
  startTimeFor,
} from './deal-access';

const T = Date.UTC(2026, 10, 22, 12, 0, 0);
const MIN = 60_000;
const prime = { hasPrimeSavingsBenefit: true };
const member = prime;
const nonMember = { hasPrimeSavingsBenefit: false };

const deal = (overrides: Partial<DealTerms> = {}): DealTerms => ({
  startTime: T - 60 * MIN,
  endTime: T + 360 * MIN,
  accessBehavior: null,
  earlyAccessDurationMs: 0,
  totalUnits: 200,
  claimedUnits: 60,
  maxPerCustomer: 2,
  ...overrides,
});
// Shaped like the demo streaming stick's deal: opens to Prime members at T+3 min and to everyone at
// T+33 min (decision 0009).
const earlyAccess = deal({
  startTime: T + 33 * MIN,
  endTime: T + 240 * MIN,
  accessBehavior: 'PRIME_EARLY_ACCESS',
  earlyAccessDurationMs: 30 * MIN,
  claimedUnits: 0,
});

describe('early-access window', () => {
  test('DEAL-021 for Prime members it runs from their start time until start plus the duration', () => {
    const start = startTimeFor(earlyAccess, member);
    expect(start).toBe(T + 3 * MIN);
    expect(earlyAccessWindow(start, 30 * MIN, true)).toEqual({ from: T + 3 * MIN, to: T + 33 * MIN });
  });

  test('DEAL-022 for non-members it runs from their start time minus the duration until the start time', () => {
    const start = startTimeFor(earlyAccess, nonMember);
    expect(start).toBe(T + 33 * MIN);
    expect(earlyAccessWindow(start, 30 * MIN, false)).toEqual({ from: T + 3 * MIN, to: T + 33 * MIN });
    expect(inNonMemberEarlyAccessWindow(earlyAccess, T + 2 * MIN)).toBe(false);
    expect(inNonMemberEarlyAccessWindow(earlyAccess, T + 3 * MIN)).toBe(true);
    expect(inNonMemberEarlyAccessWindow(earlyAccess, T + 33 * MIN - 1)).toBe(true);
    expect(inNonMemberEarlyAccessWindow(earlyAccess, T + 33 * MIN)).toBe(false);
  });

  test('a deal without Prime early access sends everyone the public start and has no window', () => {
    expect(startTimeFor(deal(), member)).toBe(T - 60 * MIN);
    expect(inNonMemberEarlyAccessWindow(deal(), T)).toBe(false);
  });
});

describe('access rules', () => {
  test('DEAL-023 a customer with the Prime savings benefit can access the deal', () => {
    for (const accessBehavior of [null, 'PRIME_ONLY', 'PRIME_EARLY_ACCESS', 'APP_ONLY_LD'] as const) {
      for (const inWindow of [true, false]) {
        expect(
          canAccessDeal({
            hasPrimeSavingsBenefit: true,
            accessBehavior,
            inNonMemberEarlyAccessWindow: inWindow,
          }),
        ).toBe(true);
      }
    }
    expect(dealAccessibleTo(earlyAccess, member, T + 10 * MIN)).toBe(true);
  });

  test('DEAL-024 without the benefit a deal in the non-member early-access window cannot be accessed', () => {
    expect(
      canAccessDeal({
        hasPrimeSavingsBenefit: false,
        accessBehavior: 'PRIME_EARLY_ACCESS',
        inNonMemberEarlyAccessWindow: true,
      }),
    ).toBe(false);
    expect(dealAccessibleTo(earlyAccess, nonMember, T + 10 * MIN)).toBe(false);
  });

  test('DEAL-025 without the benefit a Prime-only deal cannot be accessed', () => {
    expect(
      canAccessDeal({
        hasPrimeSavingsBenefit: false,
        accessBehavior: 'PRIME_ONLY',
        inNonMemberEarlyAccessWindow: false,
      }),
    ).toBe(false);
    expect(dealAccessibleTo(deal({ accessBehavior: 'PRIME_ONLY' }), nonMember, T)).toBe(false);
  });

  test('DEAL-026 without the benefit a deal neither in the window nor Prime-only can be accessed', () => {
    expect(
      canAccessDeal({
        hasPrimeSavingsBenefit: false,
        accessBehavior: null,
        inNonMemberEarlyAccessWindow: false,
      }),
    ).toBe(true);
    expect(dealAccessibleTo(earlyAccess, nonMember, T + 40 * MIN)).toBe(true);
    expect(dealAccessibleTo(deal({ accessBehavior: 'APP_ONLY_LD' }), nonMember, T)).toBe(true);
  });
});

const noQueue = { shoppersWaiting: false };

describe('state from the clock and the claimed count', () => {
  test('DEAL-006 UPCOMING before the start that applies, AVAILABLE after, WAITLISTFULL when all are claimed', () => {
    expect(dealStateAt(earlyAccess, nonMember, T, noQueue)).toBe('UPCOMING');
    expect(dealStateAt(earlyAccess, member, T, noQueue)).toBe('UPCOMING');
    expect(dealStateAt(earlyAccess, member, T + 3 * MIN, noQueue)).toBe('AVAILABLE');
    expect(dealStateAt(earlyAccess, nonMember, T + 3 * MIN, noQueue)).toBe('UPCOMING');
    expect(dealStateAt(earlyAccess, nonMember, T + 33 * MIN, noQueue)).toBe('AVAILABLE');
    expect(dealStateAt(deal({ claimedUnits: 200 }), nonMember, T, noQueue)).toBe('WAITLISTFULL');
  });

  test('DEAL-006 while shoppers wait, a new claim waits too: WAITLISTFULL at 100% though a unit is free', () => {
    const oneFree = deal({ claimedUnits: 199 });
    const queue = { shoppersWaiting: true };
    expect(newClaimsWait(oneFree, noQueue)).toBe(false);
    expect(newClaimsWait(oneFree, queue)).toBe(true);
    expect(dealStateAt(oneFree, nonMember, T, noQueue)).toBe('AVAILABLE');
    expect(dealStateAt(oneFree, nonMember, T, queue)).toBe('WAITLISTFULL');
    expect(percentClaimedFor(oneFree, noQueue)).toBe(99);
    expect(percentClaimedFor(oneFree, queue)).toBe(100);
    // Before the start it is still UPCOMING, whatever the queue.
    expect(dealStateAt(earlyAccess, nonMember, T, queue)).toBe('UPCOMING');
  });

  test('DEAL-006 UNKNOWN when the stored terms make no sense; no state once the deal is over', () => {
    expect(dealStateAt(deal({ totalUnits: 0 }), nonMember, T, noQueue)).toBe('UNKNOWN');
    expect(dealStateAt(deal({ endTime: T - 120 * MIN }), nonMember, T, noQueue)).toBe('UNKNOWN');
    expect(dealStateAt(deal(), nonMember, T + 360 * MIN, noQueue)).toBeNull();
  });

  test('DEAL-005 percent claimed is rounded down and its message reads "N% claimed"', () => {
    expect(percentClaimed(60, 200)).toBe(30);
    expect(percentClaimed(199, 200)).toBe(99);
    expect(percentClaimed(200, 200)).toBe(100);
    expect(percentClaimed(5, 0)).toBe(0);
    expect(percentClaimedMessage(30)).toBe('30% claimed');
  });
});

describe('claim rules', () => {
  const base = { shopper: nonMember, device: 'desktop' as const, quantity: 1, customerUnits: 0, now: T };

  test('DEAL-025 a Prime-only claim without the benefit is refused; with it, allowed', () => {
    const primeOnly = deal({ accessBehavior: 'PRIME_ONLY', maxPerCustomer: 1 });
    expect(claimRefusal({ ...base, deal: primeOnly })).toBe('PRIME_ONLY');
    expect(claimRefusal({ ...base, deal: primeOnly, shopper: prime })).toBeNull();
  });

  test('DEAL-024 a non-member claim in the early-access window is refused; a Prime claim is allowed', () => {
    const at = { ...base, deal: earlyAccess, now: T + 5 * MIN };
    expect(claimRefusal(at)).toBe('PRIME_EARLY_ACCESS');
    expect(claimRefusal({ ...at, shopper: prime })).toBeNull();
    expect(claimRefusal({ ...at, now: T + 34 * MIN })).toBeNull();
    expect(claimRefusal({ ...at, shopper: prime, now: T + MIN })).toBe('NOT_STARTED');
  });

  test('an app-only deal is claimed only from the app', () => {
    const appOnly = deal({ accessBehavior: 'APP_ONLY_LD' });
    expect(claimRefusal({ ...base, deal: appOnly })).toBe('APP_ONLY');
    expect(claimRefusal({ ...base, deal: appOnly, device: 'mobile' })).toBe('APP_ONLY');
    expect(claimRefusal({ ...base, deal: appOnly, device: 'app' })).toBeNull();
  });

  test('the per-customer limit counts units already held or ordered', () => {
    expect(claimRefusal({ ...base, deal: deal(), quantity: 2 })).toBeNull();
    expect(claimRefusal({ ...base, deal: deal(), quantity: 3 })).toBe('QUANTITY_LIMIT');
    expect(claimRefusal({ ...base, deal: deal(), quantity: 1, customerUnits: 2 })).toBe('QUANTITY_LIMIT');
  });

  test('a deal that is over refuses claims', () => {
    expect(claimRefusal({ ...base, deal: deal(), now: T + 360 * MIN })).toBe('ENDED');
  });
});

describe('customer status', () => {
  const held = {
    status: 'HELD' as const,
    heldUnits: 2,
    orderedUnits: 0,
    waitingUnits: 0,
    expiresAt: T + 15 * MIN,
  };

  test('DEAL-007 a live hold is IN_CART with its expiry; past its expiry it reads EXPIRED', () => {
    expect(customerStateOf(held, T)).toEqual({ state: 'IN_CART', quantity: 2, expiryTime: T + 15 * MIN });
    expect(customerStateOf(held, T + 15 * MIN).state).toBe('EXPIRED');
    expect(customerStateOf(null, T)).toEqual({ state: 'NONE', quantity: 0 });
  });

  test('DEAL-007 the waitlist reads PENDING_ADD_TO_CART and ordered units CLAIMED', () => {
    expect(
      customerStateOf(
        { ...held, status: 'WAITLISTED', heldUnits: 0, waitingUnits: 1, expiresAt: T + 60 * MIN },
        T,
      ),
    ).toEqual({ state: 'PENDING_ADD_TO_CART', quantity: 1, expiryTime: T + 60 * MIN });
    expect(customerStateOf({ ...held, status: 'ORDERED', heldUnits: 0, orderedUnits: 2 }, T)).toEqual({
      state: 'CLAIMED',
      quantity: 2,
    });
  });

  test('nothing more is claimable while holding; after an order, what the limit leaves', () => {
    expect(claimableQuantity(deal(), held, T)).toBe(0);
    expect(claimableQuantity(deal(), { ...held, status: 'ORDERED', heldUnits: 0, orderedUnits: 1 }, T)).toBe(
      1,
    );
    expect(claimableQuantity(deal(), null, T)).toBe(2);
  });
});
