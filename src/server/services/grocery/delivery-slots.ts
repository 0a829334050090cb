import type { Kysely } from 'kysely';
import type { CartOwner } from '../../db/repositories/cart-repository';
import { cancelSlotReservation } from '../../db/repositories/grocery-slot-repository';
import type { Database } from '../../db/schema';

/** GRO-025: clears the shopper's delivery slot reservation; false when they hold none with this token. */
export function cancelDeliverySlot(
  db: Kysely<Database>,
  owner: CartOwner,
  token: string,
  now: number,
): Promise<boolean> {
  return cancelSlotReservation(db, owner, token, now);
}
