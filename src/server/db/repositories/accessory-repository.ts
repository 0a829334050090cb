import type { Kysely } from 'kysely';
import type { ProductAccessories } from '../../catalog/areas/accessories';
import type { Database } from '../schema';
import type { StoredImage } from './product-repository';

export type AccessoryProductRow = {
  asin: string;
  title: string;
  bullets: string[];
  /** The first image's address, or '' when the product has none. */
  image: string;
  variation_label: string | null;
  product_group: string;
  offer_id: string;
  merchant_name: string;
  price_minor: number;
  list_price_minor: number | null;
  currency_code: string;
  max_order_quantity: number | null;
};

/**
 * The accessories block a product offers (ACC-003), or null when it offers none. A stored block that
 * cannot be read throws: callers decide whether that fails them (the page's deferred slice does not).
 */
export async function findProductAccessories(
  db: Kysely<Database>,
  asin: string,
): Promise<ProductAccessories | null> {
  const row = await db
    .selectFrom('products')
    .select('accessories')
    .where('asin', '=', asin)
    .executeTakeFirst();
  return row?.accessories ? (JSON.parse(row.accessories) as ProductAccessories) : null;
}

/** The accessories' products with their cheapest buyable, in-stock offer in the marketplace. */
export async function findAccessoryProducts(
  db: Kysely<Database>,
  asins: readonly string[],
  marketplaceId: string,
): Promise<Map<string, AccessoryProductRow>> {
  if (asins.length === 0) return new Map();
  const rows = await db
    .selectFrom('products')
    .innerJoin('offers', 'offers.asin', 'products.asin')
    .select([
      'products.asin',
      'products.title',
      'products.bullets',
      'products.images',
      'products.variation_label',
      'products.product_group',
      'offers.id as offer_id',
      'offers.merchant_name',
      'offers.price_minor',
      'offers.list_price_minor',
      'offers.currency_code',
      'offers.max_order_quantity',
    ])
    .where('products.asin', 'in', [...asins])
    .where('offers.marketplace_id', '=', marketplaceId)
    .where('offers.buyable', '=', 1)
    .where('offers.stock', '>', 0)
    .orderBy('offers.price_minor')
    .orderBy('offers.id')
    .execute();
  const byAsin = new Map<string, AccessoryProductRow>();
  for (const { images, bullets, ...row } of rows) {
    if (byAsin.has(row.asin)) continue;
    byAsin.set(row.asin, {
      ...row,
      bullets: JSON.parse(bullets) as string[],
      image: (JSON.parse(images) as StoredImage[])[0]?.src ?? '',
    });
  }
  return byAsin;
}
