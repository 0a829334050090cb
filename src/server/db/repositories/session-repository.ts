import type { Kysely } from 'kysely';
import { preparedQuery } from '../prepared-query';
import type { CustomerRow, Database } from '../schema';

type Db = Kysely<Database>;

// Signed-in sessions; anonymous ones live only in their cookie.

/** The customer a signed-in session belongs to, as the rest of the server reads them. */
export type Customer = {
  id: string;
  email: string;
  name: string;
  isPrime: boolean;
  isBusiness: boolean;
  postalCode: string | null;
  /** The customer has a saved shipping address (1-Click's destination): they have a location. */
  hasSavedAddress: boolean;
};

const toCustomer = (row: CustomerRow): Customer => ({
  id: row.id,
  email: row.email,
  name: row.name,
  isPrime: row.is_prime === 1,
  isBusiness: row.is_business === 1,
  postalCode: row.postal_code,
  hasSavedAddress: typeof row.shipping_address === 'string' && row.shipping_address !== '',
});

const sessionCustomerQuery = preparedQuery((db: Db, p: { sessionId: string; now: number }) =>
  db
    .selectFrom('sessions')
    .innerJoin('customers', 'customers.id', 'sessions.customer_id')
    .selectAll('customers')
    .where('sessions.id', '=', p.sessionId)
    .where('sessions.expires_at', '>', p.now),
);

/** The customer of a live signed-in session, or null. */
export async function findSessionCustomer(db: Db, sessionId: string, now: number): Promise<Customer | null> {
  const row = (await sessionCustomerQuery(db, { sessionId, now })).rows[0];
  return row ? toCustomer(row) : null;
}

export async function createSession(
  db: Db,
  session: { id: string; customerId: string; now: number; ttlMs: number },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      id: session.id,
      customer_id: session.customerId,
      created_at: session.now,
      expires_at: session.now + session.ttlMs,
    })
    .execute();
}

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}
