import { type Kysely, sql } from 'kysely';
import type { ProductAccessories } from '../../catalog/areas/accessories';
import { preparedQuery } from '../prepared-query';
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

const accessoriesBlockQuery = preparedQuery((db: Kysely<Database>, p: { asin: string }) =>
  db.selectFrom('products').select('accessories').where('asin', '=', p.asin),
);

/**
 * The accessories block a product offers (ACC-003), or null when it offers none. A stored block that
 * cannot be read throws: callers decide whether that fails them (the page's deferred slice does not).
 */
export async function findProductAccessories(
  db: Kysely<Database>,
  asin: string,
): Promise<ProductAccessories | null> {
  const row = (await accessoriesBlockQuery(db, { asin })).rows[0];
  return row?.accessories ? (JSON.parse(row.accessories) as ProductAccessories) : null;
}

const accessoryProductsQuery = (count: number) =>
  preparedQuery((db: Kysely<Database>, p: Record<string, string>) =>
    db
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
      .where(
        'products.asin',
        'in',
        Array.from({ length: count }, (_, i) => p[`asin${i}`] ?? ''),
      )
      .where('offers.marketplace_id', '=', p.marketplaceId ?? '')
      // Literals, not parameters: a prepared query's parameters are all placeholders.
      .where('offers.buyable', '=', sql.lit(1))
      .where('offers.stock', '>', sql.lit(0))
      // Per product, cheapest first: the order the ASIN list and the offers index already give, so
      // the database sorts nothing (ordering all rows by price took a temporary B-tree).
      // Callers look products up by ASIN; only which offer comes first for each one matters.
      .orderBy('products.asin')
      .orderBy('offers.price_minor')
      .orderBy('offers.id'),
  );

// The product page asks this on every view: compiled once per number of accessories.
const accessoryProductsQueries = new Map<number, ReturnType<typeof accessoryProductsQuery>>();

/** The accessories' products with their cheapest buyable, in-stock offer in the marketplace. */
export async function findAccessoryProducts(
  db: Kysely<Database>,
  asins: readonly string[],
  marketplaceId: string,
): Promise<Map<string, AccessoryProductRow>> {
  if (asins.length === 0) return new Map();
  let query = accessoryProductsQueries.get(asins.length);
  if (!query) {
    query = accessoryProductsQuery(asins.length);
    accessoryProductsQueries.set(asins.length, query);
  }
  const params: Record<string, string> = { marketplaceId };
  for (const [i, asin] of [...asins].entries()) params[`asin${i}`] = asin;
  const { rows } = await query(db, params);
  const byAsin = new Map<string, AccessoryProductRow>();
  for (const row of rows) {
    if (byAsin.has(row.asin)) continue;
    byAsin.set(row.asin, {
      asin: row.asin,
      title: row.title,
      bullets: JSON.parse(row.bullets) as string[],
      image: (JSON.parse(row.images) as StoredImage[])[0]?.src ?? '',
      variation_label: row.variation_label,
      product_group: row.product_group,
      offer_id: row.offer_id,
      merchant_name: row.merchant_name,
      price_minor: row.price_minor,
      list_price_minor: row.list_price_minor,
      currency_code: row.currency_code,
      max_order_quantity: row.max_order_quantity,
    });
  }
  return byAsin;
}
