import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Tier } from '../../../domain/pricing/quantity-pricing';
import type { ProductAccessories } from '../../catalog/areas/accessories';
import { insertMany } from '../insert-many';
import { preparedQuery } from '../prepared-query';
import type {
  Database,
  NewOffer,
  NewProduct,
  OfferRow,
  ProductRow,
  ProductTable,
  QuantityTierRow,
  QuantityTierTable,
} from '../schema';
import { firstStoredImage, storedStringListJson } from './stored-json';

type Db = Kysely<Database>;

export type StoredImage = { src: string; alt: string; width: number; height: number };

/** A product as the services read it: its stored JSON (images, bullets, reviews) decoded. */
export type ProductRecord = Omit<ProductRow, 'images' | 'bullets' | 'reviews' | 'accessories'> & {
  images: StoredImage[];
  bullets: string[];
  reviews: { rating: number; count: number };
  /**
   * The accessories block (ACC-003), decoded when first asked for (the product API never asks), or
   * null; throws when the stored block cannot be read.
   */
  accessories: () => ProductAccessories | null;
};

/** One member of a variation family, for the family stripe. */
export type FamilyMember = { asin: string; variationLabel: string | null; image: string | null };

// The offer columns of a product read, each named apart from the product's own columns.
const OFFER_COLUMNS = [
  'offers.id as offer_id',
  'offers.marketplace_id as offer_marketplace_id',
  'offers.merchant_id as offer_merchant_id',
  'offers.merchant_name as offer_merchant_name',
  'offers.condition_type as offer_condition_type',
  'offers.price_minor as offer_price_minor',
  'offers.list_price_minor as offer_list_price_minor',
  'offers.currency_code as offer_currency_code',
  'offers.stock as offer_stock',
  'offers.min_order_quantity as offer_min_order_quantity',
  'offers.max_order_quantity as offer_max_order_quantity',
  'offers.buyable as offer_buyable',
  'offers.updated_at as offer_updated_at',
] as const;

/** A product and its offers in one marketplace, cheapest first; each read below picks its columns. */
const productAndOffers = (db: Db, p: { asin: string; marketplaceId: string }) =>
  db
    .selectFrom('products')
    .leftJoin('offers', (join) =>
      join.onRef('offers.asin', '=', 'products.asin').on('offers.marketplace_id', '=', p.marketplaceId),
    )
    .where('products.asin', '=', p.asin)
    .orderBy('offers.price_minor')
    .orderBy('offers.id');

const productWithOffersQuery = preparedQuery((db: Db, p: { asin: string; marketplaceId: string }) =>
  productAndOffers(db, p).select([
    'products.asin',
    'products.title',
    'products.brand',
    'products.product_group',
    'products.family_id',
    'products.variation_label',
    'products.description',
    'products.bullets',
    'products.images',
    'products.reviews',
    'products.created_at',
    'products.updated_at',
    'products.accessories',
    ...OFFER_COLUMNS,
  ]),
);

/** A product row's offer columns (null when the product has no offer in the marketplace). */
type OfferColumns = {
  offer_id: string | null;
  offer_marketplace_id: string | null;
  offer_merchant_id: string | null;
  offer_merchant_name: string | null;
  offer_condition_type: string | null;
  offer_price_minor: number | null;
  offer_list_price_minor: number | null;
  offer_currency_code: string | null;
  offer_stock: number | null;
  offer_min_order_quantity: number | null;
  offer_max_order_quantity: number | null;
  offer_buyable: number | null;
  offer_updated_at: number | null;
};

/** The offers of a product read's rows, in the rows' order (price, then id). */
function offersOf(rows: readonly OfferColumns[], asin: string, marketplaceId: string): OfferRow[] {
  const offers: OfferRow[] = [];
  for (const row of rows) {
    if (row.offer_id === null) continue;
    offers.push({
      id: row.offer_id,
      asin,
      marketplace_id: row.offer_marketplace_id ?? marketplaceId,
      merchant_id: row.offer_merchant_id ?? '',
      merchant_name: row.offer_merchant_name ?? '',
      condition_type: row.offer_condition_type ?? 'NEW',
      price_minor: row.offer_price_minor ?? 0,
      list_price_minor: row.offer_list_price_minor,
      currency_code: row.offer_currency_code ?? '',
      stock: row.offer_stock ?? 0,
      min_order_quantity: row.offer_min_order_quantity ?? 1,
      max_order_quantity: row.offer_max_order_quantity,
      buyable: row.offer_buyable ?? 0,
      updated_at: row.offer_updated_at ?? 0,
    });
  }
  return offers;
}

/** A product and its offers in one marketplace, in one query (the page's and the services' read). */
export async function findProductWithOffers(
  db: Db,
  asin: string,
  marketplaceId: string,
): Promise<{ product: ProductRecord; offers: OfferRow[] } | undefined> {
  const { rows } = await productWithOffersQuery(db, { asin, marketplaceId });
  const first = rows[0];
  if (!first) return undefined;
  // Built field by field: an object rest over a 26-column row was a tenth of a product read.
  const { accessories } = first;
  let block: ProductAccessories | null | undefined;
  const product: ProductRecord = {
    asin: first.asin,
    title: first.title,
    brand: first.brand,
    product_group: first.product_group,
    family_id: first.family_id,
    variation_label: first.variation_label,
    description: first.description,
    created_at: first.created_at,
    updated_at: first.updated_at,
    images: JSON.parse(first.images) as StoredImage[],
    bullets: JSON.parse(first.bullets) as string[],
    reviews: JSON.parse(first.reviews) as ProductRecord['reviews'],
    accessories: () => {
      block ??= accessories ? (JSON.parse(accessories) as ProductAccessories) : null;
      return block;
    },
  };
  return { product, offers: offersOf(rows, asin, marketplaceId) };
}

/**
 * What the product API's answer shows of a product: images and reviews decoded (the answer reshapes
 * them), the bullets as the JSON text of the list (the answer shows them as they are stored).
 */
export type ProductAnswerSource = {
  asin: string;
  title: string;
  images: StoredImage[];
  reviews: ProductRecord['reviews'];
  /** The bullets as JSON text: what JSON.stringify writes for the list. */
  bulletsJson: string;
};

// Only the columns the answer shows: the description and the accessories block are the longest
// texts of a product and the answer shows neither.
const productAnswerQuery = preparedQuery((db: Db, p: { asin: string; marketplaceId: string }) =>
  productAndOffers(db, p).select([
    'products.asin',
    'products.title',
    'products.bullets',
    'products.images',
    'products.reviews',
    ...OFFER_COLUMNS,
  ]),
);

/** The product API's read: a product's shown columns and its offers in one marketplace, in one query. */
export async function findProductForAnswer(
  db: Db,
  asin: string,
  marketplaceId: string,
): Promise<ProductAnswerRead> {
  return answerReadOf((await productAnswerQuery(db, { asin, marketplaceId })).rows, asin, marketplaceId);
}

/**
 * The same read at once, without a promise, when SQLite can answer it now (decision 0033's rule: no
 * transaction holds the writer); null when it has to wait or the store is PostgreSQL: then use
 * `findProductForAnswer`.
 */
export function findProductForAnswerNow(
  db: Db,
  asin: string,
  marketplaceId: string,
): ProductAnswerRead | null {
  const result = productAnswerQuery.now(db, { asin, marketplaceId });
  return result ? answerReadOf(result.rows, asin, marketplaceId) : null;
}

export type ProductAnswerRead = { product: ProductAnswerSource; offers: OfferRow[] } | undefined;

function answerReadOf(
  rows: readonly (Pick<ProductRow, 'asin' | 'title' | 'images' | 'bullets' | 'reviews'> & OfferColumns)[],
  asin: string,
  marketplaceId: string,
): ProductAnswerRead {
  const first = rows[0];
  if (!first) return undefined;
  const product: ProductAnswerSource = {
    asin: first.asin,
    title: first.title,
    images: JSON.parse(first.images) as StoredImage[],
    reviews: JSON.parse(first.reviews) as ProductRecord['reviews'],
    bulletsJson: storedStringListJson(first.bullets),
  };
  return { product, offers: offersOf(rows, asin, marketplaceId) };
}

const familyQuery = preparedQuery((db: Db, p: { familyId: string }) =>
  db
    .selectFrom('products')
    .select(['asin', 'variation_label', 'images'])
    .where('family_id', '=', p.familyId)
    .orderBy('asin'),
);

/** The products of a variation family in ASIN order, each with its first image. */
export async function findFamily(db: Db, familyId: string): Promise<FamilyMember[]> {
  const { rows } = await familyQuery(db, { familyId });
  return rows.map((row) => ({
    asin: row.asin,
    variationLabel: row.variation_label,
    image: (JSON.parse(row.images) as StoredImage[])[0]?.src ?? null,
  }));
}

const offerQuery = preparedQuery((db: Db, p: { offerId: string }) =>
  db.selectFrom('offers').selectAll().where('id', '=', p.offerId),
);

export async function findOffer(db: Db, offerId: string): Promise<OfferRow | undefined> {
  return (await offerQuery(db, { offerId })).rows[0];
}

export function findTiers(db: Db, offerIds: readonly string[]): Promise<QuantityTierRow[]> {
  if (offerIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('quantity_tiers')
    .selectAll()
    .where('offer_id', 'in', offerIds)
    .orderBy('offer_id')
    .orderBy('minimum_quantity')
    .execute();
}

/** Stored tiers as the pricing rules read them. */
export function tiersOf(rows: readonly QuantityTierRow[]): Tier[] {
  return rows.map((t) => ({
    minimumQuantity: t.minimum_quantity,
    priceMinor: t.price_minor,
    hidden: t.hidden === 1,
    percentOffBasisPoints: t.percent_off_bp ?? null,
  }));
}

/** What a buy now line shows of a product: its title and first image. */
export async function findProductBrief(
  db: Db,
  asin: string,
): Promise<{ asin: string; title: string; image: { src: string; alt: string } | null } | undefined> {
  const row = await db
    .selectFrom('products')
    .select(['asin', 'title', 'images'])
    .where('asin', '=', asin)
    .executeTakeFirst();
  return row ? { asin: row.asin, title: row.title, image: firstStoredImage(row.images) } : undefined;
}

// ---------------------------------------------------------------------------------------------------
// Catalog import: products, their offers and quantity tiers (catalog/import-catalog.ts).

type NewQuantityTier = Insertable<QuantityTierTable>;

/** Which of these ASINs the store has. */
export async function findStoredAsins(db: Db, asins: readonly string[]): Promise<Set<string>> {
  if (asins.length === 0) return new Set();
  const rows = await db.selectFrom('products').select('asin').where('asin', 'in', asins).execute();
  return new Set(rows.map((r) => r.asin));
}

/** The product's stored row as written (JSON columns as text), for the import's comparison. */
export function findStoredProduct(db: Db, asin: string): Promise<Selectable<ProductTable> | undefined> {
  return db.selectFrom('products').selectAll().where('asin', '=', asin).executeTakeFirst();
}

/** The product's stored offers and their tiers, for the import's comparison. */
export async function findStoredOffers(
  db: Db,
  asin: string,
): Promise<{ offers: OfferRow[]; tiers: QuantityTierRow[] }> {
  const offers = await db.selectFrom('offers').selectAll().where('asin', '=', asin).orderBy('id').execute();
  const tiers = offers.length
    ? await db
        .selectFrom('quantity_tiers')
        .selectAll()
        .where(
          'offer_id',
          'in',
          offers.map((o) => o.id),
        )
        .orderBy('offer_id')
        .orderBy('minimum_quantity')
        .execute()
    : [];
  return { offers, tiers };
}

/** Products new to the store, in as few statements as the database allows. */
export async function insertProducts(db: Db, rows: readonly NewProduct[]): Promise<void> {
  await insertMany(db, 'products', rows);
}

/** A product written over (or created), as the catalog describes it now. */
export async function writeProduct(db: Db, row: NewProduct, exists: boolean): Promise<void> {
  if (exists) {
    const { created_at: _created, ...changed } = row;
    await db.updateTable('products').set(changed).where('asin', '=', row.asin).execute();
  } else {
    await db.insertInto('products').values(row).execute();
  }
}

/**
 * Offers with their tiers, many at once: an offer id the store has is taken over (it may move here
 * from another product) and its old tiers go.
 */
export async function upsertOffers(
  db: Db,
  offers: readonly { offer: NewOffer; tiers: readonly NewQuantityTier[] }[],
): Promise<void> {
  await insertMany(
    db,
    'offers',
    offers.map((o) => o.offer),
    'id',
  );
  const offerIds = offers.map((o) => o.offer.id);
  for (let at = 0; at < offerIds.length; at += 1000) {
    await db
      .deleteFrom('quantity_tiers')
      .where('offer_id', 'in', offerIds.slice(at, at + 1000))
      .execute();
  }
  await insertMany(
    db,
    'quantity_tiers',
    offers.flatMap((o) => o.tiers),
  );
}

/** One product's offers with their tiers, an offer at a time (a known product's import). */
export async function writeOffers(
  db: Db,
  offers: readonly { offer: NewOffer; tiers: readonly NewQuantityTier[] }[],
): Promise<void> {
  for (const { offer, tiers } of offers) {
    await db
      .insertInto('offers')
      .values(offer)
      .onConflict((oc) => oc.column('id').doUpdateSet(offer))
      .execute();
    await db.deleteFrom('quantity_tiers').where('offer_id', '=', offer.id).execute();
    if (tiers.length) await db.insertInto('quantity_tiers').values(tiers).execute();
  }
}
