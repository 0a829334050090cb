import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, OrderItemRow, OrderRow } from '../schema';

type Db = Kysely<Database>;

/** Amazon-style order ids: 111-1234567-1234567. */
export function newOrderId(): string {
  const digits = Array.from(randomBytes(17), (b) => String(b % 10)).join('');
  return `111-${digits.slice(0, 7)}-${digits.slice(7, 14)}`;
}

/**
 * Takes `quantity` units of an offer in one guarded statement: it changes a row only when enough
 * stock is left, so concurrent orders can never take more than there is.
 */
export async function takeStock(db: Db, offerId: string, quantity: number): Promise<boolean> {
  const result = await db
    .updateTable('offers')
    .set((eb) => ({ stock: eb('stock', '-', quantity) }))
    .where('id', '=', offerId)
    .where('stock', '>=', quantity)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertOrder(db: Db, order: OrderRow, items: OrderItemRow[]): Promise<void> {
  await db.insertInto('orders').values(order).execute();
  if (items.length) await db.insertInto('order_items').values(items).execute();
}

export async function findOrder(db: Db, orderId: string) {
  const order = await db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
  if (!order) return undefined;
  const items = await db
    .selectFrom('order_items')
    .innerJoin('products', 'products.asin', 'order_items.asin')
    .select([
      'order_items.id',
      'order_items.asin',
      'order_items.offer_id',
      'order_items.quantity',
      'order_items.unit_price_minor',
      'products.title',
      'products.images',
    ])
    .where('order_id', '=', orderId)
    .orderBy('order_items.id')
    .execute();
  return { order, items };
}
