// Grocery constants the page uses without zod (S2 §7, §9).

export const FRESH_CART_PATH = '/alm/addtofreshcart';
export const FRESH_CART_COUNT_PATH = '/alm/addtofreshcart/cartcount';
export const FRESH_MULTI_ADD_PATH = '/alm/addtocart/multiple';
export const FRESH_ORDER_PATH = '/fom/add-to-fresh-order';
export const GENERIC_ERROR_MODAL_PATH = '/alm/atfcGenericErrorModal/';
export const CONFLICT_SUMMARY_PATH = '/afx/cartconflicts/getconflictsummary';
export const CONFLICT_RESOLVE_PATH = '/afx/cartconflicts/resolve';
export const SLOT_CANCEL_PATH = '/afx/slotselection/cancel';
export const STORE_SHEET_PATH = '/mulon/alm-sis';
export const ADDRESS_SELECTIONS_PATH = '/portal-migration/hz/glow/get-rendered-address-selections';
export const ADDRESS_CHANGE_PATH = '/portal-migration/hz/glow/address-change';
export const CART_COUNT_JSON_PATH = '/gp/api/cart/1.0/get-cart-count.json';
export const STAPLES_ADD_PATH = '/repeatitems/psa/v1/add';
export const STAPLES_UPDATE_PATH = '/repeatitems/psa/v1/update';
export const STAPLES_SKIP_PATH = '/repeatitems/psa/v1/skip';
export const STAPLES_EDUCONTENT_PATH = '/repeatitems/psa/v1/educontent';

/** S2 §9 timeouts. */
export const GROCERY_TIMEOUTS = {
  cartCount: 5000,
  genericErrorModal: 5000,
  cartConflicts: 5000,
  slotCancel: 5000,
  storeSheet: 3000,
  staples: 10_000,
} as const;

/** GRO-037: the app vibrates this long on an add. */
export const ADD_VIBRATE_MS = 50;
/** The fresh cart's client name in add payloads. */
export const FRESH_CLIENT_ID = 'dp-atfc';
/** QS-010: the stepper waits this long after the last press before it asks the cart. */
export const STEPPER_DEBOUNCE_MS = 400;

/** GRO-029: the error codes a refused grocery add carries (uberCartStatus.errorStatusCode). */
export const FRESH_ERROR_CODES = [
  'ITEM_NOT_AVAILABLE',
  'ITEM_PARTIALLY_AVAILABLE',
  'ADDRESS_NOT_SELECTED',
  'INVALID_INPUT',
  'QUANTITY_OVERFLOW',
  'PRICE_UNAVAILABLE',
  'ORDER_CUTOFF_PASSED',
  'INTERNAL_ERROR',
] as const;
export type FreshErrorCode = (typeof FRESH_ERROR_CODES)[number];

/** Repeat delivery cadences, in weeks. */
export const REPEAT_CADENCE_WEEKS = [1, 2, 3, 4, 6, 8] as const;
export type RepeatCadence = (typeof REPEAT_CADENCE_WEEKS)[number];

/** Schema ids of the grocery and slider metric events (kept here, out of the product page's first load). */
export const GROCERY_METRICS = {
  /** GRO-029: a refused grocery add, with the server's error code. */
  addError: 'pdp.grocery.add-error/v1',
  /** SL-016: the slider's logging call after a success. */
  sliderQuantityChanged: 'pdp.slider.quantity-changed/v1',
  /** SL-017: a slider request that failed. */
  sliderError: 'pdp.slider.error/v1',
  /** SL-018: a cart answer the slider could not read. */
  sliderInvalidResponse: 'pdp.slider.invalid-response/v1',
} as const;
