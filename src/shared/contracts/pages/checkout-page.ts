import { z } from 'zod';
import { price } from '../common';
import { addressView, discountView, orderLineView, summaryLineView } from './order-lines';
import { shopperView } from './shopper';

export const checkoutPageData = z.object({
  page: z.literal('checkout'),
  shopper: shopperView,
  source: z.enum(['cart', 'buy-now']),
  buyNow: z.object({ asin: z.string(), offerListingId: z.string(), quantity: z.number().int() }).nullable(),
  lines: z.array(orderLineView),
  subtotal: price,
  itemCount: z.number().int(),
  /** Coupons that come off (decision 0014) and what is left to pay. */
  discounts: z.array(discountView),
  /** Items, discounts, shipping and estimated tax, in the order shown; they add up to `total`. */
  summary: z.array(summaryLineView),
  total: price,
  /** The saved payment method's label ("Visa ending 4242"), else how an order without one is paid. */
  paymentMethod: z.string(),
  /** The shopper's gift-card balance (trade-in credit), offered as a payment; null when there is none. */
  giftCardBalance: price.nullable().default(null),
  /** Why the shopper is here rather than on the confirmation (1-Click without saved details). */
  notice: z.string().nullable(),
  address: addressView,
  problems: z.array(z.object({ field: z.string(), message: z.string() })),
  error: z.string().nullable(),
  csrfToken: z.string(),
  /** The place-order form's one-time idempotency key. */
  idempotencyKey: z.string(),
  /**
   * Choices areas add to the order (a registry gift shipped to the registrant): each a checkbox of the
   * form whose `name` the place-order form takes and whose `value` it sends when checked.
   */
  options: z
    .array(z.object({ name: z.literal('shipToRegistrant'), value: z.string(), label: z.string() }))
    .default([]),
});
export type CheckoutPageData = z.infer<typeof checkoutPageData>;
