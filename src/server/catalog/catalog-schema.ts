import { z } from 'zod';
import { DEAL_ACCESS_BEHAVIORS, DEAL_TYPES } from '../../shared/deal-constants';
import { MARKETPLACE_IDS } from '../../shared/marketplaces';

// The catalog file format (docs/catalog.md). Prices are decimal amounts in the offer's marketplace
// currency; the importer turns them into integer minor units.

const money = z.number().finite().nonnegative().meta({ description: 'decimal amount, e.g. 49.99' });

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

const asin = z.string().regex(/^[A-Z0-9]{10}$/, 'must be 10 characters A-Z or 0-9');

/** Buy-box features a product turns on; later areas add their own keys. */
const features = z
  .object({
    giftWrap: z.boolean().optional(),
    preregistration: z
      .object({ maxQuantity: z.number().int().min(1).max(99), defaultValue: z.boolean().default(false) })
      .strict()
      .optional(),
    installments: z
      .object({ programId: z.string().min(1).max(80), months: z.number().int().min(2).max(48) })
      .strict()
      .optional(),
    coupon: z
      .object({
        encryptedPromotionId: z.string().min(1).max(80),
        amountOff: money,
        description: z.string().min(1).max(200),
      })
      .strict()
      .optional(),
    highDemand: z.boolean().optional(),
    /** The protection plan offered with the product's lightning deal: the warranty checkbox (DEAL-004). */
    protectionPlan: z.object({ asin }).strict().optional(),
    /** The high-demand button: an invitation request (default) or, for coming products, notify-details (BB-038). */
    inviteButton: z.enum(['request-invitation', 'notify-details']).optional(),
    fresh: z.boolean().optional(),
    business: z.boolean().optional(),
    quantityRestriction: z
      .object({ popoverTitle: z.string().min(1), message: z.string().min(1) })
      .strict()
      .optional(),
  })
  .strict()
  .default({});

/** ACC-003: the accessory upsells a product offers, one slot per accessory, each with its variations. */
const accessories = z
  .object({
    campaignSource: z.string().min(1).max(80),
    /** Deal mode: the interstitial adds each accessory to the cart on its own (ACC-013). */
    dealMode: z.boolean().default(false),
    slots: z
      .array(
        z
          .object({
            variations: z.array(asin).min(1).max(12),
            selected: asin.optional(),
            automated: z.boolean().default(false),
            checkForInteraction: z.boolean().default(false),
            customAttribute: z
              .object({ name: z.string().min(1).max(80), value: z.string().min(1).max(200) })
              .strict()
              .optional()
              .meta({ description: 'digital subscriptions: sent as custom-name/custom-value' }),
          })
          .strict()
          .refine((s) => s.selected === undefined || s.variations.includes(s.selected), {
            message: 'selected must be one of the variations',
            path: ['selected'],
          }),
      )
      .min(1)
      .max(8),
  })
  .strict();
/**
 * A lightning deal on the product (decision 0009): its own offer at the deal price, sold by the
 * product's first offer's merchant. Times are minutes relative to the import.
 */
const deal = z
  .object({
    dealId: z.string().regex(/^[A-Za-z0-9_-]{1,80}$/, 'may hold letters, digits, _ and - only (1-80)'),
    type: z.enum(DEAL_TYPES).default('LIGHTNING_DEAL'),
    offerListingId: z.string().min(1).max(200),
    price: money,
    startsMinutesAfterImport: z.number().int().min(-525_600).max(525_600),
    endsMinutesAfterImport: z.number().int().min(-525_600).max(525_600),
    totalUnits: z.number().int().min(1).max(1_000_000),
    /** Units already claimed when the catalog is imported (they never return). */
    claimedUnits: z.number().int().min(0).default(0),
    maxPerCustomer: z.number().int().min(1).max(99),
    accessBehavior: z.enum(DEAL_ACCESS_BEHAVIORS).optional(),
    earlyAccessMinutes: z.number().int().min(0).max(1440).default(0),
  })
  .strict()
  .refine((d) => d.endsMinutesAfterImport > d.startsMinutesAfterImport, {
    message: 'must end after it starts',
    path: ['endsMinutesAfterImport'],
  })
  .refine((d) => d.claimedUnits <= d.totalUnits, {
    message: 'must not exceed totalUnits',
    path: ['claimedUnits'],
  })
  .refine((d) => d.earlyAccessMinutes === 0 || d.accessBehavior === 'PRIME_EARLY_ACCESS', {
    message: 'early access needs accessBehavior PRIME_EARLY_ACCESS',
    path: ['earlyAccessMinutes'],
  });

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
    accessories: accessories.optional(),
    offers: z.array(offer).min(1).max(20),
    deal: deal.optional(),
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
export type ProductFeatures = CatalogProduct['features'];
export type ProductAccessories = NonNullable<CatalogProduct['accessories']>;
export type CatalogDeal = NonNullable<CatalogProduct['deal']>;
