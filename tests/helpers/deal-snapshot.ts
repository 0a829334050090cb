import type { DealSnapshot } from '../../src/domain/deals/deal-machine';

/** The moment the deal tests call now. */
export const T = Date.UTC(2026, 10, 23, 12, 0, 0);
export const MIN = 60_000;

/** A shopper with no claim on the deal. */
export const noClaim: DealSnapshot['customer'] = {
  state: 'NONE',
  expiryTime: null,
  quantity: 0,
  claimableQuantity: 2,
  waitlistPosition: null,
};

/** A deal as the page knows it: the tablet's, AVAILABLE since T-1h until T+6h, 30% claimed, 2 each. */
export function createDeal(
  overrides: Partial<Omit<DealSnapshot, 'customer'>> & { customer?: Partial<DealSnapshot['customer']> } = {},
): DealSnapshot {
  return {
    dealId: 'deal-tab',
    type: 'LIGHTNING_DEAL',
    state: 'AVAILABLE',
    startTime: T - 60 * MIN,
    endTime: T + 360 * MIN,
    accessBehavior: null,
    earlyAccessDurationInMilliseconds: 0,
    percentClaimed: 30,
    percentClaimedMessage: '30% claimed',
    maxPerCustomer: 2,
    accessible: true,
    canAddToCart: true,
    ...overrides,
    customer: { ...noClaim, ...overrides.customer },
  };
}
