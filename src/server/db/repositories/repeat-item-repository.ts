import type { Kysely } from 'kysely';
import type { Database } from '../schema';

type Db = Kysely<Database>;

export type RepeatItem = {
  customerId: string;
  asin: string;
  quantity: number;
  unit: string;
  cadenceWeeks: number;
  nextDropAt: number;
};

export async function findRepeatItem(
  db: Db,
  customerId: string,
  asin: string,
): Promise<RepeatItem | undefined> {
  const row = await db
    .selectFrom('repeat_items')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('asin', '=', asin)
    .executeTakeFirst();
  return row
    ? {
        customerId: row.customer_id,
        asin: row.asin,
        quantity: row.quantity,
        unit: row.unit,
        cadenceWeeks: row.cadence_weeks,
        nextDropAt: row.next_drop_at,
      }
    : undefined;
}

/**
 * Adds a repeat item unless the customer already repeats it: one guarded insert (the primary key), so
 * two adds at once make one item. Answers whether this call added it.
 */
export async function insertRepeatItem(db: Db, item: RepeatItem, now: number): Promise<boolean> {
  const result = await db
    .insertInto('repeat_items')
    .values({
      customer_id: item.customerId,
      asin: item.asin,
      quantity: item.quantity,
      unit: item.unit,
      cadence_weeks: item.cadenceWeeks,
      next_drop_at: item.nextDropAt,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.columns(['customer_id', 'asin']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function updateRepeatItem(
  db: Db,
  item: Pick<RepeatItem, 'customerId' | 'asin' | 'quantity' | 'cadenceWeeks' | 'nextDropAt'>,
  now: number,
): Promise<void> {
  await db
    .updateTable('repeat_items')
    .set({
      quantity: item.quantity,
      cadence_weeks: item.cadenceWeeks,
      next_drop_at: item.nextDropAt,
      updated_at: now,
    })
    .where('customer_id', '=', item.customerId)
    .where('asin', '=', item.asin)
    .execute();
}

/** Moves the next drop on, guarded by the date it had: two skips at once move it once each, never lose one. */
export async function moveNextDrop(
  db: Db,
  key: { customerId: string; asin: string },
  from: number,
  to: number,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('repeat_items')
    .set({ next_drop_at: to, updated_at: now })
    .where('customer_id', '=', key.customerId)
    .where('asin', '=', key.asin)
    .where('next_drop_at', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
