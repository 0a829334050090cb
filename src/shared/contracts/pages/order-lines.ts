import { z } from 'zod';
import { price } from '../common';

/** One cart or order line as the cart, checkout and confirmation pages show it. */
export const orderLineView = z.object({
  id: z.string(),
  asin: z.string(),
  offerListingId: z.string(),
  title: z.string(),
  image: z.object({ url: z.string(), altText: z.string() }).nullable(),
  unitPrice: price,
  lineTotal: price,
  quantity: z.number().int(),
  minQuantity: z.number().int(),
  maxQuantity: z.number().int(),
  /** The cart line this one was bought with (an accessory or a protection plan under its page item). */
  parentLineId: z.string().nullable().optional(),
  /** A protection plan: its quantity follows its device's, so it has no quantity choice of its own. */
  protectionPlan: z.boolean().optional(),
  /** A plan or add-on service: which kind (its wording on the cart page, decision 0041). */
  serviceKind: z.enum(['installation', 'protection']).optional(),
  /** A lightning deal's line held for the shopper: how long the hold has left when the page was made. */
  dealHold: z.object({ msLeft: z.number().int().min(0) }).optional(),
  /** The seller of the line's offer: one item bought from two sellers is two lines that say who sells each. */
  seller: z.string().optional(),
});
export type OrderLineView = z.infer<typeof orderLineView>;

export const addressView = z.object({
  fullName: z.string(),
  line1: z.string(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
});
export type AddressView = z.infer<typeof addressView>;

/**
 * One line of an order summary (items, a discount, shipping, estimated tax, the gift card's part); a discount
 * and the gift card are negative.
 */
export const summaryLineView = z.object({
  kind: z.enum(['items', 'discount', 'shipping', 'tax', 'giftCard']),
  label: z.string(),
  amount: price,
});
export type SummaryLineView = z.infer<typeof summaryLineView>;

/**
 * A clipped coupon taken off the order (decision 0014), or a bundle's saving, shown as its own line
 * under the items; `label` is what the line reads ("Coupon: …", "Bundle saving: …").
 */
export const discountView = z.object({ description: z.string(), label: z.string(), amount: price });
export type DiscountView = z.infer<typeof discountView>;
