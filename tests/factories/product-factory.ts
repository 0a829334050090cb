import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { catalogSchema } from '../../src/server/catalog/catalog-schema';
import { importCatalog, validateCatalog } from '../../src/server/catalog/import-catalog';
import type { Database } from '../../src/server/db/schema';
import { uniqueAsin } from './unique';

type Db = Kysely<Database>;
/** A product as a catalog file writes it (defaults not yet applied). */
export type ProductInput = z.input<typeof catalogSchema>['products'][number];
export type OfferInput = ProductInput['offers'][number];
export type DealInput = NonNullable<ProductInput['deal']>;

/** What a test may set: any catalog field; offer and deal ids default to ones derived from the ASIN. */
export type ProductOverrides = Partial<Omit<ProductInput, 'offers' | 'deal'>> & {
  offers?: Partial<OfferInput>[];
  deal?: Partial<DealInput>;
};

/** The product as written, with its ids, so a test can address its offers and deal. */
export type CreatedProduct = ProductInput & { asin: string; offers: OfferInput[] };

export type FactoryOptions = { now?: number };

/** A new offer: the store (Northwind Market) sells it new at $49.99, 100 in stock. */
export function buildOffer(asin: string, overrides: Partial<OfferInput> = {}, index = 0): OfferInput {
  return {
    offerListingId: index === 0 ? `OL-${asin}-NEW` : `OL-${asin}-${index + 1}`,
    merchant: { id: 'ATVPDKIKX0DER', name: 'Northwind Market' },
    condition: 'NEW',
    price: 49.99,
    stock: 100,
    ...overrides,
  };
}

/** A catalog product with a fresh ASIN (unless one is given) and ids derived from it. */
export function buildProduct(overrides: ProductOverrides = {}): CreatedProduct {
  const asin = overrides.asin ?? uniqueAsin();
  const { offers, deal, ...fields } = overrides;
  const product: CreatedProduct = {
    asin,
    title: `Test product ${asin}`,
    brand: 'Northwind',
    productGroup: 'gl_electronics',
    images: [{ src: '/images/demo/aurora-streaming-stick-remote.svg', alt: `Test product ${asin}` }],
    features: {},
    ...fields,
    offers: (offers ?? [{}]).map((offer, i) => buildOffer(asin, offer, i)),
  };
  if (deal) product.deal = buildDealFields(asin, deal);
  return product;
}

/** A lightning deal running since an hour ago for six more hours, 30% of 200 units claimed, 2 each. */
function buildDealFields(asin: string, overrides: Partial<DealInput> = {}): DealInput {
  return {
    dealId: `LD-${asin}`,
    type: 'LIGHTNING_DEAL',
    offerListingId: `OL-${asin}-LD`,
    price: 39.99,
    startsMinutesAfterImport: -60,
    endsMinutesAfterImport: 360,
    totalUnits: 200,
    claimedUnits: 60,
    maxPerCustomer: 2,
    ...overrides,
  };
}

/** Writes products through the catalog importer, as `npm run catalog:import` would (all or nothing). */
export async function importProducts(db: Db, products: CreatedProduct[], options: FactoryOptions = {}) {
  const validation = validateCatalog({ products });
  if (!validation.ok) {
    throw new Error(`factory built an invalid catalog product: ${JSON.stringify(validation.problems)}`);
  }
  // On SQLite a test process writes beside the server's process. The importer's transaction reads before
  // it writes, and in WAL mode such a transaction cannot wait for the other writer (busy_timeout does not
  // apply): SQLite answers SQLITE_BUSY at once, and the transaction has to start again.
  for (let attempt = 1; ; attempt++) {
    try {
      await importCatalog(db, validation.catalog, options.now ?? Date.now());
      return;
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (attempt >= 20 || typeof code !== 'string' || !code.startsWith('SQLITE_BUSY')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
    }
  }
}

/** Creates a product (one new offer unless `offers` says otherwise) and returns it as written. */
export async function createProduct(
  db: Db,
  overrides: ProductOverrides = {},
  options: FactoryOptions = {},
): Promise<CreatedProduct> {
  const product = buildProduct(overrides);
  await importProducts(db, [product], options);
  return product;
}
