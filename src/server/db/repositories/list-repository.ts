import { type Kysely, sql } from 'kysely';
import { LIST_LIMITS, type ListPriority } from '../../../shared/list-constants';
import type { Database } from '../schema';
import { firstStoredImage } from './stored-json';

type Db = Kysely<Database>;

// Offers a list never prices by: business-only ones (decision 0022) and a lightning deal's own offer.
const NOT_LISTABLE = ['B2B_NEW', 'CUSTOM_OFFER', 'B2B_RD', 'LIGHTNING_DEAL'];

/** A customer's list (decision 0058). */
export type ListRow = {
  id: string;
  external_id: string;
  customer_id: string;
  list_type: string;
  name: string;
  description: string;
  privacy: string;
  searchable: number;
  persistence: string;
  is_default: number;
  recipient_first_name: string | null;
  recipient_last_name: string | null;
  relationship: string | null;
  occasion_date: string | null;
  child_age: number | null;
  reminder_offset: number | null;
  share_token: string | null;
  created_at: number;
  updated_at: number;
};

/** One line of a list: one per list and asin; the price is the offer's when the item was first added. */
type ListItemRow = {
  list_id: string;
  asin: string;
  quantity: number;
  comment: string;
  priority: string;
  price_when_added_minor: number;
  currency_code: string;
  added_at: number;
};

/** An add that waited on sign-in (decision 0060): its request as JSON, completed once. */
type ListPendingAddRow = {
  id: string;
  payload: string;
  created_at: number;
  completed_at: number | null;
  customer_id: string | null;
};

declare module '../schema' {
  interface Database {
    lists: ListRow;
    list_items: ListItemRow;
    list_pending_adds: ListPendingAddRow;
  }
}

/** A list as the rest of the server reads it, with numbers as numbers on both databases. */
const toList = (row: ListRow): ListRow => ({
  ...row,
  searchable: Number(row.searchable),
  is_default: Number(row.is_default),
  child_age: row.child_age === null ? null : Number(row.child_age),
  reminder_offset: row.reminder_offset === null ? null : Number(row.reminder_offset),
  created_at: Number(row.created_at),
  updated_at: Number(row.updated_at),
});

export type ListSummaryRow = ListRow & { item_count: number };

/** The customer's lists with their item counts, the default list first, then the newest. */
export async function findListsOf(db: Db, customerId: string): Promise<ListSummaryRow[]> {
  const rows = await db
    .selectFrom('lists')
    .selectAll('lists')
    .select((eb) =>
      eb
        .selectFrom('list_items')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('list_items.list_id', '=', 'lists.id')
        .as('item_count'),
    )
    .where('customer_id', '=', customerId)
    .orderBy('is_default', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ ...toList(row), item_count: Number(row.item_count ?? 0) }));
}

export async function countListsOf(db: Db, customerId: string): Promise<number> {
  const row = await db
    .selectFrom('lists')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function findListByExternalId(db: Db, externalId: string): Promise<ListRow | null> {
  const row = await db
    .selectFrom('lists')
    .selectAll()
    .where('external_id', '=', externalId)
    .executeTakeFirst();
  return row ? toList(row) : null;
}

export async function findDefaultList(db: Db, customerId: string): Promise<ListRow | null> {
  const row = await db
    .selectFrom('lists')
    .selectAll()
    .where('customer_id', '=', customerId)
    .orderBy('is_default', 'desc')
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row ? toList(row) : null;
}

export async function insertList(db: Db, row: ListRow): Promise<void> {
  await db.insertInto('lists').values(row).execute();
}

export async function updateList(
  db: Db,
  id: string,
  patch: Partial<Pick<ListRow, 'name' | 'privacy' | 'share_token' | 'is_default' | 'updated_at'>>,
): Promise<void> {
  await db.updateTable('lists').set(patch).where('id', '=', id).execute();
}

export async function deleteList(db: Db, id: string): Promise<void> {
  await db.deleteFrom('list_items').where('list_id', '=', id).execute();
  await db.deleteFrom('lists').where('id', '=', id).execute();
}

export async function countListItems(db: Db, listId: string): Promise<number> {
  const row = await db
    .selectFrom('list_items')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('list_id', '=', listId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function hasListItem(db: Db, listId: string, asin: string): Promise<boolean> {
  const row = await db
    .selectFrom('list_items')
    .select('asin')
    .where('list_id', '=', listId)
    .where('asin', '=', asin)
    .executeTakeFirst();
  return !!row;
}

/**
 * Adds `quantity` of an item to a list in one statement: a new line, or the line's quantity raised
 * (capped), so parallel adds of one item never make two lines nor lose a unit.
 */
export async function addListItem(db: Db, item: ListItemRow): Promise<void> {
  const max = LIST_LIMITS.quantityMax;
  await db
    .insertInto('list_items')
    .values(item)
    .onConflict((oc) =>
      oc.columns(['list_id', 'asin']).doUpdateSet({
        quantity: sql<number>`case when list_items.quantity + excluded.quantity > ${max} then ${max} else list_items.quantity + excluded.quantity end`,
      }),
    )
    .execute();
}

export async function updateListItem(
  db: Db,
  listId: string,
  asin: string,
  patch: Partial<Pick<ListItemRow, 'quantity' | 'comment' | 'priority'>>,
): Promise<number> {
  const result = await db
    .updateTable('list_items')
    .set(patch)
    .where('list_id', '=', listId)
    .where('asin', '=', asin)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function deleteListItem(db: Db, listId: string, asin: string): Promise<number> {
  const result = await db
    .deleteFrom('list_items')
    .where('list_id', '=', listId)
    .where('asin', '=', asin)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** A list's line with what the page shows of its product and its best offer now. */
export type ListItemView = {
  asin: string;
  quantity: number;
  comment: string;
  priority: ListPriority;
  priceWhenAddedMinor: number;
  currencyCode: string;
  addedAt: number;
  title: string;
  image: { src: string; alt: string } | null;
  offer: { id: string; priceMinor: number; stock: number; buyable: boolean } | null;
};

/** The list's lines with their products and each product's cheapest offer anyone may buy. */
export async function findListItems(db: Db, listId: string, marketplaceId: string): Promise<ListItemView[]> {
  const rows = await db
    .selectFrom('list_items')
    .innerJoin('products', 'products.asin', 'list_items.asin')
    .selectAll('list_items')
    .select(['products.title', 'products.images'])
    .where('list_items.list_id', '=', listId)
    .execute();
  if (rows.length === 0) return [];
  const offers = await db
    .selectFrom('offers')
    .select(['id', 'asin', 'price_minor', 'stock', 'buyable', 'condition_type'])
    .where(
      'asin',
      'in',
      rows.map((r) => r.asin),
    )
    .where('marketplace_id', '=', marketplaceId)
    .where('condition_type', 'not in', NOT_LISTABLE)
    .orderBy('price_minor')
    .orderBy('id')
    .execute();
  return rows.map((row) => {
    const offer =
      offers.find((o) => o.asin === row.asin && Number(o.buyable) === 1) ??
      offers.find((o) => o.asin === row.asin);
    return {
      asin: row.asin,
      quantity: Number(row.quantity),
      comment: row.comment,
      priority: row.priority as ListPriority,
      priceWhenAddedMinor: Number(row.price_when_added_minor),
      currencyCode: row.currency_code,
      addedAt: Number(row.added_at),
      title: row.title,
      image: firstStoredImage(row.images),
      offer: offer
        ? {
            id: offer.id,
            priceMinor: Number(offer.price_minor),
            stock: Number(offer.stock),
            buyable: Number(offer.buyable) === 1,
          }
        : null,
    };
  });
}

/** The price an item is listed at now: its cheapest buyable offer for anyone, or null. */
export async function findListablePrice(
  db: Db,
  asin: string,
  marketplaceId: string,
): Promise<{ priceMinor: number; currencyCode: string } | null> {
  const row = await db
    .selectFrom('offers')
    .select(['price_minor', 'currency_code'])
    .where('asin', '=', asin)
    .where('marketplace_id', '=', marketplaceId)
    .where('condition_type', 'not in', NOT_LISTABLE)
    .orderBy('buyable', 'desc')
    .orderBy('price_minor')
    .limit(1)
    .executeTakeFirst();
  return row ? { priceMinor: Number(row.price_minor), currencyCode: row.currency_code } : null;
}

export async function productExists(db: Db, asin: string): Promise<boolean> {
  return !!(await db.selectFrom('products').select('asin').where('asin', '=', asin).executeTakeFirst());
}

export async function insertPendingAdd(db: Db, id: string, payload: unknown, now: number): Promise<void> {
  await db
    .insertInto('list_pending_adds')
    .values({ id, payload: JSON.stringify(payload), created_at: now, completed_at: null, customer_id: null })
    .execute();
}

/**
 * Marks a pending add completed by this customer, once (a guarded update): its payload and whether this
 * call won it; null when it is unknown or older than `since`.
 */
export async function takePendingAdd(
  db: Db,
  id: string,
  customerId: string,
  now: number,
  since: number,
): Promise<{ won: boolean; payload: unknown } | null> {
  const result = await db
    .updateTable('list_pending_adds')
    .set({ completed_at: now, customer_id: customerId })
    .where('id', '=', id)
    .where('completed_at', 'is', null)
    .where('created_at', '>=', since)
    .executeTakeFirst();
  const row = await db
    .selectFrom('list_pending_adds')
    .select('payload')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  return { won: Number(result.numUpdatedRows) === 1, payload: JSON.parse(row.payload) as unknown };
}
