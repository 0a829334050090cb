import type { Kysely } from 'kysely';
import {
  amountLabel,
  deliveryWindows as deliveryWindowsAt,
  FRESH_ORDER_CUTOFF_MS,
  freshLineTotalMinor,
  isWeighed,
  minimumShortfallMinor,
  offeredWindow,
  placesLeft,
  SLOT_HOLD_MS,
  slotFullMessage,
  slotLabel,
} from '../../../domain/grocery/delivery-slots';
import { storeServes } from '../../../domain/grocery/fresh-cart';
import { type CartOwner, deleteCartLine } from '../../db/repositories/cart-repository';
import { type FreshLine, findFreshLines } from '../../db/repositories/fresh-cart-repository';
import {
  insertFreshOrder,
  newFreshOrderId,
  setFreshOrderItem,
} from '../../db/repositories/fresh-order-repository';
import { findGroceryListing, findGroceryStores } from '../../db/repositories/grocery-catalog-repository';
import {
  cancelOwnerHolds,
  countTakenPlaces,
  findHeldSlot,
  findOwnerReservation,
  insertSlotReservation,
  lockStoreSlots,
  markReservationPlaced,
  newSlotToken,
} from '../../db/repositories/grocery-slot-repository';
import { takeStock } from '../../db/repositories/order-repository';
import { findOffer, findProductWithOffers } from '../../db/repositories/product-repository';
import type { Database } from '../../db/schema';
import type { Refusal } from '../refusal';
import { groceryDestination } from './grocery-shopper';

type Db = Kysely<Database>;

/** Who checks out their fresh cart: their cart, their account, the marketplace. */
export type FreshShopper = { owner: CartOwner; customerId: string | null; marketplaceId: string };

export type FreshCheckoutRefusalCode =
  | 'slot_full'
  | 'slot_closed'
  | 'fresh_cart_empty'
  | 'below_minimum'
  | 'fresh_address_required'
  | 'not_delivered_here';

type CheckoutRefusal = Refusal<
  FreshCheckoutRefusalCode | 'sign_in_required' | 'store_not_found' | 'slot_not_found' | 'stock_ran_out'
>;

/** Thrown inside a checkout transaction to roll it back and answer the refusal. */
class CheckoutRefused extends Error {
  constructor(readonly refusal: CheckoutRefusal) {
    super(refusal.code);
  }
}
const refuse = (code: CheckoutRefusal['code'], message: string, field?: string): never => {
  throw new CheckoutRefused({ code, message, ...(field ? { field } : {}) });
};

/** A fresh line priced: its unit price, its weight when weighed, and its total (decision 0047). */
export type PricedFreshLine = FreshLine & {
  title: string;
  image: { url: string; altText: string } | null;
  unitOfMeasure: string;
  unitPriceMinor: number;
  totalMinor: number;
  amountLabel: string | null;
};

/** The owner's fresh lines with their prices at `now`'s offers, grouped by store in the cart's order. */
export async function pricedFreshLines(db: Db, who: FreshShopper): Promise<PricedFreshLine[]> {
  const lines = await findFreshLines(db, who.owner, who.marketplaceId);
  return Promise.all(
    lines.map(async (line) => {
      const [offer, listing, found] = await Promise.all([
        findOffer(db, line.offerId),
        findGroceryListing(db, line.asin),
        findProductWithOffers(db, line.asin, who.marketplaceId),
      ]);
      const unitPriceMinor = offer?.price_minor ?? 0;
      const unit = listing?.unitOfMeasure ?? 'each';
      const weighed = line.amountMilli !== null && isWeighed(unit);
      const image = found?.product.images[0];
      return {
        ...line,
        title: found?.product.title ?? line.asin,
        image: image ? { url: image.src, altText: image.alt } : null,
        unitOfMeasure: unit,
        unitPriceMinor,
        totalMinor: freshLineTotalMinor(unitPriceMinor, line.quantity, weighed ? line.amountMilli : null),
        amountLabel: weighed && line.amountMilli !== null ? amountLabel(line.amountMilli, unit) : null,
      };
    }),
  );
}

/** The store's windows at `now` with the places each has left, and the shopper's live hold. */
export async function storeWindows(db: Db, storeId: string, owner: CartOwner, capacity: number, now: number) {
  const taken = await countTakenPlaces(db, storeId, now);
  const held = await heldSlot(db, owner, storeId, now);
  return {
    held,
    windows: deliveryWindowsAt(now).map((w) => ({
      start: w.start,
      end: w.end,
      label: slotLabel(w.start, w.end),
      placesLeft: placesLeft(capacity, taken.get(w.start) ?? 0),
      held: held?.slotStart === w.start,
    })),
  };
}

async function heldSlot(db: Db, owner: CartOwner, storeId: string, now: number) {
  const held = await findHeldSlot(db, owner, now);
  return held && held.storeId === storeId ? held : null;
}

export type SlotReserved = { ok: true; token: string; slotStart: number; slotEnd: number; expiresAt: number };

/**
 * Holds a place in one of the store's windows for the shopper while they check out (decision 0047):
 * the store's windows are locked, the places taken counted (live holds and orders), and a hold
 * inserted only while one is left. A new hold replaces the shopper's earlier one.
 */
export async function reserveDeliverySlot(
  db: Db,
  who: FreshShopper,
  request: { storeId: string; slotStart: number },
  now: number,
): Promise<SlotReserved | { ok: false; refusal: CheckoutRefusal }> {
  try {
    return await db.transaction().execute(async (trx) => {
      const store = await lockStoreSlots(trx, request.storeId);
      if (!store) return refuse('store_not_found', `no grocery store ${request.storeId}`, 'storeId');
      const window = offeredWindow(request.slotStart, now);
      if (!window) {
        return refuse(
          'slot_closed',
          'That delivery window is no longer offered. Choose another window.',
          'slotStart',
        );
      }
      await cancelOwnerHolds(trx, who.owner, now);
      const taken = (await countTakenPlaces(trx, store.storeId, now, window.start)).get(window.start) ?? 0;
      if (placesLeft(store.slotCapacity, taken) === 0) {
        return refuse('slot_full', slotFullMessage(window.start, window.end), 'slotStart');
      }
      const token = newSlotToken();
      const expiresAt = now + SLOT_HOLD_MS;
      await insertSlotReservation(
        trx,
        who.owner,
        { token, storeId: store.storeId, slotStart: window.start, slotEnd: window.end, expiresAt },
        now,
      );
      return { ok: true as const, token, slotStart: window.start, slotEnd: window.end, expiresAt };
    });
  } catch (error) {
    if (error instanceof CheckoutRefused) return { ok: false, refusal: error.refusal };
    throw error;
  }
}

/**
 * Places the fresh cart's lines from one store as a fresh order in the window the shopper holds
 * (decision 0047), in one transaction: the store's windows locked; a hold that lapsed is honoured only
 * while the window still has a place (capacity re-checked); the address, the minimum and stock
 * checked; each weighed line priced by its weight; the lines leave the fresh cart. A second press
 * with the same hold answers the order it already made.
 */
export async function placeFreshOrder(
  db: Db,
  who: FreshShopper,
  request: { storeId: string; token: string },
  now: number,
): Promise<{ ok: true; orderId: string } | { ok: false; refusal: CheckoutRefusal }> {
  try {
    return await db.transaction().execute(async (trx) => {
      const customerId = who.customerId ?? refuse('sign_in_required', 'sign in to place a fresh order');
      const store = await lockStoreSlots(trx, request.storeId);
      if (!store) return refuse('store_not_found', `no grocery store ${request.storeId}`, 'storeId');
      const hold = await findOwnerReservation(trx, who.owner, request.token);
      if (!hold || hold.storeId !== store.storeId) {
        return refuse('slot_not_found', 'Choose a delivery window first.', 'token');
      }
      if (hold.freshOrderId) return { ok: true as const, orderId: hold.freshOrderId };
      const label = slotLabel(hold.slotStart, hold.slotEnd);
      const cutoffAt = hold.slotStart - FRESH_ORDER_CUTOFF_MS;
      if (cutoffAt <= now) {
        return refuse(
          'slot_closed',
          `The delivery window ${label} has closed. Choose another window.`,
          'token',
        );
      }
      if (hold.cancelledAt !== null || hold.expiresAt <= now) {
        const taken =
          (await countTakenPlaces(trx, store.storeId, now, hold.slotStart)).get(hold.slotStart) ?? 0;
        if (placesLeft(store.slotCapacity, taken) === 0) {
          return refuse('slot_full', slotFullMessage(hold.slotStart, hold.slotEnd), 'token');
        }
      }
      const destination = await groceryDestination(trx, customerId);
      const address =
        destination.address ??
        refuse('fresh_address_required', 'Add a delivery address to place a fresh order.');
      const prefixes =
        (await findGroceryStores(trx, [store.storeId])).get(store.storeId)?.postalCodePrefixes ?? [];
      if (!storeServes(prefixes, address.postalCode)) {
        refuse('not_delivered_here', `${store.name} does not deliver to ${address.postalCode}.`);
      }
      const lines = (await pricedFreshLines(trx, who)).filter((line) => line.storeId === store.storeId);
      if (lines.length === 0) refuse('fresh_cart_empty', `Your fresh cart has nothing from ${store.name}.`);
      const subtotal = lines.reduce((sum, line) => sum + line.totalMinor, 0);
      const shortfall = minimumShortfallMinor(subtotal, store.minimumOrderMinor);
      if (shortfall > 0) {
        refuse(
          'below_minimum',
          `Add ${money(shortfall)} more to reach ${store.name}’s ${money(store.minimumOrderMinor)} minimum.`,
        );
      }
      const orderId = newFreshOrderId();
      await insertFreshOrder(
        trx,
        {
          id: orderId,
          customerId,
          storeId: store.storeId,
          addressId: address.id,
          deliveryStart: hold.slotStart,
          deliveryEnd: hold.slotEnd,
          cutoffAt,
        },
        now,
      );
      for (const line of lines) {
        if (!(await takeStock(trx, line.offerId, line.quantity))) {
          refuse(
            'stock_ran_out',
            `${line.title} ran out while you checked out. Remove it or change its quantity.`,
          );
        }
        await setFreshOrderItem(
          trx,
          orderId,
          {
            asin: line.asin,
            offerId: line.offerId,
            quantity: line.quantity,
            unitPriceMinor: line.unitPriceMinor,
            amountMilli: line.amountLabel !== null ? line.amountMilli : null,
          },
          now,
        );
        await deleteCartLine(trx, line.cartId, line.id);
      }
      await markReservationPlaced(trx, hold.token, orderId);
      return { ok: true as const, orderId };
    });
  } catch (error) {
    if (error instanceof CheckoutRefused) return { ok: false, refusal: error.refusal };
    throw error;
  }
}

// Refusal words name amounts in the marketplace's dollars (the fresh stores are US stores).
const money = (minor: number) => `$${(minor / 100).toFixed(2)}`;

/** Removes one of the owner's fresh lines; false when they hold no such line. */
export async function removeFreshLine(db: Db, who: FreshShopper, lineId: string): Promise<boolean> {
  const line = (await findFreshLines(db, who.owner, who.marketplaceId)).find((l) => l.id === lineId);
  if (!line) return false;
  return (await deleteCartLine(db, line.cartId, line.id)) > 0;
}
