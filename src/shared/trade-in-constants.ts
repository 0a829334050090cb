// Plain constants of the trade-in and recycle-and-save areas (no zod), so the page can use them.

/** Where every trade-in call lives (S2 §7). */
const TRADE_IN_BASE = '/tradein/hzw/';

/** TI-012: the product groups a trade-in or a recycle-and-save promotion is for. */
export const TRADE_IN_PRODUCT_GROUPS = [
  'gl_wireless',
  'gl_electronics',
  'gl_video_games',
  'gl_digital_video_games',
  'gl_digital_products_3',
  'gl_digital_text',
  'gl_digital_text_2',
] as const;
export type TradeInProductGroup = (typeof TRADE_IN_PRODUCT_GROUPS)[number];

/** TI-007: the device types a trade-in call names. */
export const TRADE_IN_DEVICE_TYPES = ['web', 'mobile', 'mobileApp', 'mobileWeb'] as const;

/** RS-003: whether the shopper may still claim the promotion. */
export const PROMO_ACCESS_STATES = ['available', 'claimed'] as const;
export type PromoAccessState = (typeof PROMO_ACCESS_STATES)[number];

/** RS-003: the spec's one failure reason; the others are the store's (decision 0051). */
export const CLAIM_PROMO_FAILURE_REASONS = ['ALREADY_CLAIMED'] as const;

/** RS-009: where the recycle-and-save view is shown: a product page (`dp`) or a storefront (`spp`). */
export const PAGE_RENDER_TARGETS = ['spp', 'dp'] as const;

/** RS-002, RS-008: the recycle-and-save modal and its promo popover. */
export const RECYCLE_AND_SAVE_MODAL = { width: 929, timeoutMs: 30_000, popoverAutoHideMs: 10_000 } as const;

export const RECYCLE_AND_SAVE_VIEW_PATH = `${TRADE_IN_BASE}recycleAndSave/getView`;
export const RECYCLE_AND_SAVE_CLAIM_PATH = `${TRADE_IN_BASE}recycleAndSave/claimPromo`;

/** TI-009: the valid condition keys, exactly and in the spec's order (best grade `New` … worst `Wrong Item`). */
export const TRADE_IN_CONDITIONS = [
  'N/A',
  'Neutral',
  'New',
  'LikeNew',
  'VeryGood',
  'Good',
  'Working',
  'Acceptable',
  'Damaged',
  'NonFunctional',
  'Unacceptable',
  'Ruined',
  'Wrong Item',
] as const;
export type TradeInCondition = (typeof TRADE_IN_CONDITIONS)[number];

/** TI-032..036, TI-006, TI-020: the trade-in's numbers (S2 §9). */
export const TRADE_IN_LIMITS = {
  maxItems: 5,
  searchPageSize: 20,
  newSearchPageSize: { desktop: 15, mobile: 10 },
  rowSize: { desktop: 3, mobile: 2 },
  defaultSearchAlias: 'ereaders',
  modalTimeoutMs: 30_000,
  sideSheetMs: 500,
  quoteHoldDays: 14,
} as const;

/**
 * TI-006: the trade-in modal.
 * @public the page's modal reads it
 */
export const TRADE_IN_MODAL = { width: 700, timeoutMs: 30_000, cache: false } as const;

/** TI-011: what a shopper chooses when the device was found in a worse condition than quoted. */
export const APPRAISAL_CHOICES = ['ACCEPT_WORSE', 'RETURN_WORSE'] as const;
export type AppraisalChoice = (typeof APPRAISAL_CHOICES)[number];

/** TI-011, TI-018: whether the credit is paid at submit or when the device is received. */
export const PAYMENT_PREFERENCES = ['PAID_NOW', 'PAID_LATER'] as const;
export type PaymentPreference = (typeof PAYMENT_PREFERENCES)[number];
/** TI-018: a trade-in whose items are paid partly now and partly later. */
export type TradeInPaymentPreference = PaymentPreference | 'mixed';

/** A trade-in's life: quoted → submitted → received → appraised → credited, or returned. */
export const TRADE_IN_STATES = [
  'quoted',
  'submitted',
  'received',
  'appraised',
  'credited',
  'returned',
] as const;
export type TradeInState = (typeof TRADE_IN_STATES)[number];

/** TI-007: the widget's title. */
export const TRADE_IN_TITLES = ['recycleAndSaveTitle', 'tanookiTitle'] as const;
export type TradeInTitle = (typeof TRADE_IN_TITLES)[number];

/** TI-019: the warnings of S2 §4. */
export const TRADE_IN_WARNINGS = [
  'maxItems',
  'maxGiftCardValue',
  'quantityExceeded',
  'amountExceeded',
  'mixedHazmat',
  'nonTradeable',
] as const;
export type TradeInWarningCode = (typeof TRADE_IN_WARNINGS)[number];

/** TI-005: how a restriction or refinement selection is shown. */
export const REFINEMENT_PRESENTATIONS = [
  'complexCard',
  'simpleCard',
  'containedButton',
  'searchCard',
] as const;
export type RefinementPresentation = (typeof REFINEMENT_PRESENTATIONS)[number];

/** The steps of the wireless refinements, in order. */
export const REFINEMENT_STEPS = ['brand', 'model', 'carrier', 'storage'] as const;
export type RefinementStep = (typeof REFINEMENT_STEPS)[number];

/** TI-034: the search styles (classic: 20 a page; new: 15 desktop, 10 phone). */
export const SEARCH_STYLES = ['classic', 'new'] as const;
export type SearchStyle = (typeof SEARCH_STYLES)[number];

/** Why the gift-card balance moved. */
/** Why the gift-card balance moved; `tradeInDebtRepaid`: a later credit paid back a trade-in's debt. */
export const GIFT_CARD_LEDGER_REASONS = [
  'tradeInCredit',
  'tradeInReversal',
  'tradeInDebtRepaid',
  'orderPayment',
] as const;
export type GiftCardLedgerReason = (typeof GIFT_CARD_LEDGER_REASONS)[number];

/** TI-013: the only product groups whose eligible list shows the credit-card card. */
export const CREDIT_CARD_CARD_GROUPS = ['gl_wireless'] as const;

/** TI-033, TI-034: the page size of a search for a style and device type. */
export function searchPageSize(
  style: SearchStyle,
  deviceType: (typeof TRADE_IN_DEVICE_TYPES)[number],
): number {
  if (style === 'classic') return TRADE_IN_LIMITS.searchPageSize;
  return deviceType === 'web'
    ? TRADE_IN_LIMITS.newSearchPageSize.desktop
    : TRADE_IN_LIMITS.newSearchPageSize.mobile;
}

/** TI-022..025 and the calls the spec leaves out (decision 0052), all on the trade-in base. */
export const TRADE_IN_PATHS = {
  recordRefTag: `${TRADE_IN_BASE}recordRefTag`,
  getCustomerItems: `${TRADE_IN_BASE}getCustomerItems`,
  search: `${TRADE_IN_BASE}search`,
  refinements: `${TRADE_IN_BASE}wirelessTradeInSearchRefinements`,
  generalError: `${TRADE_IN_BASE}generalerror`,
  questions: `${TRADE_IN_BASE}questions`,
  cart: `${TRADE_IN_BASE}cart`,
  cartAdd: `${TRADE_IN_BASE}cart/add`,
  cartRemove: `${TRADE_IN_BASE}cart/remove`,
  review: `${TRADE_IN_BASE}review`,
  submit: `${TRADE_IN_BASE}submit`,
  tradeIns: `${TRADE_IN_BASE}tradeins`,
  dropOffLocations: `${TRADE_IN_BASE}dropOffLocations`,
  balance: `${TRADE_IN_BASE}balance`,
  offer: `${TRADE_IN_BASE}offer`,
} as const;

/**
 * One trade-in of the shopper: `GET /tradein/hzw/tradeins/{id}`.
 * @public the page's account links read it
 */
export function tradeInPath(tradeInId: string): string {
  return `${TRADE_IN_PATHS.tradeIns}/${encodeURIComponent(tradeInId)}`;
}

/** The shopper's appraisal choice: `POST /tradein/hzw/tradeins/{id}/appraisal`. */
export function tradeInAppraisalPath(tradeInId: string): string {
  return `${tradeInPath(tradeInId)}/appraisal`;
}
