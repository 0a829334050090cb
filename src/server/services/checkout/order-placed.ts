import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * An order as areas hear of it, inside the transaction that places it (ServerArea.orderPlaced): what
 * an area writes there commits or rolls back with the order.
 */
export type PlacedOrder = {
  orderId: string;
  customerId: string;
  now: number;
  lines: readonly { asin: string; quantity: number; cartLineId?: string }[];
  /** Checkout options an area offered and the shopper chose (e.g. `shipToRegistrant`: a registry id). */
  options: Readonly<Record<string, string>>;
};

/** A choice an area offers at checkout for the cart's lines (ServerArea.checkoutOptions). */
export type CheckoutOption = { name: 'shipToRegistrant'; value: string; label: string };
export type CheckoutOptionsHook = (
  db: Kysely<Database>,
  cart: { customerId: string; cartLineIds: readonly string[] },
) => Promise<CheckoutOption[]>;

export type OrderPlacedHook = (trx: Kysely<Database>, order: PlacedOrder) => Promise<void>;

/**
 * Lines an area adds to an order's confirmation page (ServerArea.confirmationNotes): e.g. where its
 * gifts ship. Read for the order's own customer only.
 */
export type ConfirmationNotesHook = (
  db: Kysely<Database>,
  order: { orderId: string; customerId: string },
) => Promise<string[]>;
