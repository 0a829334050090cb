// Schema ids of the page's metric events (no zod here, so the page bundle can use them).
export const METRIC_SCHEMAS = {
  addToCartIntention: 'pdp.add-to-cart.intention/v1',
  addToCartSubmitted: 'pdp.add-to-cart.submitted/v1',
  accessoryAddFailed: 'pdp.accessory.add-failed/v1',
  /** DEAL-044: a refused or failed deal claim, with its error code. */
  dealClaimError: 'pdp.deal.claim-error/v1',
  /** DEAL-045: a deal cart add (the protection plan after a claim) that failed. */
  dealCartAddFailure: 'pdp.deal.cart-add-failure/v1',
  /** RS-007: a recycle-and-save claim that failed for another reason than ALREADY_CLAIMED. */
  promoAccessError: 'pdp.recycle-and-save.promo-access-error/v1',
} as const;
