import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { displayUnitMinor, tierUnitScaled } from '../../domain/pricing/quantity-pricing';
import { marketplaceById } from '../../shared/marketplaces';
import { toMinorUnits } from '../../shared/money/price-format';
import { CATALOG_PARTS } from '../areas/areas';
import {
  findStoredAsins,
  findStoredOffers,
  findStoredProduct,
  insertProducts,
  upsertOffers,
  writeOffers,
  writeProduct,
} from '../db/repositories/product-repository';
import type { Database, NewOffer, NewProduct } from '../db/schema';
import type { AnyCatalogPart, CatalogOfferRow } from './catalog-part';
import { type Catalog, type CatalogProduct, catalogSchema } from './catalog-schema';

export type CatalogProblem = { path: string; message: string };
export type CatalogValidation = { ok: true; catalog: Catalog } | { ok: false; problems: CatalogProblem[] };
export type ImportSummary = { created: number; updated: number; unchanged: number };

/** `$.products[3].offers[0].price` from zod's path array. */
export const jsonPath = (path: readonly PropertyKey[]) =>
  path.reduce<string>(
    (out, key) => (typeof key === 'number' ? `${out}[${key}]` : `${out}.${String(key)}`),
    '$',
  );

/** Validates a whole catalog and reports every problem with its JSON path; prices must fit their currency. */
export function validateCatalog(
  input: unknown,
  schema: { safeParse(input: unknown): z.ZodSafeParseResult<Catalog> } = catalogSchema,
): CatalogValidation {
  const parsed = schema.safeParse(input);
  const problems: CatalogProblem[] = parsed.success
    ? []
    : parsed.error.issues.map((i) => ({ path: jsonPath(i.path), message: i.message }));
  // Offer checks run on the raw input too, so one pass reports schema and money problems together.
  const products = (input as { products?: unknown } | null)?.products;
  if (Array.isArray(products)) {
    products.forEach((product, p) => {
      const offers = (product as { offers?: unknown } | null)?.offers;
      if (!Array.isArray(offers)) return;
      offers.forEach((offer, o) => {
        problems.push(...offerProblems(offer, `$.products[${p}].offers[${o}]`));
      });
    });
  }
  return problems.length || !parsed.success ? { ok: false, problems } : { ok: true, catalog: parsed.data };
}

type RawOffer = { marketplaceId?: unknown; price?: unknown; listPrice?: unknown; quantityTiers?: unknown };

function offerProblems(raw: unknown, path: string): CatalogProblem[] {
  if (!raw || typeof raw !== 'object') return [];
  const offer = raw as RawOffer;
  const marketplace =
    typeof offer.marketplaceId === 'string' ? marketplaceById(offer.marketplaceId) : undefined;
  const digits = marketplace?.priceFormat.fractionDigits ?? 2;
  const tiers = Array.isArray(offer.quantityTiers)
    ? (offer.quantityTiers as { price?: unknown; minimumQuantity?: unknown }[])
    : [];
  const amounts: [string, unknown][] = [
    ['price', offer.price],
    ['listPrice', offer.listPrice],
    ...tiers.map((t, i): [string, unknown] => [`quantityTiers[${i}].price`, t?.price]),
  ];
  const problems: CatalogProblem[] = [];
  for (const [field, amount] of amounts) {
    if (typeof amount === 'number' && amount >= 0 && !fitsDigits(amount, digits)) {
      problems.push({
        path: `${path}.${field}`,
        message: `has more than ${digits} decimal places for this marketplace's currency`,
      });
    }
  }
  if (
    typeof offer.listPrice === 'number' &&
    typeof offer.price === 'number' &&
    offer.listPrice < offer.price
  ) {
    problems.push({ path: `${path}.listPrice`, message: 'must not be below price' });
  }
  const minimums = tiers.map((t) => t?.minimumQuantity);
  if (new Set(minimums).size !== minimums.length) {
    problems.push({ path: `${path}.quantityTiers`, message: 'minimumQuantity values must be unique' });
  }
  return problems;
}

const fitsDigits = (amount: number, digits: number) => {
  const scaled = amount * 10 ** digits;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
};

/**
 * Writes a validated catalog in one transaction: new products are created, changed ones updated, and
 * identical ones left alone, so importing the same file twice changes nothing. Every table is written
 * through its area's repository.
 */
export async function importCatalog(
  db: Kysely<Database>,
  catalog: Catalog,
  now: number,
  parts: readonly AnyCatalogPart[] = CATALOG_PARTS,
): Promise<ImportSummary> {
  return db.transaction().execute(async (trx) => {
    const summary = await importProducts(trx, catalog.products, now, parts);
    // Sections (bundles, smart-home badges, ads) name products, so they follow them.
    for (const part of parts) await part.importSections?.(trx, catalog, now);
    return summary;
  });
}

/**
 * Writes validated catalog products (creates, updates or leaves each alone) on `db` as given: the
 * caller chooses the transaction. Test factories insert their products through this too.
 */
async function importProducts(
  db: Kysely<Database>,
  products: readonly CatalogProduct[],
  now: number,
  parts: readonly AnyCatalogPart[] = CATALOG_PARTS,
): Promise<ImportSummary> {
  const summary: ImportSummary = { created: 0, updated: 0, unchanged: 0 };
  for (let at = 0; at < products.length; at += CHUNK) {
    const chunk = products.slice(at, at + CHUNK);
    const stored = await findStoredAsins(
      db,
      chunk.map((p) => p.asin),
    );
    const fresh = chunk.filter((p) => !stored.has(p.asin));
    await insertNewProducts(
      db,
      fresh.map((p) => productRows(p, parts, now)),
      parts,
      now,
    );
    summary.created += fresh.length;
    for (const product of chunk) {
      if (stored.has(product.asin))
        summary[await importKnownProduct(db, productRows(product, parts, now), parts, now)]++;
    }
  }
  return summary;
}

/** Products looked up and written together: new ones a table at a time, known ones one by one. */
const CHUNK = 500;

type TierRow = {
  offer_id: string;
  minimum_quantity: number;
  price_minor: number;
  program: string | null;
  hidden: number;
  percent_off_bp: number | null;
  buying_in_bulk: string | null;
};

type ProductRows = {
  row: NewProduct;
  offers: { offer: NewOffer; tiers: TierRow[] }[];
  /** Each part's rows (undefined for a part with none), in the parts' order. */
  areas: unknown[];
};

/**
 * Products the store does not have yet: nothing of theirs to compare or replace (their offers, tiers
 * and area rows all reference them), so each table's rows for the whole chunk go in a few statements.
 */
async function insertNewProducts(
  db: Kysely<Database>,
  products: readonly ProductRows[],
  parts: readonly AnyCatalogPart[],
  now: number,
) {
  if (products.length === 0) return;
  await insertProducts(
    db,
    products.map((p) => p.row),
  );
  await upsertOffers(
    db,
    products.flatMap((p) => p.offers),
  );
  // Area rows may point at the product's offers (a service offer, a deal), so they follow them.
  for (const [i, part] of parts.entries()) {
    await part.products?.insertNew(
      db,
      products.map((p) => p.areas[i]),
      now,
    );
  }
}

/** A catalog product as the rows of the store's tables. */
function productRows(product: CatalogProduct, parts: readonly AnyCatalogPart[], now: number): ProductRows {
  const row: NewProduct = {
    asin: product.asin,
    title: product.title,
    brand: product.brand,
    product_group: product.productGroup,
    family_id: product.family?.id ?? null,
    variation_label: product.family?.label ?? null,
    description: product.description,
    bullets: JSON.stringify(product.bullets),
    images: JSON.stringify(product.images),
    reviews: JSON.stringify(product.reviews),
    accessories: null,
    ...Object.assign({}, ...parts.map((part) => part.productColumns?.(product))),
    created_at: now,
    updated_at: now,
  };
  const offers = product.offers.map((offer) => {
    const digits = marketplaceById(offer.marketplaceId)?.priceFormat.fractionDigits ?? 2;
    const currency = marketplaceById(offer.marketplaceId)?.currencyCode ?? 'USD';
    const priceMinor = toMinorUnits(offer.price, digits);
    const offerRow: CatalogOfferRow = {
      id: offer.offerListingId,
      asin: product.asin,
      marketplace_id: offer.marketplaceId,
      merchant_id: offer.merchant.id,
      merchant_name: offer.merchant.name,
      condition_type: offer.condition,
      price_minor: priceMinor,
      list_price_minor: offer.listPrice === undefined ? null : toMinorUnits(offer.listPrice, digits),
      currency_code: currency,
      stock: offer.stock,
      min_order_quantity: offer.minOrderQuantity,
      max_order_quantity: offer.maxOrderQuantity ?? null,
      buyable: offer.buyable ? 1 : 0,
    };
    const tiers = offer.quantityTiers.map((t): TierRow => {
      const percentOffBp = t.percentOff === undefined ? null : Math.round(t.percentOff * 100);
      return {
        offer_id: offer.offerListingId,
        minimum_quantity: t.minimumQuantity,
        // A percent tier keeps its shown (rounded) unit price here too; lines price it exactly.
        price_minor:
          percentOffBp === null
            ? toMinorUnits(t.price ?? 0, digits)
            : displayUnitMinor(
                tierUnitScaled(priceMinor, {
                  minimumQuantity: 0,
                  priceMinor: 0,
                  hidden: false,
                  percentOffBasisPoints: percentOffBp,
                }),
              ),
        program: t.program ?? null,
        hidden: t.hidden ? 1 : 0,
        percent_off_bp: percentOffBp,
        buying_in_bulk: t.buyingInBulk ? JSON.stringify(t.buyingInBulk) : null,
      };
    });
    return { offer: { ...offerRow, updated_at: now }, tiers };
  });
  for (const part of parts) {
    for (const { row: offerRow } of part.offers?.(product) ?? [])
      offers.push({ offer: { ...offerRow, updated_at: now }, tiers: [] });
  }
  return { row, offers, areas: parts.map((part) => part.products?.rows(product)) };
}

/** A product the store has: left alone when the catalog says what is stored, else written over. */
async function importKnownProduct(
  db: Kysely<Database>,
  { row, offers, areas }: ProductRows,
  parts: readonly AnyCatalogPart[],
  now: number,
): Promise<keyof ImportSummary> {
  const existing = await findStoredProduct(db, row.asin);
  if (existing && (await sameAsStored(db, existing, { row, offers, areas }, parts))) return 'unchanged';
  await writeProduct(db, row, existing !== undefined);
  await writeOffers(db, offers);
  for (const [i, part] of parts.entries()) await part.products?.replace(db, areas[i], now);
  return existing ? 'updated' : 'created';
}

/** Whether the stored product, its offers, tiers and area rows are exactly what the catalog says. */
async function sameAsStored(
  db: Kysely<Database>,
  existing: object,
  { row, offers, areas }: ProductRows,
  parts: readonly AnyCatalogPart[],
): Promise<boolean> {
  const { created_at: _created, updated_at: _updated, ...columns } = row;
  if (!sameFields(existing, columns)) return false;
  for (const [i, part] of parts.entries()) {
    if (part.products && !(await part.products.same(db, areas[i]))) return false;
  }
  const stored = await findStoredOffers(db, row.asin);
  return (
    stored.offers.length === offers.length &&
    offers.every(({ offer: { updated_at: _at, ...wanted } }) => {
      const offer = stored.offers.find((o) => o.id === wanted.id);
      return offer !== undefined && sameFields(offer, wanted);
    }) &&
    JSON.stringify(stored.tiers.map(tierKey).sort()) ===
      JSON.stringify(
        offers
          .flatMap((o) => o.tiers)
          .map(tierKey)
          .sort(),
      )
  );
}

const sameFields = (stored: object, wanted: object) =>
  Object.entries(wanted).every(([key, value]) => (stored as Record<string, unknown>)[key] === value);

const tierKey = (t: {
  offer_id: string;
  minimum_quantity: number;
  price_minor: number;
  program: string | null;
  hidden: number;
  percent_off_bp?: number | null;
  buying_in_bulk?: string | null;
}) =>
  `${t.offer_id}|${t.minimum_quantity}|${t.price_minor}|${t.program ?? ''}|${t.hidden}|${t.percent_off_bp ?? ''}|${t.buying_in_bulk ?? ''}`;
