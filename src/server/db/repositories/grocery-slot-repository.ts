import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
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
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  return row
    ? {
        token: row.token,
        storeId: row.store_id,
        slotStart: row.slot_start,
        slotEnd: row.slot_end,
        expiresAt: row.expires_at,
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
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
