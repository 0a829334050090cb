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
