import { z } from 'zod';
import { price } from '../common';
import { discountView, orderLineView } from './order-lines';
import { notice, shopperView } from './shopper';

export const cartPageData = z.object({
  page: z.literal('cart'),
  shopper: shopperView,
  lines: z.array(orderLineView),
  subtotal: price,
  itemCount: z.number().int(),
  /** Coupons that come off (decision 0014) and what is left to pay. */
  discounts: z.array(discountView),
  total: price,
  notice: notice.nullable(),
  csrfToken: z.string(),
});
export type CartPageData = z.infer<typeof cartPageData>;
