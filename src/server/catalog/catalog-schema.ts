import { z } from 'zod';
import { MARKETPLACE_IDS } from '../../shared/marketplaces';
import { accessoriesSchema } from './areas/accessories';
import { buyBoxFeatures } from './areas/buy-box';
import { money } from './areas/catalog-values';
import { dealFeatures, dealSchema } from './areas/deals';

// The catalog file format (docs/catalog.md). Prices are decimal amounts in the offer's marketplace
// currency; the importer turns them into integer minor units.

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

const quantityTier = z
  .object({
    minimumQuantity: z.number().int().min(2).max(999),
    price: money,
    program: z.string().max(80).optional(),
    hidden: z.boolean().default(false),
  })
  .strict();

const offer = z
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
    quantityTiers: z.array(quantityTier).max(60).default([]),
  })
  .strict()
  .refine((o) => o.maxOrderQuantity === undefined || o.maxOrderQuantity >= o.minOrderQuantity, {
    message: 'maxOrderQuantity must not be below minOrderQuantity',
    path: ['maxOrderQuantity'],
  });

/** A product's `features`: each area adds its own keys (catalog/areas/<area>.ts); the file format stays one object. */
const features = z
  .object({ ...buyBoxFeatures, ...dealFeatures })
  .strict()
  .default({});

const product = z
  .object({
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
    features,
    accessories: accessoriesSchema.optional(),
    offers: z.array(offer).min(1).max(20),
    deal: dealSchema.optional(),
  })
  .strict();

export const catalogSchema = z
  .object({
    $schema: z.string().optional(),
    products: z.array(product).min(1),
  })
  .strict()
  .superRefine((catalog, ctx) => {
    const asins = new Map<string, number>();
    const offers = new Map<string, string>();
    catalog.products.forEach((p, i) => {
      if (asins.has(p.asin)) {
        ctx.addIssue({ code: 'custom', message: `duplicate asin ${p.asin}`, path: ['products', i, 'asin'] });
      }
      asins.set(p.asin, i);
      if (p.deal) {
        const owner = offers.get(p.deal.offerListingId);
        if (owner !== undefined || p.offers.some((o) => o.offerListingId === p.deal?.offerListingId)) {
          ctx.addIssue({
            code: 'custom',
            message: `offerListingId ${p.deal.offerListingId} is already used by ${owner ?? p.asin}`,
            path: ['products', i, 'deal', 'offerListingId'],
          });
        }
      }
      p.offers.forEach((o, j) => {
        const owner = offers.get(o.offerListingId);
        if (owner !== undefined) {
          ctx.addIssue({
            code: 'custom',
            message: `offerListingId ${o.offerListingId} is already used by ${owner}`,
            path: ['products', i, 'offers', j, 'offerListingId'],
          });
        }
        offers.set(o.offerListingId, p.asin);
      });
      if (p.deal) offers.set(p.deal.offerListingId, p.asin);
    });
  })
  .meta({ id: 'Catalog', title: 'Store catalog' });

export type Catalog = z.output<typeof catalogSchema>;
export type CatalogProduct = Catalog['products'][number];
export type CatalogOffer = CatalogProduct['offers'][number];
export type CatalogDeal = NonNullable<CatalogProduct['deal']>;
