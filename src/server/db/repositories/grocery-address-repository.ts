import { randomBytes } from 'node:crypto';
import type { Generated, Kysely } from 'kysely';
import type { ShippingAddress } from '../../../domain/checkout/shipping-address';
import type { Database } from '../schema';

type Db = Kysely<Database>;

export type GroceryAddress = ShippingAddress & { id: string };

const newGroceryAddressId = () => `GA${randomBytes(8).toString('hex').toUpperCase()}`;

/** A customer's grocery delivery addresses, oldest first. */
export async function findGroceryAddresses(db: Db, customerId: string): Promise<GroceryAddress[]> {
  const rows = await db
    .selectFrom('grocery_addresses')
    .selectAll()
    .where('customer_id', '=', customerId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    fullName: row.full_name,
    line1: row.line1,
    city: row.city,
    state: row.state,
    postalCode: row.postal_code,
  }));
}

export async function insertGroceryAddress(
  db: Db,
  customerId: string,
  address: ShippingAddress,
  now: number,
  id = newGroceryAddressId(),
): Promise<string> {
  await db
    .insertInto('grocery_addresses')
    .values({
      id,
      customer_id: customerId,
      full_name: address.fullName,
      line1: address.line1,
      city: address.city,
      state: address.state,
      postal_code: address.postalCode,
      created_at: now,
    })
    .execute();
  return id;
}

/** The address id the customer chose for grocery, if any. */
export async function findSelectedAddressId(db: Db, customerId: string): Promise<string | null> {
  const row = await db
    .selectFrom('grocery_address_selections')
    .select('address_id')
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  return row?.address_id ?? null;
}

/** Chooses one of the customer's addresses (an upsert: one choice per customer). */
export async function selectGroceryAddress(db: Db, customerId: string, addressId: string, now: number) {
  await db
    .insertInto('grocery_address_selections')
    .values({ customer_id: customerId, address_id: addressId, updated_at: now })
    .onConflict((oc) => oc.column('customer_id').doUpdateSet({ address_id: addressId, updated_at: now }))
    .execute();
}

// Going back from the cart conflicts (migration 0017, decision 0048).
declare module '../schema' {
  interface GroceryAddressSelectionTable {
    previous_address_id: Generated<string | null>;
    conflicts_pending: Generated<number>;
  }
}

/**
 * The shopper's address change (GRO-028): the new choice, remembering the one it replaces until the
 * change settles (no conflicts, or the conflicts resolved).
 */
export async function changeGroceryAddress(db: Db, customerId: string, addressId: string, now: number) {
  const before = await findSelectedAddressId(db, customerId);
  const previous = before && before !== addressId ? before : null;
  await db
    .insertInto('grocery_address_selections')
    .values({
      customer_id: customerId,
      address_id: addressId,
      updated_at: now,
      previous_address_id: previous,
      conflicts_pending: 0,
    })
    .onConflict((oc) =>
      oc.column('customer_id').doUpdateSet({
        address_id: addressId,
        updated_at: now,
        previous_address_id: previous,
        conflicts_pending: 0,
      }),
    )
    .execute();
}

/** The shopper was shown the conflicts of their change: leaving without resolving them undoes it. */
export async function markAddressChangeHeldUp(db: Db, customerId: string) {
  await db
    .updateTable('grocery_address_selections')
    .set({ conflicts_pending: 1 })
    .where('customer_id', '=', customerId)
    .where('previous_address_id', 'is not', null)
    .execute();
}

/** The change stands (its conflicts resolved): nothing to go back to any more. */
export async function settleAddressChange(db: Db, customerId: string) {
  await db
    .updateTable('grocery_address_selections')
    .set({ previous_address_id: null, conflicts_pending: 0 })
    .where('customer_id', '=', customerId)
    .execute();
}

/**
 * Undoes a change held up by conflicts the shopper left unresolved, in one guarded update: the
 * previous address is chosen again. Answers whether it did.
 */
export async function revertHeldUpAddressChange(db: Db, customerId: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('grocery_address_selections')
    .set((eb) => ({
      address_id: eb.ref('previous_address_id') as never,
      previous_address_id: null,
      conflicts_pending: 0,
      updated_at: now,
    }))
    .where('customer_id', '=', customerId)
    .where('conflicts_pending', '=', 1)
    .where('previous_address_id', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
