import type { Kysely } from 'kysely';
import { preparedQuery } from '../prepared-query';
import type { CustomerRow, Database } from '../schema';

type Db = Kysely<Database>;

// Signed-in sessions; anonymous ones live only in their cookie.

const sessionCustomerQuery = preparedQuery((db: Db, p: { sessionId: string; now: number }) =>
  db
    .selectFrom('sessions')
    .innerJoin('customers', 'customers.id', 'sessions.customer_id')
    .selectAll('customers')
    .where('sessions.id', '=', p.sessionId)
    .where('sessions.expires_at', '>', p.now),
);

export async function findSessionCustomer(
  db: Db,
  sessionId: string,
  now: number,
): Promise<CustomerRow | undefined> {
  return (await sessionCustomerQuery(db, { sessionId, now })).rows[0];
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
