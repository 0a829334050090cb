import { type Kysely, sql } from 'kysely';
import { purchasedAfterFunding } from '../../../domain/registries/registry-rules';
import type { RegistryPrivacy, RegistryType } from '../../../shared/registry-constants';
import { timeOrderedHex } from '../row-ids';
import type { Database } from '../schema';
import { firstStoredImage } from './stored-json';

type Db = Kysely<Database>;

export type RegistryAddress = {
  fullName: string;
  line1: string;
  city: string;
  state: string;
  postalCode: string;
};

type RegistryRow = {
  id: string;
  customer_id: string;
  type: string;
  name: string;
  search_name: string;
  event_date: string;
  privacy: string;
  /** JSON of the registrant's shipping address: never sent to a gift-giver. */
  shipping_address: string;
  spoiler_free: number;
  created_at: number;
};
type RegistryItemRow = {
  id: string;
  registry_id: string;
  asin: string;
  requested_quantity: number;
  purchased_quantity: number;
  funded_minor: number;
  must_have: number;
  group_gifting: number;
  private: number;
  added_at: number;
};
type RegistryContributionRow = {
  id: string;
  registry_item_id: string;
  customer_id: string;
  amount_minor: number;
  payment_method: string;
  created_at: number;
};
type RegistryCartLineRow = { cart_item_id: string; registry_item_id: string; quantity: number };
type RegistryOrderLineRow = {
  order_id: string;
  registry_item_id: string;
  quantity: number;
  ship_to_registrant: number;
  created_at: number;
};

declare module '../schema' {
  interface Database {
    registries: RegistryRow;
    registry_items: RegistryItemRow;
    registry_contributions: RegistryContributionRow;
    registry_cart_lines: RegistryCartLineRow;
    registry_order_lines: RegistryOrderLineRow;
  }
}

/** A registry as the services read it (numbers and flags decoded; the address stays stored). */
export type Registry = {
  id: string;
  customerId: string;
  type: RegistryType;
  name: string;
  eventDate: string;
  privacy: RegistryPrivacy;
  spoilerFree: boolean;
  createdAt: number;
};

/** A registry item with its product's title, first image and lowest new price. */
export type RegistryItem = {
  id: string;
  registryId: string;
  asin: string;
  title: string;
  imageUrl: string;
  priceMinor: number | null;
  currencyCode: string | null;
  requested: number;
  purchased: number;
  fundedMinor: number;
  mustHave: boolean;
  groupGifting: boolean;
  private: boolean;
  addedAt: number;
};

export const newRegistryId = () => `REG${timeOrderedHex(16).toUpperCase()}`;
const newItemId = () => `RI${timeOrderedHex(18).toUpperCase()}`;

const toRegistry = (row: RegistryRow): Registry => ({
  id: row.id,
  customerId: row.customer_id,
  type: row.type as RegistryType,
  name: row.name,
  eventDate: row.event_date,
  privacy: row.privacy as RegistryPrivacy,
  spoilerFree: Number(row.spoiler_free) === 1,
  createdAt: Number(row.created_at),
});

export async function insertRegistry(
  db: Db,
  registry: Omit<Registry, 'spoilerFree' | 'createdAt'> & {
    searchName: string;
    address: RegistryAddress;
    spoilerFree?: boolean;
    now: number;
  },
): Promise<void> {
  await db
    .insertInto('registries')
    .values({
      id: registry.id,
      customer_id: registry.customerId,
      type: registry.type,
      name: registry.name,
      search_name: registry.searchName,
      event_date: registry.eventDate,
      privacy: registry.privacy,
      shipping_address: JSON.stringify(registry.address),
      spoiler_free: registry.spoilerFree ? 1 : 0,
      created_at: registry.now,
    })
    .execute();
}

export async function findRegistry(db: Db, id: string): Promise<Registry | null> {
  const row = await db.selectFrom('registries').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toRegistry(row) : null;
}

/** A customer's registries, oldest first. */
export async function findCustomerRegistries(db: Db, customerId: string): Promise<Registry[]> {
  const rows = await db
    .selectFrom('registries')
    .selectAll()
    .where('customer_id', '=', customerId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toRegistry);
}

/** Public registries whose name holds every word searched (words already normalised). */
export async function searchPublicRegistries(
  db: Db,
  words: readonly string[],
  limit = 20,
): Promise<Registry[]> {
  if (words.length === 0) return [];
  let query = db.selectFrom('registries').selectAll().where('privacy', '=', 'public');
  for (const word of words) query = query.where('search_name', 'like', `%${word.replace(/[%_]/g, '')}%`);
  const rows = await query.orderBy('event_date').orderBy('id').limit(limit).execute();
  return rows.map(toRegistry);
}

export async function updateRegistrySettings(
  db: Db,
  id: string,
  settings: { privacy?: RegistryPrivacy; spoilerFree?: boolean },
): Promise<void> {
  const values: Partial<RegistryRow> = {};
  if (settings.privacy !== undefined) values.privacy = settings.privacy;
  if (settings.spoilerFree !== undefined) values.spoiler_free = settings.spoilerFree ? 1 : 0;
  if (Object.keys(values).length === 0) return;
  await db.updateTable('registries').set(values).where('id', '=', id).execute();
}

/** The items of registries with their products, in the order they were added. */
export async function findRegistryItems(db: Db, registryIds: readonly string[]): Promise<RegistryItem[]> {
  if (registryIds.length === 0) return [];
  const rows = await db
    .selectFrom('registry_items as i')
    .innerJoin('products as p', 'p.asin', 'i.asin')
    .selectAll('i')
    .select(['p.title', 'p.images'])
    .where('i.registry_id', 'in', registryIds)
    .orderBy('i.added_at')
    .orderBy('i.id')
    .execute();
  const prices = await cheapestNewPrices(
    db,
    rows.map((row) => row.asin),
  );
  return rows.map((row) => ({
    id: row.id,
    registryId: row.registry_id,
    asin: row.asin,
    title: row.title,
    imageUrl: firstStoredImage(row.images)?.src ?? '',
    ...(prices.get(row.asin) ?? NO_PRICE),
    requested: Number(row.requested_quantity),
    purchased: Number(row.purchased_quantity),
    fundedMinor: Number(row.funded_minor),
    mustHave: Number(row.must_have) === 1,
    groupGifting: Number(row.group_gifting) === 1,
    private: Number(row.private) === 1,
    addedAt: Number(row.added_at),
  }));
}

export async function findRegistryItem(
  db: Db,
  registryId: string,
  itemId: string,
): Promise<RegistryItem | null> {
  return (await findRegistryItems(db, [registryId])).find((item) => item.id === itemId) ?? null;
}

/** Which of these registries hold the asin. */
export async function registriesHolding(
  db: Db,
  registryIds: readonly string[],
  asin: string,
): Promise<Set<string>> {
  if (registryIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('registry_items')
    .select('registry_id')
    .where('registry_id', 'in', registryIds)
    .where('asin', '=', asin)
    .execute();
  return new Set(rows.map((row) => row.registry_id));
}

/**
 * Adds an item, or finds it there: one insert that does nothing when the registry already holds the
 * asin (the unique key is the guard, so parallel adds give one row). `added` says which.
 */
export async function addRegistryItem(
  db: Db,
  item: { registryId: string; asin: string; requested: number; now: number },
): Promise<{ id: string; added: boolean }> {
  const id = newItemId();
  await db
    .insertInto('registry_items')
    .values({
      id,
      registry_id: item.registryId,
      asin: item.asin,
      requested_quantity: item.requested,
      purchased_quantity: 0,
      funded_minor: 0,
      must_have: 0,
      group_gifting: 0,
      private: 0,
      added_at: item.now,
    })
    .onConflict((oc) => oc.columns(['registry_id', 'asin']).doNothing())
    .execute();
  const row = await db
    .selectFrom('registry_items')
    .select('id')
    .where('registry_id', '=', item.registryId)
    .where('asin', '=', item.asin)
    .executeTakeFirstOrThrow();
  return { id: row.id, added: row.id === id };
}

export async function updateRegistryItem(
  db: Db,
  itemId: string,
  change: { requested?: number; mustHave?: boolean; groupGifting?: boolean; private?: boolean },
): Promise<void> {
  const values: Partial<RegistryItemRow> = {};
  if (change.requested !== undefined) values.requested_quantity = change.requested;
  if (change.mustHave !== undefined) values.must_have = change.mustHave ? 1 : 0;
  if (change.groupGifting !== undefined) values.group_gifting = change.groupGifting ? 1 : 0;
  if (change.private !== undefined) values.private = change.private ? 1 : 0;
  if (Object.keys(values).length === 0) return;
  await db.updateTable('registry_items').set(values).where('id', '=', itemId).execute();
}

export async function deleteRegistryItem(db: Db, itemId: string): Promise<void> {
  await db.deleteFrom('registry_items').where('id', '=', itemId).execute();
}

/** Marks a cart line as bought from a registry item (a later add to the same line keeps the item). */
export async function markRegistryCartLine(
  db: Db,
  line: { cartItemId: string; registryItemId: string; quantity: number },
): Promise<void> {
  await db
    .insertInto('registry_cart_lines')
    .values({ cart_item_id: line.cartItemId, registry_item_id: line.registryItemId, quantity: line.quantity })
    .onConflict((oc) =>
      oc.column('cart_item_id').doUpdateSet({
        registry_item_id: line.registryItemId,
        quantity: sql<number>`registry_cart_lines.quantity + ${line.quantity}`,
      }),
    )
    .execute();
}

/** The registry items these cart lines fill, with the units each line buys for its item. */
export async function findRegistryCartLines(
  db: Db,
  cartItemIds: readonly string[],
): Promise<RegistryCartLineRow[]> {
  if (cartItemIds.length === 0) return [];
  return db.selectFrom('registry_cart_lines').selectAll().where('cart_item_id', 'in', cartItemIds).execute();
}

export async function deleteRegistryCartLines(db: Db, cartItemIds: readonly string[]): Promise<void> {
  if (cartItemIds.length === 0) return;
  await db.deleteFrom('registry_cart_lines').where('cart_item_id', 'in', cartItemIds).execute();
}

/**
 * Records units an order bought for a registry item and raises its purchased count by them, in the
 * order's transaction: one relative update, so parallel orders add up exactly.
 */
/** An order's registry gifts sent to the registrant, by registry: its name and the items' titles. */
export async function findRegistryShipments(
  db: Db,
  orderId: string,
): Promise<{ registryName: string; titles: string[] }[]> {
  const rows = await db
    .selectFrom('registry_order_lines as l')
    .innerJoin('registry_items as i', 'i.id', 'l.registry_item_id')
    .innerJoin('registries as r', 'r.id', 'i.registry_id')
    .innerJoin('products as p', 'p.asin', 'i.asin')
    .select(['r.id', 'r.name', 'p.title'])
    .where('l.order_id', '=', orderId)
    .where('l.ship_to_registrant', '=', 1)
    .orderBy('r.id')
    .orderBy('p.title')
    .execute();
  const byRegistry = new Map<string, { registryName: string; titles: string[] }>();
  for (const row of rows) {
    const shipment = byRegistry.get(row.id) ?? { registryName: row.name, titles: [] };
    if (!shipment.titles.includes(row.title)) shipment.titles.push(row.title);
    byRegistry.set(row.id, shipment);
  }
  return [...byRegistry.values()];
}

export async function recordRegistryPurchase(
  db: Db,
  purchase: {
    orderId: string;
    registryItemId: string;
    quantity: number;
    shipToRegistrant: boolean;
    now: number;
  },
): Promise<void> {
  await db
    .insertInto('registry_order_lines')
    .values({
      order_id: purchase.orderId,
      registry_item_id: purchase.registryItemId,
      quantity: purchase.quantity,
      ship_to_registrant: purchase.shipToRegistrant ? 1 : 0,
      created_at: purchase.now,
    })
    .onConflict((oc) =>
      oc.columns(['order_id', 'registry_item_id']).doUpdateSet({
        quantity: sql<number>`registry_order_lines.quantity + ${purchase.quantity}`,
      }),
    )
    .execute();
  await db
    .updateTable('registry_items')
    .set({ purchased_quantity: sql<number>`purchased_quantity + ${purchase.quantity}` })
    .where('id', '=', purchase.registryItemId)
    .execute();
}

/**
 * Adds a contribution to a group gift by one guarded update (funded + amount may not pass the
 * target), then records it and sets the units that count as purchased (`purchasedAfterFunding`);
 * false when the guard refused.
 */
export async function contributeToGroupGift(
  db: Db,
  contribution: {
    registryItemId: string;
    customerId: string;
    amountMinor: number;
    targetMinor: number;
    unitPriceMinor: number;
    requested: number;
    paymentMethod: string;
    now: number;
  },
): Promise<boolean> {
  const { amountMinor, targetMinor, unitPriceMinor } = contribution;
  const raised = await db
    .updateTable('registry_items')
    .set({ funded_minor: sql<number>`funded_minor + ${amountMinor}` })
    .where('id', '=', contribution.registryItemId)
    .where(sql<boolean>`funded_minor + ${amountMinor} <= ${targetMinor}`)
    .executeTakeFirst();
  if (Number(raised.numUpdatedRows) !== 1) return false;
  // The row is this transaction's now (locked on PostgreSQL): what it reads is what it wrote.
  const funded = await db
    .selectFrom('registry_items')
    .select(['funded_minor', 'purchased_quantity'])
    .where('id', '=', contribution.registryItemId)
    .executeTakeFirstOrThrow();
  const purchased = purchasedAfterFunding(Number(funded.purchased_quantity), {
    unitPriceMinor,
    requested: contribution.requested,
    fundedMinor: Number(funded.funded_minor),
  });
  await db
    .updateTable('registry_items')
    .set({ purchased_quantity: purchased })
    .where('id', '=', contribution.registryItemId)
    .execute();
  await db
    .insertInto('registry_contributions')
    .values({
      id: `RC${timeOrderedHex(18).toUpperCase()}`,
      registry_item_id: contribution.registryItemId,
      customer_id: contribution.customerId,
      amount_minor: amountMinor,
      payment_method: contribution.paymentMethod,
      created_at: contribution.now,
    })
    .execute();
  return true;
}

/** Products in the same product group as the asin (similar items for the post-add panel). */
export async function findSimilarProducts(
  db: Db,
  asin: string,
  limit: number,
): Promise<
  { asin: string; title: string; imageUrl: string; priceMinor: number | null; currencyCode: string | null }[]
> {
  const product = await db
    .selectFrom('products')
    .select('product_group')
    .where('asin', '=', asin)
    .executeTakeFirst();
  if (!product) return [];
  const rows = await db
    .selectFrom('products as p')
    .select(['p.asin', 'p.title', 'p.images'])
    .where('p.product_group', '=', product.product_group)
    .where('p.asin', '!=', asin)
    .orderBy('p.asin')
    .limit(limit)
    .execute();
  const prices = await cheapestNewPrices(
    db,
    rows.map((row) => row.asin),
  );
  return rows.map((row) => ({
    asin: row.asin,
    title: row.title,
    imageUrl: firstStoredImage(row.images)?.src ?? '',
    ...(prices.get(row.asin) ?? NO_PRICE),
  }));
}

const NO_PRICE = { priceMinor: null, currencyCode: null };

/** The lowest buyable new offer's price of each asin, in one query (an asin with none is absent). */
async function cheapestNewPrices(
  db: Db,
  asins: readonly string[],
): Promise<Map<string, { priceMinor: number; currencyCode: string }>> {
  const prices = new Map<string, { priceMinor: number; currencyCode: string }>();
  if (asins.length === 0) return prices;
  const offers = await db
    .selectFrom('offers')
    .select(['asin', 'price_minor', 'currency_code'])
    .where('asin', 'in', [...new Set(asins)])
    .where('condition_type', '=', 'NEW')
    .where('buyable', '=', 1)
    .orderBy('asin')
    .orderBy('price_minor')
    .orderBy('id')
    .execute();
  for (const offer of offers) {
    if (!prices.has(offer.asin))
      prices.set(offer.asin, { priceMinor: Number(offer.price_minor), currencyCode: offer.currency_code });
  }
  return prices;
}

/** A product's title, first image and lowest new price, or null when the store has no such asin. */
export async function findRegistryProduct(db: Db, asin: string) {
  const row = await db
    .selectFrom('products')
    .select(['asin', 'title', 'images'])
    .where('asin', '=', asin)
    .executeTakeFirst();
  if (!row) return null;
  const offer = await db
    .selectFrom('offers')
    .select(['id', 'price_minor', 'currency_code'])
    .where('asin', '=', asin)
    .where('condition_type', '=', 'NEW')
    .where('buyable', '=', 1)
    .orderBy('price_minor')
    .orderBy('id')
    .executeTakeFirst();
  return {
    asin: row.asin,
    title: row.title,
    imageUrl: firstStoredImage(row.images)?.src ?? '',
    offerId: offer?.id ?? null,
    priceMinor: offer ? Number(offer.price_minor) : null,
    currencyCode: offer?.currency_code ?? null,
  };
}

/**
 * Writes a registry item as it stands (demo and test data: a registry with some items already bought
 * or partly funded); a shop's own counts move only through orders and contributions.
 */
export async function seedRegistryItem(
  db: Db,
  item: {
    registryId: string;
    asin: string;
    requested: number;
    purchased?: number;
    fundedMinor?: number;
    mustHave?: boolean;
    groupGifting?: boolean;
    private?: boolean;
    now: number;
  },
): Promise<string> {
  const id = newItemId();
  await db
    .insertInto('registry_items')
    .values({
      id,
      registry_id: item.registryId,
      asin: item.asin,
      requested_quantity: item.requested,
      purchased_quantity: item.purchased ?? 0,
      funded_minor: item.fundedMinor ?? 0,
      must_have: item.mustHave ? 1 : 0,
      group_gifting: item.groupGifting ? 1 : 0,
      private: item.private ? 1 : 0,
      added_at: item.now,
    })
    .execute();
  return id;
}
