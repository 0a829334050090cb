// Add-on services (S1 §2, §7, §9): plain data shared by the server and the page (no zod, no node:*).

/** VAS-009: how a service offer is fulfilled; `in_store` is ship-to-store. */
export const VAS_FULFILLMENT_TYPES = ['in_home', 'in_store', 'online'] as const;
export type VasFulfillmentType = (typeof VAS_FULFILLMENT_TYPES)[number];

export const VAS_SERVICE_KINDS = ['installation', 'protection'] as const;
export type VasServiceKind = (typeof VAS_SERVICE_KINDS)[number];

/** VAS-030: the ref of the add-on cart add. */
export const VAS_ADD_UPSELL_REF = 'vas_add_upsell';
/** VAS-032: the buy box form's ref when the product and a service are bought together. */
export const vasBuyBoxRef = (asin: string, serviceAsin: string) => `vas_dphbb_${asin}_${serviceAsin}`;
export const VAS_BUY_BOX_REF = /^vas_dphbb_([A-Z0-9]{10})_([A-Z0-9]{10})$/;

/** VAS-031: the zip refresh call. */
export const VAS_ZIP_REFRESH_PATH = '/gp/ls/vas-ajax-handlers/vas-zipcode-refresh.html';
/** The client name the product page sends with the zip refresh. */
export const VAS_CLIENT_NAME = 'vas_dp';
/** VAS-034: where the digital-dash create call goes unless a product's widget names another path. */
export const DIGITAL_DASH_CREATE_PATH = '/gp/digital-dash/ajax/create-button.html';
/** VAS-040: the digital-dash error code that still means success (the button already exists). */
export const DIGITAL_DASH_ALREADY_EXISTS = '510';

/** VAS-005: the service page. */
export const servicePagePath = (serviceAsin: string, tag: string) =>
  `/gp/product/${encodeURIComponent(serviceAsin)}/ref=${encodeURIComponent(tag)}`;
export const CART_VIEW_PATH = '/gp/cart/view.html';

/** S1 §9 constants of the add-on area. */
export const VAS_TIMINGS = {
  /** VAS-033: the variation refresh's client timeout. */
  twisterRefreshTimeoutMs: 90_000,
  /** VAS-046: the held add-to-cart is checked every minute and reported past five. */
  hijackCheckMs: 60_000,
  hijackWarnMs: 300_000,
  /** VAS-047: the dismissal check. */
  dismissalCheckMs: 20_000,
  dismissalWarnMs: 30_000,
  /** VAS-048: popover repositioning. */
  popoverRepositionMs: 500,
} as const;

/** VAS-020: the opacity of the page parts while the option list refreshes. */
export const VAS_DIMMED_OPACITY = 0.5;
/** VAS-049: the key that triggers the zip update. */
export const ENTER_KEY_CODE = 13;
/** VAS-029: a service is always added one at a time. */
export const SERVICE_QUANTITY = 1;

/** Schema ids of the add-on widget's metric events (S1 §8, §9). */
export const VAS_METRICS = {
  /** VAS-035: the add-on cart add answered 422. */
  incompleteAdd: 'pdp.vas.cart-add-incomplete/v1',
  /** VAS-036: any other add-on cart add failure. */
  addFailure: 'pdp.vas.cart-add-failure/v1',
  /** VAS-045: the browser has no history.replaceState. */
  urlStateUnsupported: 'pdp.vas.url-state-unsupported/v1',
  /** VAS-046: an add to cart held by the interstitial for over 300 s. */
  hijackOverdue: 'pdp.vas.hijack-overdue/v1',
  /** VAS-047: the interstitial open for over 30 s; each dismissal, the second flagged. */
  dismissalOverdue: 'pdp.vas.dismissal-overdue/v1',
  dismissed: 'pdp.vas.interstitial-dismissed/v1',
} as const;
export const VAS_METRIC_PRODUCER = 'pdp-add-on-services';
