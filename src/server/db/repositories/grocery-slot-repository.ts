import { randomBytes } from 'node:crypto';
import type { Generated, Kysely } from 'kysely';
import type { Database } from '../schema';
import type { CartOwner } from './cart-repository';

type Db = Kysely<Database>;

export type SlotReservation = {
  token: string;
  storeId: string;
  slotStart: number;
  slotEnd: number;
  expiresAt: number;
};

export const newSlotToken = () => `SLOT-${randomBytes(12).toString('hex')}`;

export async function insertSlotReservation(
  db: Db,
  owner: CartOwner,
  slot: SlotReservation,
  now: number,
): Promise<void> {
  await db
    .insertInto('grocery_slot_reservations')
    .values({
      token: slot.token,
      owner_type: owner.type,
      owner_id: owner.id,
      store_id: slot.storeId,
      slot_start: slot.slotStart,
      slot_end: slot.slotEnd,
      expires_at: slot.expiresAt,
      cancelled_at: null,
      created_at: now,
    })
    .execute();
}

/** The owner's reservation still held at `now` (not cancelled, not expired), latest first. */
export async function findHeldSlot(
  db: Db,
  owner: CartOwner,
  now: number,
): Promise<SlotReservation | undefined> {
  const row = await db
    .selectFrom('grocery_slot_reservations')
    .selectAll()
    .where('owner_type', '=', owner.type)
    .where('owner_id', '=', owner.id)
    .where('cancelled_at', 'is', null)
    .where('fresh_order_id', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  return row
    ? {
        token: row.token,
        storeId: row.store_id,
        slotStart: Number(row.slot_start),
        slotEnd: Number(row.slot_end),
        expiresAt: Number(row.expires_at),
      }
    : undefined;
}

/**
 * Cancels the owner's held reservation with this token in one guarded update: answers whether it was
 * held (a second cancel, a foreign or lapsed token change nothing).
 */
export async function cancelSlotReservation(
  db: Db,
  owner: CartOwner,
  token: string,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('grocery_slot_reservations')
    .set({ cancelled_at: now })
    .where('token', '=', token)
    .where('owner_type', '=', owner.type)
    .where('owner_id', '=', owner.id)
    .where('cancelled_at', 'is', null)
    .where('fresh_order_id', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

// The checkout's columns (migration 0017, decision 0047), kept with the code that reads them.
declare module '../schema' {
  interface GroceryStoreTable {
    slot_capacity: Generated<number>;
    minimum_order_minor: Generated<number>;
  }
  interface GrocerySlotReservationTable {
    fresh_order_id: Generated<string | null>;
  }
}

export type StoreSlotSettings = {
  storeId: string;
  name: string;
  slotCapacity: number;
  minimumOrderMinor: number;
};

export async function findStoreSlotSettings(db: Db, storeId: string): Promise<StoreSlotSettings | undefined> {
  const row = await db
    .selectFrom('grocery_stores')
    .select(['store_id', 'name', 'slot_capacity', 'minimum_order_minor'])
    .where('store_id', '=', storeId)
    .executeTakeFirst();
  return row
    ? {
        storeId: row.store_id,
        name: row.name,
        slotCapacity: row.slot_capacity,
        minimumOrderMinor: row.minimum_order_minor,
      }
    : undefined;
}

/**
 * Locks the store's windows for a reservation or an order (PostgreSQL: the store row's lock orders
 * every writer of its windows; SQLite runs one write transaction at a time), then answers its settings.
 */
export async function lockStoreSlots(db: Db, storeId: string): Promise<StoreSlotSettings | undefined> {
  await db
    .updateTable('grocery_stores')
    .set((eb) => ({ slot_capacity: eb.ref('slot_capacity') }))
    .where('store_id', '=', storeId)
    .execute();
  return findStoreSlotSettings(db, storeId);
}

/** Test and operator hook: a store's places per window and minimum order. */
export async function setStoreSlotSettings(
  db: Db,
  storeId: string,
  settings: { slotCapacity?: number; minimumOrderMinor?: number },
): Promise<void> {
  await db
    .updateTable('grocery_stores')
    .set({
      ...(settings.slotCapacity !== undefined ? { slot_capacity: settings.slotCapacity } : {}),
      ...(settings.minimumOrderMinor !== undefined
        ? { minimum_order_minor: settings.minimumOrderMinor }
        : {}),
    })
    .where('store_id', '=', storeId)
    .execute();
}

/**
 * Places taken in each of the store's windows at `now`: holds still live (not cancelled, not expired,
 * not yet an order) and orders, by window start.
 */
export async function countTakenPlaces(
  db: Db,
  storeId: string,
  now: number,
  slotStart?: number,
): Promise<Map<number, number>> {
  let holds = db
    .selectFrom('grocery_slot_reservations')
    .select(['slot_start', (eb) => eb.fn.countAll<string | number>().as('n')])
    .where('store_id', '=', storeId)
    .where('cancelled_at', 'is', null)
    .where('fresh_order_id', 'is', null)
    .where('expires_at', '>', now)
    .groupBy('slot_start');
  let orders = db
    .selectFrom('fresh_orders')
    .select(['delivery_start as slot_start', (eb) => eb.fn.countAll<string | number>().as('n')])
    .where('store_id', '=', storeId)
    .where('delivery_end', '>', now)
    .groupBy('delivery_start');
  if (slotStart !== undefined) {
    holds = holds.where('slot_start', '=', slotStart);
    orders = orders.where('delivery_start', '=', slotStart);
  }
  const taken = new Map<number, number>();
  for (const row of [...(await holds.execute()), ...(await orders.execute())]) {
    const start = Number(row.slot_start);
    taken.set(start, (taken.get(start) ?? 0) + Number(row.n));
  }
  return taken;
}

/** The owner's reservation with this token, whatever its state (held, lapsed, cancelled or placed). */
export async function findOwnerReservation(
  db: Db,
  owner: CartOwner,
  token: string,
): Promise<(SlotReservation & { cancelledAt: number | null; freshOrderId: string | null }) | undefined> {
  const row = await db
    .selectFrom('grocery_slot_reservations')
    .selectAll()
    .where('token', '=', token)
    .where('owner_type', '=', owner.type)
    .where('owner_id', '=', owner.id)
    .executeTakeFirst();
  return row
    ? {
        token: row.token,
        storeId: row.store_id,
        slotStart: Number(row.slot_start),
        slotEnd: Number(row.slot_end),
        expiresAt: Number(row.expires_at),
        cancelledAt: row.cancelled_at === null ? null : Number(row.cancelled_at),
        freshOrderId: row.fresh_order_id,
      }
    : undefined;
}

/** Cancels every hold the owner still has (a new choice replaces the old one). */
export async function cancelOwnerHolds(db: Db, owner: CartOwner, now: number): Promise<void> {
  await db
    .updateTable('grocery_slot_reservations')
    .set({ cancelled_at: now })
    .where('owner_type', '=', owner.type)
    .where('owner_id', '=', owner.id)
    .where('cancelled_at', 'is', null)
    .where('fresh_order_id', 'is', null)
    .execute();
}

/** The reservation became this order: its place is the order's from now on. */
export async function markReservationPlaced(db: Db, token: string, orderId: string): Promise<void> {
  await db
    .updateTable('grocery_slot_reservations')
    .set({ fresh_order_id: orderId })
    .where('token', '=', token)
    .execute();
}
