import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ShippingAddress } from '../../../domain/checkout/shipping-address';
import type { Database, OrderDiscountRow, OrderItemRow, OrderRow } from '../schema';
import { decodeStored, firstStoredImage } from './stored-json';

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

/** An order as it is written: its shipping address as a value, stored as JSON. */
export type NewOrder = Omit<OrderRow, 'shipping_address'> & { shipping_address: ShippingAddress | null };

export async function insertOrder(
  db: Db,
  order: NewOrder,
  items: OrderItemRow[],
  discounts: OrderDiscountRow[] = [],
): Promise<void> {
  await db
    .insertInto('orders')
    .values({
      ...order,
      shipping_address: order.shipping_address ? JSON.stringify(order.shipping_address) : null,
    })
    .execute();
  if (items.length) await db.insertInto('order_items').values(items).execute();
  if (discounts.length) await db.insertInto('order_discounts').values(discounts).execute();
}

type OrderRequestKeyRow = { customer_id: string; request_key: string; order_id: string; created_at: number };

declare module '../schema' {
  interface Database {
    order_request_keys: OrderRequestKeyRow;
  }
}

/** The order a customer's request (its idempotency key) placed, with its totals; undefined if none. */
export async function findOrderByRequestKey(db: Db, customerId: string, requestKey: string) {
  return db
    .selectFrom('order_request_keys as k')
    .innerJoin('orders as o', 'o.id', 'k.order_id')
    .select((eb) => [
      'o.id',
      'o.subtotal_minor',
      eb
        .selectFrom('order_discounts as d')
        .select((d) => d.fn.sum<number>('d.amount_minor').as('sum'))
        .whereRef('d.order_id', '=', 'o.id')
        .as('discounts_minor'),
    ])
    .where('k.customer_id', '=', customerId)
    .where('k.request_key', '=', requestKey)
    .executeTakeFirst();
}

/** Records the request that placed an order; run in the order's transaction. */
export async function recordOrderRequestKey(
  db: Db,
  row: { customerId: string; requestKey: string; orderId: string; now: number },
): Promise<void> {
  await db
    .insertInto('order_request_keys')
    .values({
      customer_id: row.customerId,
      request_key: row.requestKey,
      order_id: row.orderId,
      created_at: row.now,
    })
    .execute();
}

/** An order with its lines (each with its product's title and first image), stored JSON decoded. */
export async function findOrder(db: Db, orderId: string) {
  const row = await db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
  if (!row) return undefined;
  const items = await db
    .selectFrom('order_items')
    .innerJoin('products', 'products.asin', 'order_items.asin')
    .select([
      'order_items.id',
      'order_items.asin',
      'order_items.offer_id',
      'order_items.quantity',
      'order_items.unit_price_minor',
      'order_items.parent_item_id',
      'order_items.line_total_minor',
      'products.title',
      'products.images',
    ])
    .where('order_id', '=', orderId)
    .orderBy('order_items.id')
    .execute();
  const discounts = await db
    .selectFrom('order_discounts')
    .select(['promotion_id', 'description', 'amount_minor'])
    .where('order_id', '=', orderId)
    .orderBy('promotion_id')
    .execute();
  return {
    order: { ...row, shipping_address: decodeStored<ShippingAddress>(row.shipping_address) },
    discounts,
    items: items.map(({ images, ...item }) => ({ ...item, image: firstStoredImage(images) })),
  };
}

/** The shipping address of the customer's latest order that has one (1-Click ships there). */
export async function findLastShippingAddress(db: Db, customerId: string): Promise<ShippingAddress | null> {
  const last = await db
    .selectFrom('orders')
    .select('shipping_address')
    .where('customer_id', '=', customerId)
    .where('shipping_address', 'is not', null)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return decodeStored<ShippingAddress>(last?.shipping_address ?? null);
}

/** The customer's orders, newest first, for their account page. */
export async function findCustomerOrders(db: Db, customerId: string, limit = 20) {
  const rows = await db
    .selectFrom('orders')
    .leftJoin('order_items', 'order_items.order_id', 'orders.id')
    .select((eb) => [
      'orders.id',
      'orders.created_at',
      'orders.subtotal_minor',
      'orders.total_minor',
      'orders.currency_code',
      eb.fn.coalesce(eb.fn.sum<number>('order_items.quantity'), eb.lit(0)).as('item_count'),
    ])
    .where('orders.customer_id', '=', customerId)
    .groupBy([
      'orders.id',
      'orders.created_at',
      'orders.subtotal_minor',
      'orders.total_minor',
      'orders.currency_code',
    ])
    .orderBy('orders.created_at', 'desc')
    .orderBy('orders.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, item_count: Number(row.item_count) }));
}
