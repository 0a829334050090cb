// Business buying's plain constants (no zod), so the page bundle can use them without the schemas.

/** BIZ-048: the product call times out after 6 s. */
export const PRODUCT_API_TIMEOUT_MS = 6000;
/** OFR-012: an offer's add to cart times out after 10 s. */
export const OFFER_ADD_TIMEOUT_MS = 10_000;
/** BIZ-042: availability checks while typing, at most once per 500 ms. */
export const TYPING_THROTTLE_MS = 500;
/** BIZ-048: the header naming the shopper's currency of preference. */
export const CURRENCY_HEADER = 'x-currency-of-preference';
/** OFR-002: `?aod=1` opens the all-offers overlay with the page. */
export const SHOW_OVERLAY_PARAM = 'aod';
/** The deep-check delivery promise call (BIZ-051). */
export const DEEP_CHECK_URL = '/gp/product/ajax/deep-check-promise';

/** Metric schema ids of the business picker and the offers overlay (counters, BIZ-056/057/059, OFR-014/015). */
export const BUSINESS_METRICS = {
  pricingTableErrorCode: 'pdp.business.pricing-table.error-code/v1',
  pricingTableLoadError: 'pdp.business.pricing-table.load-error/v1',
  deepCheckContainerMissing: 'pdp.business.deep-check.container-missing/v1',
  deepCheckFailed: 'pdp.business.deep-check.failed/v1',
  summaryClick: 'pdp.business.summary.click/v1',
  offerAddFailure: 'pdp.offers.add-to-cart.failure/v1',
  offerAddCancelled: 'pdp.offers.add-to-cart.cancelled/v1',
} as const;
