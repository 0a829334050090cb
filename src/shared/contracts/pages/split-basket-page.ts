import { z } from 'zod';
import { price } from '../common';
import { shopperView } from './shopper';

/**
 * BIZ-003: /gp/buy/basket/ff.html?quantity=&asin=&ref_=bbt_limit_order, the fast-forward basket: a
 * quantity no single seller can supply, split over the sellers that can, added to the cart at once.
 */
export const splitBasketPageData = z.object({
  page: z.literal('split-basket'),
  shopper: shopperView,
  csrfToken: z.string(),
  refTag: z.string().nullable(),
  asin: z.string(),
  title: z.string(),
  image: z.object({ url: z.string(), altText: z.string() }).nullable(),
  quantity: z.number().int(),
  lines: z.array(
    z.object({
      offerListingId: z.string(),
      merchantName: z.string(),
      type: z.string(),
      quantity: z.number().int(),
      unitPrice: price,
      lineTotal: price,
    }),
  ),
  /** The lines' total, or null when no seller can supply any of it. */
  total: price.nullable(),
  /** Units no seller can supply. */
  shortBy: z.number().int(),
  /** Why the last "add all" came back (the cart refused a line), else null. */
  problem: z.string().nullable(),
});
export type SplitBasketPageData = z.infer<typeof splitBasketPageData>;

/** The fast-forward basket's query (BIZ-003): anything unreadable is dropped, not refused. */
export const splitBasketQuery = z.object({
  asin: z.string().max(40).optional().catch(undefined),
  quantity: z.string().max(20).optional().catch(undefined),
  ref_: z.string().max(128).optional().catch(undefined),
  problem: z.string().max(300).optional().catch(undefined),
});

/** The fast-forward basket's "add all to cart" form. */
export const splitBasketAddForm = z.object({
  csrfToken: z.string().optional(),
  asin: z.string().regex(/^[A-Z0-9]{10}$/),
  quantity: z.coerce.number().int().min(1).max(999),
});
