import type { Kysely } from 'kysely';
import { preparedQuery } from '../prepared-query';
import type { Database, GroceryStoreTable } from '../schema';

type Db = Kysely<Database>;

/** A grocery store as the catalog describes it. */
export type GroceryStoreRecord = {
  storeId: string;
  brandId: string;
  name: string;
  deliveryMessage: string;
  introduction: GroceryStoreTable['introduction'];
  postalCodePrefixes: string[];
};

/** A product's grocery listing (catalog/areas/grocery.ts), as the catalog wrote it. */
export type GroceryListing = {
  brandId: string;
  offerListingDiscriminator: string;
  unitOfMeasure: string;
  repeatDelivery: boolean;
  stores: GroceryStoreRecord[];
  boughtTogether: string[];
};

/** Writes (or removes, with null) a product's grocery listing and the stores it names, on `db` as given. */
export async function writeGroceryListing(
  db: Db,
  asin: string,
  listing: GroceryListing | null,
): Promise<void> {
  await db.deleteFrom('product_grocery_bought_together').where('asin', '=', asin).execute();
  await db.deleteFrom('product_grocery_stores').where('asin', '=', asin).execute();
  await db.deleteFrom('product_grocery').where('asin', '=', asin).execute();
  if (!listing) return;
  for (const store of listing.stores) {
    const row = {
      brand_id: store.brandId,
      name: store.name,
      delivery_message: store.deliveryMessage,
      introduction: store.introduction,
    };
    await db
      .insertInto('grocery_stores')
      .values({ store_id: store.storeId, ...row })
      .onConflict((oc) => oc.column('store_id').doUpdateSet(row))
      .execute();
    await db.deleteFrom('grocery_store_postal_prefixes').where('store_id', '=', store.storeId).execute();
    if (store.postalCodePrefixes.length) {
      await db
        .insertInto('grocery_store_postal_prefixes')
        .values(store.postalCodePrefixes.map((postal_prefix) => ({ store_id: store.storeId, postal_prefix })))
        .execute();
    }
  }
  await db
    .insertInto('product_grocery')
    .values({
      asin,
      brand_id: listing.brandId,
      offer_listing_discriminator: listing.offerListingDiscriminator,
      unit_of_measure: listing.unitOfMeasure,
      repeat_delivery: listing.repeatDelivery ? 1 : 0,
    })
    .execute();
  await db
    .insertInto('product_grocery_stores')
    .values(listing.stores.map((store, position) => ({ asin, store_id: store.storeId, position })))
    .execute();
  if (listing.boughtTogether.length) {
    await db
      .insertInto('product_grocery_bought_together')
      .values(listing.boughtTogether.map((companion_asin, position) => ({ asin, companion_asin, position })))
      .execute();
  }
}

async function storesByIds(db: Db, storeIds: readonly string[]): Promise<Map<string, GroceryStoreRecord>> {
  if (storeIds.length === 0) return new Map();
  const [rows, prefixes] = await Promise.all([
    db
      .selectFrom('grocery_stores')
      .selectAll()
      .where('store_id', 'in', [...storeIds])
      .execute(),
    db
      .selectFrom('grocery_store_postal_prefixes')
      .selectAll()
      .where('store_id', 'in', [...storeIds])
      .orderBy('postal_prefix')
      .execute(),
  ]);
  return new Map(
    rows.map((row) => [
      row.store_id,
      {
        storeId: row.store_id,
        brandId: row.brand_id,
        name: row.name,
        deliveryMessage: row.delivery_message,
        introduction: row.introduction,
        postalCodePrefixes: prefixes.filter((p) => p.store_id === row.store_id).map((p) => p.postal_prefix),
      },
    ]),
  );
}

// Prepared: every product page asks whether its product is grocery (most are not, and stop here).
const groceryListingQuery = preparedQuery((db: Db, p: { asin: string }) =>
  db.selectFrom('product_grocery').selectAll().where('asin', '=', p.asin),
);

/** A product's grocery listing with its stores (in the catalog's order), or null when it is not grocery. */
export async function findGroceryListing(db: Db, asin: string): Promise<GroceryListing | null> {
  const row = (await groceryListingQuery(db, { asin })).rows[0];
  if (!row) return null;
  const [storeRows, together] = await Promise.all([
    db
      .selectFrom('product_grocery_stores')
      .selectAll()
      .where('asin', '=', asin)
      .orderBy('position')
      .execute(),
    db
      .selectFrom('product_grocery_bought_together')
      .select('companion_asin')
      .where('asin', '=', asin)
      .orderBy('position')
      .execute(),
  ]);
  const stores = await storesByIds(
    db,
    storeRows.map((s) => s.store_id),
  );
  return {
    brandId: row.brand_id,
    offerListingDiscriminator: row.offer_listing_discriminator,
    unitOfMeasure: row.unit_of_measure,
    repeatDelivery: row.repeat_delivery === 1,
    stores: storeRows.flatMap((s) => stores.get(s.store_id) ?? []),
    boughtTogether: together.map((t) => t.companion_asin),
  };
}

/** The stores selling each of the given products, in each product's order. */
export async function findStoresSelling(db: Db, asins: readonly string[]): Promise<Map<string, string[]>> {
  if (asins.length === 0) return new Map();
  const rows = await db
    .selectFrom('product_grocery_stores')
    .select(['asin', 'store_id'])
    .where('asin', 'in', [...asins])
    .orderBy('asin')
    .orderBy('position')
    .execute();
  const out = new Map<string, string[]>();
  for (const row of rows) out.set(row.asin, [...(out.get(row.asin) ?? []), row.store_id]);
  return out;
}

/** Stores by id with the postal prefixes each delivers to. */
export function findGroceryStores(
  db: Db,
  storeIds: readonly string[],
): Promise<Map<string, GroceryStoreRecord>> {
  return storesByIds(db, storeIds);
}

/** Every grocery product a store sells, in ASIN order (its store front). */
export async function findStoreProducts(db: Db, storeId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('product_grocery_stores')
    .select('asin')
    .where('store_id', '=', storeId)
    .orderBy('asin')
    .execute();
  return rows.map((row) => row.asin);
}
