import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
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
