import { z } from 'zod';
import { price } from '../common';
import { freshCartSection } from '../grocery';
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
  /** The fresh (grocery) cart's section (decision 0047); null when it holds nothing. */
  fresh: freshCartSection.nullable().default(null),
  notice: notice.nullable(),
  csrfToken: z.string(),
});
export type CartPageData = z.infer<typeof cartPageData>;

/** The cart page's query: the notice or the problem the last change left. */
export const cartPageQuery = z.object({
  notice: z.enum(['added', 'updated', 'removed']).optional().catch(undefined),
  error: z.string().max(300).optional().catch(undefined),
});

/** The cart page's plain form: a line's new quantity, or its removal. */
export const cartUpdateForm = z.object({
  csrfToken: z.string().optional(),
  lineId: z.string().min(1).max(40),
  quantity: z.coerce.number().int().min(0).max(999).optional(),
  action: z.enum(['update', 'delete']).default('update'),
});
export type CartUpdateForm = z.infer<typeof cartUpdateForm>;
