import type { Kysely } from 'kysely';
import type { ShippingAddress } from '../../../domain/checkout/shipping-address';
import type { CustomerRow, Database, NewCustomer } from '../schema';
import { decodeStored } from './stored-json';

type Db = Kysely<Database>;

export function findCustomerByEmail(db: Db, email: string): Promise<CustomerRow | undefined> {
  return db
    .selectFrom('customers')
    .selectAll()
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
}

export async function createCustomer(db: Db, customer: NewCustomer): Promise<void> {
  await db
    .insertInto('customers')
    .values({ ...customer, email: customer.email.trim().toLowerCase() })
    .execute();
}

export async function recordSignInFailure(db: Db, email: string, ip: string, at: number): Promise<void> {
  await db.insertInto('sign_in_failures').values({ email: email.trim().toLowerCase(), ip, at }).execute();
}

/** Failed sign-ins since `since`, for this email and from this address. */
export async function countSignInFailures(
  db: Db,
  email: string,
  ip: string,
  since: number,
): Promise<{ email: number; ip: number }> {
  const row = await db
    .selectFrom('sign_in_failures')
    .select((eb) => [
      eb.fn
        .sum<number>(eb.case().when('email', '=', email.trim().toLowerCase()).then(1).else(0).end())
        .as('email'),
      eb.fn.sum<number>(eb.case().when('ip', '=', ip).then(1).else(0).end()).as('ip'),
    ])
    .where('at', '>=', since)
    .where((eb) => eb.or([eb('email', '=', email.trim().toLowerCase()), eb('ip', '=', ip)]))
    .executeTakeFirst();
  return { email: Number(row?.email ?? 0), ip: Number(row?.ip ?? 0) };
}

export async function clearSignInFailures(db: Db, email: string): Promise<void> {
  await db.deleteFrom('sign_in_failures').where('email', '=', email.trim().toLowerCase()).execute();
}

/** What an account keeps for checkout and 1-Click: a shipping address and a payment method's label. */
export type SavedCheckout = { address: ShippingAddress | null; paymentMethod: string | null };

export async function findSavedCheckout(db: Db, customerId: string): Promise<SavedCheckout> {
  const row = await db
    .selectFrom('customers')
    .select(['shipping_address', 'payment_method'])
    .where('id', '=', customerId)
    .executeTakeFirst();
  return {
    address: decodeStored<ShippingAddress>(row?.shipping_address ?? null),
    paymentMethod: row?.payment_method ?? null,
  };
}

/** Saves what is given of the account's checkout details, keeping what is there unless `replace`. */
export async function saveCheckoutDetails(
  db: Db,
  customerId: string,
  details: { address?: ShippingAddress; paymentMethod?: string },
  options: { replace: boolean },
): Promise<void> {
  const { address, paymentMethod } = details;
  if (address) {
    let update = db
      .updateTable('customers')
      .set({ shipping_address: JSON.stringify(address) })
      .where('id', '=', customerId);
    if (!options.replace) update = update.where('shipping_address', 'is', null);
    await update.execute();
  }
  if (paymentMethod) {
    let update = db
      .updateTable('customers')
      .set({ payment_method: paymentMethod })
      .where('id', '=', customerId);
    if (!options.replace) update = update.where('payment_method', 'is', null);
    await update.execute();
  }
}

/** Whether the customer has a business account (business-only offers are theirs to see and buy). */
export async function isBusinessCustomer(db: Db, customerId: string): Promise<boolean> {
  const row = await db
    .selectFrom('customers')
    .select('is_business')
    .where('id', '=', customerId)
    .executeTakeFirst();
  return row?.is_business === 1;
}
