import type { Generated, Kysely } from 'kysely';
import { preparedQuery } from '../prepared-query';
import type { Database } from '../schema';
import type { CartOwner } from './cart-repository';

type Db = Kysely<Database>;

// A weighed line's weight (migration 0017, decision 0047), in thousandths of its unit of measure.
declare module '../schema' {
  interface FreshCartLineTable {
    amount_milli: Generated<number | null>;
  }
}

/** A fresh cart line with the store it came from. */
export type FreshLine = {
  id: string;
  cartId: string;
  asin: string;
  offerId: string;
  quantity: number;
  storeId: string;
  brandId: string;
  /** A weighed line's weight in thousandths of its unit; null for a line counted in units. */
  amountMilli: number | null;
};

/** Records the store of a fresh cart line, just written by the cart repository in the same transaction. */
export async function recordFreshLineStore(db: Db, cartItemId: string, storeId: string, brandId: string) {
  await db
    .insertInto('fresh_cart_lines')
    .values({ cart_item_id: cartItemId, store_id: storeId, brand_id: brandId })
    .onConflict((oc) => oc.column('cart_item_id').doUpdateSet({ store_id: storeId, brand_id: brandId }))
    .execute();
}

/** Sets a weighed line's weight (null: a line counted in units). */
export async function setFreshLineAmount(db: Db, cartItemId: string, amountMilli: number | null) {
  await db
    .updateTable('fresh_cart_lines')
    .set({ amount_milli: amountMilli })
    .where('cart_item_id', '=', cartItemId)
    .execute();
}

/** The owner's fresh cart lines, oldest first, each with its store. */
export async function findFreshLines(db: Db, owner: CartOwner, marketplaceId: string): Promise<FreshLine[]> {
  const rows = await db
    .selectFrom('cart_items')
    .innerJoin('carts', 'carts.id', 'cart_items.cart_id')
    .innerJoin('fresh_cart_lines', 'fresh_cart_lines.cart_item_id', 'cart_items.id')
    .select([
      'cart_items.id',
      'cart_items.cart_id',
      'cart_items.asin',
      'cart_items.offer_id',
      'cart_items.quantity',
      'fresh_cart_lines.store_id',
      'fresh_cart_lines.brand_id',
      'fresh_cart_lines.amount_milli',
    ])
    .where('carts.marketplace_id', '=', marketplaceId)
    .where('carts.owner_type', '=', owner.type)
    .where('carts.owner_id', '=', owner.id)
    .where('carts.cart_type', '=', 'FRESH')
    .orderBy('cart_items.added_at')
    .orderBy('cart_items.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    cartId: row.cart_id,
    asin: row.asin,
    offerId: row.offer_id,
    quantity: row.quantity,
    storeId: row.store_id,
    brandId: row.brand_id,
    amountMilli: row.amount_milli === null ? null : Number(row.amount_milli),
  }));
}

// Every retail cart add asks this: compiled once (decision 0028).
const groceryProductQuery = preparedQuery((db: Db, p: { asin: string }) =>
  db.selectFrom('product_grocery').select('asin').where('asin', '=', p.asin),
);

/** Whether the product is sold only through grocery stores (fresh and retail carts never mix). */
export async function isGroceryProduct(db: Db, asin: string): Promise<boolean> {
  return (await groceryProductQuery(db, { asin })).rows.length > 0;
}
