// Plain constants (no zod) so the page bundle can use them without pulling in the schemas.

/** Deal details `state` (DEAL-006). */
export const DEAL_STATES = ['AVAILABLE', 'UPCOMING', 'WAITLISTFULL', 'UNKNOWN'] as const;
export type DealState = (typeof DEAL_STATES)[number];

/** Deal details `accessBehavior` (DEAL-006); an ordinary deal has none. */
export const DEAL_ACCESS_BEHAVIORS = ['PRIME_EARLY_ACCESS', 'APP_ONLY_LD', 'PRIME_ONLY'] as const;
export type DealAccessBehavior = (typeof DEAL_ACCESS_BEHAVIORS)[number];

/** Deal details `type` (DEAL-005). */
export const DEAL_TYPES = ['LIGHTNING_DEAL', 'DEAL_OF_THE_DAY'] as const;
export type DealType = (typeof DEAL_TYPES)[number];

/** Deal customer status `state` in the product answer: the long forms (DEAL-007). */
export const DEAL_CUSTOMER_STATES = [
  'NONE',
  'IN_CART',
  'PENDING_ADD_TO_CART',
  'CLAIMED',
  'EXPIRED',
  'UNKNOWN',
] as const;
export type DealCustomerState = (typeof DEAL_CUSTOMER_STATES)[number];

/** Claim answer `customerState`: the short forms of the same states (DEAL-009). */
export const CLAIM_CUSTOMER_STATES = ['NONE', 'INCART', 'PENDINGATC', 'CLAIMED', 'EXPIRED'] as const;
export type ClaimCustomerState = (typeof CLAIM_CUSTOMER_STATES)[number];

/** Claim answer `dealAsinState` (DEAL-009). */
export const CLAIM_DEAL_ASIN_STATES = ['AVAILABLE', 'UPCOMING', 'WAITLISTFULL'] as const;
export type ClaimDealAsinState = (typeof CLAIM_DEAL_ASIN_STATES)[number];

/** Short claim form → long product-answer form. */
export const CUSTOMER_STATE_FROM_CLAIM: Record<ClaimCustomerState, DealCustomerState> = {
  NONE: 'NONE',
  INCART: 'IN_CART',
  PENDINGATC: 'PENDING_ADD_TO_CART',
  CLAIMED: 'CLAIMED',
  EXPIRED: 'EXPIRED',
};

/** How long claimed units are held in the shopper's cart before they return to the deal. */
export const DEAL_HOLD_MS = 15 * 60 * 1000;
/** How often the page polls the deal (DEAL-038); sent as `pollingIntervalMs`. */
export const DEAL_POLLING_INTERVAL_MS = 15_000;
/** The purchase tag the deal buy box sends as `?ref=` with a claim (DEAL-034). */
export const DEAL_CLAIM_REF_TAG = 'dp_ld_claim';

/** Error `type` of a claim refused by the per-customer limit or an access rule (DEAL-042). */
export const CLAIM_QUANTITY_RESTRICTION_ERROR = 'deal.claim.quantity-restriction-violation.error/v1';
/** Error `type` of a claim on a deal that is not running (not started or over). */
export const CLAIM_DEAL_NOT_ACTIVE_ERROR = 'deal.claim.deal-not-active.error/v1';
/** Error `type` of a claim on a deal that does not exist or does not match the asin. */
export const CLAIM_DEAL_NOT_FOUND_ERROR = 'deal.claim.deal-not-found.error/v1';

/**
 * Header the page sends with deal calls naming its device (DEAL-037): `app`, `mobile` or `desktop`.
 * App-only deals (APP_ONLY_LD) can be claimed only with `app`.
 */
export const DEVICE_TYPE_HEADER = 'x-device-type';
export const DEVICE_TYPES = ['app', 'mobile', 'desktop'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];
/** The store's shopping app adds this to its User-Agent; pages rendered for it get `app: true`. */
export const SHOPPING_APP_USER_AGENT_MARK = 'PdpStoreApp/';
