import type { Kysely } from 'kysely';
import { z } from 'zod';
import { MARKETPLACE_IDS, marketplaceById } from '../../shared/marketplaces';
import type { Database, NewOffer, NewProduct } from '../db/schema';
import { money } from './areas/catalog-values';

// The catalog file format (docs/catalog.md): the product and its offers are every area's; each area
// adds its own keys through its catalog part (catalog/areas/<area>.ts), listed in areas/areas.ts.
// Prices are decimal amounts in the offer's marketplace currency; the importer turns them into integer
// minor units.

const image = z
  .object({
    src: z
      .string()
      .regex(/^(https:\/\/|\/)/, 'must be an https:// URL or a path on this server starting with /')
      .max(500),
    alt: z.string().min(1).max(300),
    width: z.number().int().positive().default(800),
    height: z.number().int().positive().default(800),
  })
  .strict();

/**
 * A quantity tier of an offer (BIZ-005): from `minimumQuantity` units each unit costs `price`, or the
 * offer's price less `percentOff` percent (a unit price that may fall between cents: kept exact and
 * rounded once per line). `hidden` marks an uncompetitive tier: listed behind load-more, never
 * pricing a line. `buyingInBulk` is the bulk-buying row the table ends with. Stored in quantity_tiers.
 */
const quantityTierSchema = z
  .object({
    minimumQuantity: z.number().int().min(2).max(999),
    price: money.optional(),
    percentOff: z
      .number()
      .gt(0)
      .lt(100)
      .refine((p) => Math.abs(p * 100 - Math.round(p * 100)) < 1e-6, 'may have at most 2 decimal places')
      .optional()
      .meta({ description: 'percent off the offer price, e.g. 7.5; instead of price' }),
    program: z.string().max(80).optional(),
    hidden: z.boolean().default(false),
    buyingInBulk: z
      .object({
        fragments: z
          .array(
            z
              .object({
                text: z.string().min(1).max(200),
                url: z
                  .string()
                  .regex(
                    /^(https:\/\/|\/)|^[a-z0-9]/i,
                    'must be an https:// URL, a path, or a path under buyingInBulkUrl',
                  )
                  .max(500)
                  .optional(),
              })
              .strict(),
          )
          .min(1)
          .max(5),
      })
      .strict()
      .optional(),
  })
  .strict()
  .refine((t) => (t.price === undefined) !== (t.percentOff === undefined), {
    message: 'a tier needs exactly one of price and percentOff',
    path: ['price'],
  });

export const catalogOfferSchema = z
  .object({
    offerListingId: z.string().min(1).max(200),
    marketplaceId: z.enum(MARKETPLACE_IDS).default('ATVPDKIKX0DER'),
    merchant: z.object({ id: z.string().min(1).max(40), name: z.string().min(1).max(120) }).strict(),
    condition: z.enum(['NEW', 'B2B_NEW', 'CUSTOM_OFFER', 'B2B_RD']).default('NEW'),
    price: money,
    listPrice: money.optional(),
    stock: z.number().int().min(0),
    minOrderQuantity: z.number().int().min(1).max(999).default(1),
    maxOrderQuantity: z.number().int().min(1).max(999).optional(),
    buyable: z.boolean().default(true),
    quantityTiers: z.array(quantityTierSchema).max(60).default([]),
  })
  .strict()
  .refine((o) => o.maxOrderQuantity === undefined || o.maxOrderQuantity >= o.minOrderQuantity, {
    message: 'maxOrderQuantity must not be below minOrderQuantity',
    path: ['maxOrderQuantity'],
  });

/** A product's keys that are no area's: `features` and the areas' own keys join them. */
export const coreProductShape = {
  asin: z.string().regex(/^[A-Z0-9]{10}$/, 'must be 10 characters A-Z or 0-9'),
  title: z.string().min(1).max(300),
  brand: z.string().min(1).max(120),
  productGroup: z.string().regex(/^gl_[a-z0-9_]+$/, 'must look like gl_something'),
  family: z
    .object({ id: z.string().min(1).max(80), label: z.string().min(1).max(80) })
    .strict()
    .optional()
    .meta({ description: 'products sharing a family id are shown as variations of one another' }),
  description: z.string().max(5000).default(''),
  bullets: z.array(z.string().min(1).max(500)).max(12).default([]),
  images: z.array(image).min(1).max(12),
  reviews: z
    .object({ rating: z.number().min(0).max(5), count: z.number().int().min(0) })
    .strict()
    .default({ rating: 0, count: 0 }),
};

const coreProduct = z.object({ ...coreProductShape, offers: z.array(catalogOfferSchema).min(1).max(20) });
export type CoreCatalogProduct = z.output<typeof coreProduct>;
export type CatalogOffer = CoreCatalogProduct['offers'][number];

type Shape = z.ZodRawShape;

/** A catalog product as an area's part sees it: the core, its `features` keys and its own keys. */
export type PartProduct<Features extends Shape, ProductKeys extends Shape> = CoreCatalogProduct & {
  features: z.output<z.ZodObject<Features>>;
} & z.output<z.ZodObject<ProductKeys>>;

/** A catalog file as an area's part sees it. */
export type PartCatalog<Features extends Shape, ProductKeys extends Shape, Sections extends Shape> = {
  products: PartProduct<Features, ProductKeys>[];
} & z.output<z.ZodObject<Sections>>;

/** A problem a part finds across the file; `path` is zod's, from the file's root. */
export type CatalogIssue = { path: (string | number)[]; message: string };

/** An offer row of the store, as the importer writes it with the product's other offers. */
export type CatalogOfferRow = Omit<NewOffer, 'updated_at'>;

type Db = Kysely<Database>;

/**
 * An area's rows of one product, written with the product in the import's transaction, after the
 * product's offers. Writes go through the area's repository.
 */
export type ProductRowsPart<Product, Rows> = {
  rows(product: Product): Rows;
  /** Products new to the store: the rows of many products at once, a table at a time. */
  insertNew(db: Db, rows: readonly Rows[], now: number): Promise<void>;
  /** Whether the stored rows are already these (an unchanged import writes nothing). */
  same(db: Db, rows: Rows): Promise<boolean>;
  /** A known product's rows replaced by these. */
  replace(db: Db, rows: Rows, now: number): Promise<void>;
};

/**
 * An area's part of the catalog: the keys it adds to a product's `features`, to a product, and to the
 * file (sections naming products by ASIN), what it checks across the file, and how it writes them.
 */
export type CatalogPart<
  Features extends Shape = Record<never, never>,
  ProductKeys extends Shape = Record<never, never>,
  Sections extends Shape = Record<never, never>,
  Rows = unknown,
> = {
  features?: Features;
  product?: ProductKeys;
  sections?: Sections;
  /** Columns of the product's own row the area fills (a column the area's migration added). */
  productColumns?(product: PartProduct<Features, ProductKeys>): Partial<NewProduct>;
  /** Offers the area adds to a product (a deal's own offer), with the path of each id in the product. */
  offers?(product: PartProduct<Features, ProductKeys>): { row: CatalogOfferRow; path: (string | number)[] }[];
  problems?(catalog: PartCatalog<Features, ProductKeys, Sections>): CatalogIssue[];
  products?: ProductRowsPart<PartProduct<Features, ProductKeys>, Rows>;
  /** Writes the area's sections after every product of the file (same transaction). */
  importSections?(db: Db, catalog: PartCatalog<Features, ProductKeys, Sections>, now: number): Promise<void>;
};

/** Any area's part, as the catalog schema and the importer take them from the area list. */
// biome-ignore lint/suspicious/noExplicitAny: each part is typed by its own schemas; the list holds them all.
export type AnyCatalogPart = CatalogPart<any, any, any, any>;

/** Declares an area's catalog part, typing its functions by its own schemas. */
export const catalogPart = <
  Features extends Shape = Record<never, never>,
  ProductKeys extends Shape = Record<never, never>,
  Sections extends Shape = Record<never, never>,
  Rows = unknown,
>(
  part: CatalogPart<Features, ProductKeys, Sections, Rows>,
) => part;

/** Decimal places of a marketplace's currency (2 when unknown). */
export const currencyDigits = (marketplaceId: string): number =>
  marketplaceById(marketplaceId)?.priceFormat.fractionDigits ?? 2;

/** The product's first offer: the one its area rows (coupon, deal) are priced and sold by. */
export const firstOffer = (product: CoreCatalogProduct): CatalogOffer => product.offers[0] as CatalogOffer;
