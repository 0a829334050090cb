import { randomBytes } from 'node:crypto';
import type { Generated, Kysely } from 'kysely';
import type { Database, FreshOrderTable } from '../schema';

type Db = Kysely<Database>;

// A weighed order line's weight (migration 0017, decision 0047), in thousandths of its unit.
declare module '../schema' {
  interface FreshOrderItemTable {
    amount_milli: Generated<number | null>;
  }
}

export type FreshOrder = {
  id: string;
  customerId: string;
  storeId: string;
  addressId: string;
  deliveryStart: number;
  deliveryEnd: number;
  cutoffAt: number;
};

export type FreshOrderItem = {
  asin: string;
  offerId: string;
  quantity: number;
  unitPriceMinor: number;
  /** A weighed line's weight in thousandths of its unit (priced by it); null otherwise. */
  amountMilli?: number | null;
};

export const newFreshOrderId = () => `FO-${randomBytes(6).toString('hex').toUpperCase()}`;

const toOrder = (row: FreshOrderTable): FreshOrder => ({
  id: row.id,
  customerId: row.customer_id,
  storeId: row.store_id,
  addressId: row.address_id,
  deliveryStart: row.delivery_start,
  deliveryEnd: row.delivery_end,
  cutoffAt: row.cutoff_at,
});

export async function insertFreshOrder(db: Db, order: FreshOrder, now: number): Promise<void> {
  await db
    .insertInto('fresh_orders')
    .values({
      id: order.id,
      customer_id: order.customerId,
      store_id: order.storeId,
      address_id: order.addressId,
      delivery_start: order.deliveryStart,
      delivery_end: order.deliveryEnd,
      cutoff_at: order.cutoffAt,
      created_at: now,
    })
    .execute();
}

/** The customer's scheduled fresh orders whose delivery is still to come, soonest first. */
export async function findUpcomingFreshOrders(
  db: Db,
  customerId: string,
  now: number,
): Promise<FreshOrder[]> {
  const rows = await db
    .selectFrom('fresh_orders')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('delivery_end', '>', now)
    .orderBy('delivery_start')
    .execute();
  return rows.map(toOrder);
}

/** The customer's fresh orders, newest first (the account page). */
export async function findCustomerFreshOrders(db: Db, customerId: string): Promise<FreshOrder[]> {
  const rows = await db
    .selectFrom('fresh_orders')
    .selectAll()
    .where('customer_id', '=', customerId)
    .orderBy('created_at', 'desc')
    .limit(20)
    .execute();
  return rows.map(toOrder);
}

export async function findFreshOrder(db: Db, orderId: string): Promise<FreshOrder | undefined> {
  const row = await db.selectFrom('fresh_orders').selectAll().where('id', '=', orderId).executeTakeFirst();
  return row ? toOrder(row) : undefined;
}

/**
 * Locks the order for an add (PostgreSQL: the row lock orders concurrent adds; SQLite runs one write
 * transaction at a time) and answers it when it still takes items at `now`.
 */
export async function lockOpenFreshOrder(db: Db, orderId: string): Promise<FreshOrder | undefined> {
  await db
    .updateTable('fresh_orders')
    .set((eb) => ({ cutoff_at: eb.ref('cutoff_at') }))
    .where('id', '=', orderId)
    .execute();
  return findFreshOrder(db, orderId);
}

export async function findFreshOrderItems(db: Db, orderId: string): Promise<FreshOrderItem[]> {
  const rows = await db
    .selectFrom('fresh_order_items')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('added_at')
    .orderBy('asin')
    .execute();
  return rows.map((row) => ({
    asin: row.asin,
    offerId: row.offer_id,
    quantity: row.quantity,
    unitPriceMinor: row.unit_price_minor,
    amountMilli: row.amount_milli === null ? null : Number(row.amount_milli),
  }));
}

/** Sets an order line's quantity (0 removes it); the price is the one of the moment it was added. */
export async function setFreshOrderItem(
  db: Db,
  orderId: string,
  item: FreshOrderItem,
  now: number,
): Promise<void> {
  if (item.quantity === 0) {
    await db
      .deleteFrom('fresh_order_items')
      .where('order_id', '=', orderId)
      .where('asin', '=', item.asin)
      .execute();
    return;
  }
  await db
    .insertInto('fresh_order_items')
    .values({
      order_id: orderId,
      asin: item.asin,
      offer_id: item.offerId,
      quantity: item.quantity,
      unit_price_minor: item.unitPriceMinor,
      amount_milli: item.amountMilli ?? null,
      added_at: now,
    })
    .onConflict((oc) =>
      oc
        .columns(['order_id', 'asin'])
        .doUpdateSet({ quantity: item.quantity, amount_milli: item.amountMilli ?? null }),
    )
    .execute();
}
