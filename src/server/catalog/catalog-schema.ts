import { z } from 'zod';
import { MARKETPLACE_IDS } from '../../shared/marketplaces';
import { accessoriesSchema } from './areas/accessories';
import { addOnServiceFeatures } from './areas/add-on-services';
import { bundleSchema } from './areas/bundles';
import { businessFeatures, quantityTierSchema } from './areas/business';
import { buyBoxFeatures } from './areas/buy-box';
import { money } from './areas/catalog-values';
import { dealFeatures, dealSchema } from './areas/deals';
import { groceryFeatures, groceryStoreProblems } from './areas/grocery';
import { smartHomeSchema } from './areas/smart-home';
import { sponsoredAdSchema } from './areas/sponsored';

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
    quantityTiers: z.array(quantityTierSchema).max(60).default([]),
  })
  .strict()
  .refine((o) => o.maxOrderQuantity === undefined || o.maxOrderQuantity >= o.minOrderQuantity, {
    message: 'maxOrderQuantity must not be below minOrderQuantity',
    path: ['maxOrderQuantity'],
  });

/** A product's `features`: each area adds its own keys (catalog/areas/<area>.ts); the file format stays one object. */
const features = z
  .object({
    ...buyBoxFeatures,
    ...dealFeatures,
    ...addOnServiceFeatures,
    ...businessFeatures,
    ...groceryFeatures,
  })
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
    // Sections of the deferred areas; each names products by ASIN (in this file or already stored).
    bundles: z.array(bundleSchema).max(500).default([]),
    smartHome: z.array(smartHomeSchema).max(5000).default([]),
    sponsoredAds: z.array(sponsoredAdSchema).max(5000).default([]),
  })
  .strict()
  .superRefine((catalog, ctx) => {
    sectionProblems(catalog).forEach(({ path, message }) => {
      ctx.addIssue({ code: 'custom', message, path });
    });
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
      // A service offer (VAS-008) adds zip codes and fulfillment to one of the product's own offers.
      p.features.addOnService?.offers.forEach((o, j) => {
        if (!p.offers.some((offer) => offer.offerListingId === o.offerListingId)) {
          ctx.addIssue({
            code: 'custom',
            message: `offerListingId ${o.offerListingId} is not one of this product's offers`,
            path: ['products', i, 'features', 'addOnService', 'offers', j, 'offerListingId'],
          });
        }
      });
      p.features.addOnServices?.services.forEach((s, j) => {
        if (s.asin === p.asin || s.upgradeAsin === p.asin) {
          ctx.addIssue({
            code: 'custom',
            message: 'a product cannot be its own service',
            path: ['products', i, 'features', 'addOnServices', 'services', j, 'asin'],
          });
        }
      });
    });
    for (const issue of groceryStoreProblems(catalog.products)) ctx.addIssue({ code: 'custom', ...issue });
  })
  .meta({ id: 'Catalog', title: 'Store catalog' });

type SectionProblem = { path: (string | number)[]; message: string };

/**
 * The sections' references checked against the products of the same file: an offer named for a
 * product in the file must be one of its offers, and ids are unique. References to products not in
 * the file are checked at import, against the store.
 */
function sectionProblems(catalog: {
  products: { asin: string; offers: { offerListingId: string }[] }[];
  bundles: { bundleId: string; components: { asin: string; offerListingId: string }[] }[];
  smartHome: { asin: string }[];
  sponsoredAds: { adId: string; asin: string; offerListingId: string }[];
}): SectionProblem[] {
  const offersOf = new Map(catalog.products.map((p) => [p.asin, p.offers.map((o) => o.offerListingId)]));
  const problems: SectionProblem[] = [];
  const offerProblem = (asin: string, offerId: string, path: (string | number)[]) => {
    const offers = offersOf.get(asin);
    if (offers && !offers.includes(offerId))
      problems.push({ path, message: `offer ${offerId} is not an offer of ${asin}` });
  };
  const duplicates = (ids: string[], section: string, field: string) => {
    const seen = new Set<string>();
    ids.forEach((id, i) => {
      if (seen.has(id)) problems.push({ path: [section, i, field], message: `duplicate ${field} ${id}` });
      seen.add(id);
    });
  };
  duplicates(
    catalog.bundles.map((b) => b.bundleId),
    'bundles',
    'bundleId',
  );
  duplicates(
    catalog.smartHome.map((b) => b.asin),
    'smartHome',
    'asin',
  );
  duplicates(
    catalog.sponsoredAds.map((a) => a.adId),
    'sponsoredAds',
    'adId',
  );
  catalog.bundles.forEach((bundle, i) => {
    bundle.components.forEach((component, j) => {
      offerProblem(component.asin, component.offerListingId, [
        'bundles',
        i,
        'components',
        j,
        'offerListingId',
      ]);
    });
  });
  catalog.sponsoredAds.forEach((ad, i) => {
    offerProblem(ad.asin, ad.offerListingId, ['sponsoredAds', i, 'offerListingId']);
  });
  return problems;
}

export type Catalog = z.output<typeof catalogSchema>;
export type CatalogProduct = Catalog['products'][number];
export type CatalogOffer = CatalogProduct['offers'][number];
export type CatalogDeal = NonNullable<CatalogProduct['deal']>;
