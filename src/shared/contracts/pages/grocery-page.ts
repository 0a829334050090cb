import { z } from 'zod';
import { price } from '../common';
import { freshLineView } from '../grocery';
import { notice, shopperView } from './shopper';

/** A store front: the store and the grocery products it sells (GRO-002/003 lead here). */
const storefrontView = z.object({
  kind: z.literal('storefront'),
  storeId: z.string(),
  storeName: z.string(),
  deliveryMessage: z.string(),
  products: z.array(
    z.object({ asin: z.string(), title: z.string(), price, image: z.string().nullable(), unit: z.string() }),
  ),
});

/** A scheduled fresh order as the ordering service shows it (GRO-003). */
const freshOrderView = z.object({
  kind: z.literal('fresh-order'),
  orderId: z.string(),
  storeName: z.string(),
  deliveryLabel: z.string(),
  cutoffLabel: z.string(),
  open: z.boolean(),
  items: z.array(
    z.object({
      asin: z.string(),
      title: z.string(),
      quantity: z.number().int(),
      /** "2.5 lb" for a weighed line (decision 0047). */
      amountLabel: z.string().nullable().default(null),
      price,
    }),
  ),
  subtotal: price,
});

/** GRO-022: the fresh cart's conflicts with the chosen address, and where to go back to. */
const substituteView = z.object({
  kind: z.literal('substitute'),
  sourceUrl: z.string(),
  ref: z.string(),
  addressLabel: z.string().nullable(),
  conflicts: z.array(
    z.object({
      asin: z.string(),
      title: z.string(),
      storeName: z.string(),
      substituteStoreName: z.string().nullable(),
    }),
  ),
});

/** The fresh checkout (decision 0047): one store's lines, the address, its windows and the shopper's hold. */
const freshCheckoutView = z.object({
  kind: z.literal('fresh-checkout'),
  storeId: z.string(),
  storeName: z.string(),
  addressLabel: z.string().nullable(),
  lines: z.array(freshLineView),
  itemCount: z.number().int(),
  subtotal: price,
  minimum: price,
  shortfall: price.nullable(),
  windows: z.array(
    z.object({
      start: z.number(),
      label: z.string(),
      day: z.string(),
      hours: z.string(),
      placesLeft: z.number().int(),
      held: z.boolean(),
    }),
  ),
  held: z.object({ token: z.string(), label: z.string(), expiresLabel: z.string() }).nullable(),
  notice: notice.nullable(),
  csrfToken: z.string(),
});

export const groceryPageData = z.object({
  page: z.literal('grocery'),
  shopper: shopperView,
  view: z.discriminatedUnion('kind', [storefrontView, freshOrderView, substituteView, freshCheckoutView]),
});
export type GroceryPageData = z.infer<typeof groceryPageData>;

/** A store front's query: the brand and the store. */
export const storefrontQuery = z.object({
  almBrandId: z.string().max(40).optional().catch(undefined),
  almStoreId: z.string().max(40).optional().catch(undefined),
});

/** A scheduled fresh order's page. */
export const freshOrderPageParams = z.object({ orderId: z.string().max(40) });
