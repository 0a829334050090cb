import type { Kysely } from 'kysely';
import type { ClaimedRecycleAndSave } from '../../../domain/trade-in/recycle-and-save';
import { insertMany } from '../insert-many';
import type { Database } from '../schema';

type Db = Kysely<Database>;

/** A product's recycle-and-save promotion (decision 0051). */
export type RecycleAndSavePromotionRow = {
  asin: string;
  product_group: string;
  percent_off: number;
  description: string;
};

/** A customer's claim of a product's promotion; `order_id` is the order it came off, null until then. */
type RecycleAndSaveClaimRow = {
  customer_id: string;
  asin: string;
  claimed_at: number;
  order_id: string | null;
};

declare module '../schema' {
  interface Database {
    recycle_and_save_promotions: RecycleAndSavePromotionRow;
    recycle_and_save_claims: RecycleAndSaveClaimRow;
  }
}

export async function findRecycleAndSavePromotion(
  db: Db,
  asin: string,
): Promise<RecycleAndSavePromotionRow | null> {
  return (
    (await db
      .selectFrom('recycle_and_save_promotions')
      .selectAll()
      .where('asin', '=', asin)
      .executeTakeFirst()) ?? null
  );
}

/** Whether the product's promotion row is `wanted` (null: none), for an unchanged import to write nothing. */
export async function sameRecycleAndSavePromotion(
  db: Db,
  asin: string,
  wanted: RecycleAndSavePromotionRow | null,
): Promise<boolean> {
  const stored = await findRecycleAndSavePromotion(db, asin);
  if (wanted === null || stored === null) return wanted === stored;
  return (
    stored.product_group === wanted.product_group &&
    Number(stored.percent_off) === wanted.percent_off &&
    stored.description === wanted.description
  );
}

/** The promotions of products new to the store, in as few statements as the database allows. */
export async function insertRecycleAndSavePromotions(
  db: Db,
  rows: readonly RecycleAndSavePromotionRow[],
): Promise<void> {
  await insertMany(db, 'recycle_and_save_promotions', rows);
}

/** Replaces the product's promotion (null: none). Claims already made stay. */
export async function replaceRecycleAndSavePromotion(
  db: Db,
  asin: string,
  row: RecycleAndSavePromotionRow | null,
): Promise<void> {
  await db.deleteFrom('recycle_and_save_promotions').where('asin', '=', asin).execute();
  if (row) await db.insertInto('recycle_and_save_promotions').values(row).execute();
}

/** Whether the customer has claimed the product's promotion. */
export async function hasClaimedRecycleAndSave(db: Db, customerId: string, asin: string): Promise<boolean> {
  const row = await db
    .selectFrom('recycle_and_save_claims')
    .select('asin')
    .where('customer_id', '=', customerId)
    .where('asin', '=', asin)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Claims the product's promotion for the customer in one guarded statement: the insert does nothing
 * when a claim exists (the primary key), so of any number of claims at once exactly one succeeds.
 * Answers whether this one did.
 */
export async function claimRecycleAndSave(
  db: Db,
  customerId: string,
  asin: string,
  now: number,
): Promise<boolean> {
  const result = await db
    .insertInto('recycle_and_save_claims')
    .values({ customer_id: customerId, asin, claimed_at: now, order_id: null })
    .onConflict((conflict) => conflict.columns(['customer_id', 'asin']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** The customer's claimed promotions no order has used, with what each takes off. */
export async function findUnusedRecycleAndSaveClaims(
  db: Db,
  customerId: string,
): Promise<ClaimedRecycleAndSave[]> {
  const rows = await db
    .selectFrom('recycle_and_save_claims as c')
    .innerJoin('recycle_and_save_promotions as p', 'p.asin', 'c.asin')
    .select(['c.asin', 'p.percent_off', 'p.description'])
    .where('c.customer_id', '=', customerId)
    .where('c.order_id', 'is', null)
    .orderBy('c.asin')
    .execute();
  return rows.map((row) => ({
    asin: row.asin,
    percentOff: Number(row.percent_off),
    description: row.description,
  }));
}

/**
 * Marks the claim used by an order, guarded as a coupon is: of two orders placed at once only one
 * gets the discount. Answers whether this order got it.
 */
export async function markRecycleAndSaveUsed(
  db: Db,
  customerId: string,
  asin: string,
  orderId: string,
): Promise<boolean> {
  const result = await db
    .updateTable('recycle_and_save_claims')
    .set({ order_id: orderId })
    .where('customer_id', '=', customerId)
    .where('asin', '=', asin)
    .where('order_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The product a promotion is on, as its modal shows it: title and regular (NEW) price in a marketplace. */
export async function findPromotedProduct(
  db: Db,
  asin: string,
  marketplaceId: string,
): Promise<{ title: string; priceMinor: number | null; currencyCode: string | null } | null> {
  const product = await db.selectFrom('products').select('title').where('asin', '=', asin).executeTakeFirst();
  if (!product) return null;
  const offer = await db
    .selectFrom('offers')
    .select(['price_minor', 'currency_code'])
    .where('asin', '=', asin)
    .where('marketplace_id', '=', marketplaceId)
    .where('condition_type', '=', 'NEW')
    .orderBy('price_minor')
    .orderBy('id')
    .executeTakeFirst();
  return {
    title: product.title,
    priceMinor: offer?.price_minor ?? null,
    currencyCode: offer?.currency_code ?? null,
  };
}
