import { z } from 'zod';

/** The checkout page's query: the buy now item, else the cart is checked out. */
export const checkoutQuery = z.object({
  asin: z.string().max(20).optional(),
  offerListingId: z.string().max(200).optional(),
  quantity: z.string().max(4).optional(),
  // Set by the buy box when 1-Click could not order at once (decision 0015).
  oneClick: z.enum(['setup']).optional(),
});

/** The one item a buy now checks out. */
export const buyNowItem = z.object({
  asin: z.string().min(1).max(20),
  offerListingId: z.string().min(1).max(200),
  quantity: z.coerce.number().int().min(1).max(999),
});

/** The checkout page's place-order form (a plain HTML form). */
export const placeOrderForm = z.object({
  csrfToken: z.string().optional(),
  /** The form's one-time key: a second submit of the same form replays the first answer. */
  idempotencyKey: z.string().max(255).optional(),
  source: z.enum(['cart', 'buy-now']),
  asin: z.string().max(20).optional(),
  offerListingId: z.string().max(200).optional(),
  quantity: z.coerce.number().int().min(1).max(999).optional(),
  fullName: z.string().max(200).optional(),
  line1: z.string().max(200).optional(),
  city: z.string().max(200).optional(),
  state: z.string().max(20).optional(),
  postalCode: z.string().max(20).optional(),
  /** Pay what the gift-card balance covers of the order (the checkbox: `on`), the rest with the payment method. */
  useGiftCardBalance: z.enum(['on', 'true', '1', 'off', 'false', '0']).optional(),
  /** Gift registries: ship a registry gift to the registrant (a registry id; the address stays hidden). */
  shipToRegistrant: z.string().max(64).optional(),
});

/** What a refused order leaves for the checkout page: the address as typed and what was wrong. */
export const checkoutRefusal = z.object({
  address: z.object({
    fullName: z.string(),
    line1: z.string(),
    city: z.string(),
    state: z.string(),
    postalCode: z.string(),
  }),
  problems: z.array(z.object({ field: z.string(), message: z.string() })),
  error: z.string().nullable(),
});
export type CheckoutRefusal = z.infer<typeof checkoutRefusal>;

/** The order confirmation page's query. */
export const orderConfirmationQuery = z.object({ orderId: z.string().max(40).optional() });
