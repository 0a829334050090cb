import { z } from 'zod';
import { price } from '../common';
import { addressView, discountView, orderLineView, summaryLineView } from './order-lines';
import { shopperView } from './shopper';

export const orderConfirmationPageData = z.object({
  page: z.literal('order-confirmation'),
  shopper: shopperView,
  orderId: z.string(),
  lines: z.array(orderLineView),
  subtotal: price,
  /** Coupons that come off (decision 0014) and what is left to pay. */
  discounts: z.array(discountView),
  summary: z.array(summaryLineView),
  total: price,
  paymentMethod: z.string().nullable(),
  address: addressView,
  deliveryEstimate: z.string(),
  /** Lines the areas add, e.g. that registry gifts ship to the registrant (ServerArea.confirmationNotes). */
  notes: z.array(z.string()),
});
export type OrderConfirmationPageData = z.infer<typeof orderConfirmationPageData>;
