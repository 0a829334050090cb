import { type Kysely, sql } from 'kysely';

// Frozen in time: imports nothing from the app. Claims on PostgreSQL (decision 0037): the claim's first read
// asks whether a hold of the deal has run out (status HELD, expires_at ≤ now) and whether anyone waits
// (status WAITLISTED). With the two indexes on (deal_id, status, expires_at) and (deal_id, status,
// waitlist_ticket) PostgreSQL saw the same cost for both and often answered the first question through
// the waitlist index, reading every live hold of the deal on every claim (thousands in a rush). Each
// index now holds only the rows of its own status, so each question has exactly one index that fits,
// and a new hold is written to one of them instead of both.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('deal_claims_expiry_idx').execute();
  await db.schema.dropIndex('deal_claims_waitlist_idx').execute();
  await db.schema
    .createIndex('deal_claims_held_expiry_idx')
    .on('deal_claims')
    .columns(['deal_id', 'expires_at'])
    .where(sql.ref('status'), '=', sql.lit('HELD'))
    .execute();
  await db.schema
    .createIndex('deal_claims_waitlist_ticket_idx')
    .on('deal_claims')
    .columns(['deal_id', 'waitlist_ticket'])
    .where(sql.ref('status'), '=', sql.lit('WAITLISTED'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('deal_claims_waitlist_ticket_idx').execute();
  await db.schema.dropIndex('deal_claims_held_expiry_idx').execute();
  await db.schema
    .createIndex('deal_claims_expiry_idx')
    .on('deal_claims')
    .columns(['deal_id', 'status', 'expires_at'])
    .execute();
  await db.schema
    .createIndex('deal_claims_waitlist_idx')
    .on('deal_claims')
    .columns(['deal_id', 'status', 'waitlist_ticket'])
    .execute();
}
