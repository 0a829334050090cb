// Schema ids of the page's metric events (no zod here, so the page bundle can use them).
export const METRIC_SCHEMAS = {
  addToCartIntention: 'pdp.add-to-cart.intention/v1',
  addToCartSubmitted: 'pdp.add-to-cart.submitted/v1',
  accessoryAddFailed: 'pdp.accessory.add-failed/v1',
} as const;
