// Plain constants (no zod) so the page bundle can use them without pulling in the schemas.

/** The buy box's problem codes a plain form post comes back with (`?purchase-problem=`, decision 0016). */
export const PURCHASE_PROBLEMS = ['below_min_order_quantity'] as const;
export type PurchaseProblem = (typeof PURCHASE_PROBLEMS)[number];
