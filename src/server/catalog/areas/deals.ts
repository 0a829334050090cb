import type { Kysely } from 'kysely';
import { z } from 'zod';
import { DEAL_ACCESS_BEHAVIORS, DEAL_TYPES } from '../../../shared/deal-constants';
import { marketplaceById } from '../../../shared/marketplaces';
import { toMinorUnits } from '../../../shared/money/price-format';
import { insertCatalogDeal } from '../../db/repositories/deal-repository';
import {
  insertProtectionPlans,
  replaceProtectionPlan,
  sameProtectionPlan,
} from '../../db/repositories/protection-plan-repository';
import type { Database } from '../../db/schema';
import {
  type CatalogOfferRow,
  type CoreCatalogProduct,
  catalogPart,
  currencyDigits,
  firstOffer,
} from '../catalog-part';
import { asin, money } from './catalog-values';

/** The deals area's keys of a product's `features`. Stored in product_protection_plans. */
const dealFeatures = {
  /** The protection plan offered with the product's lightning deal: the warranty checkbox (DEAL-004). */
  protectionPlan: z.object({ asin }).strict().optional(),
};

/**
 * A lightning deal on the product (decision 0009): its own offer at the deal price, sold by the
 * product's first offer's merchant. Times are minutes relative to the import.
 */
const dealSchema = z
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

type CatalogDeal = z.output<typeof dealSchema>;

/** The deal's own offer: the first offer's merchant and marketplace, at the deal price (decision 0009). */
function dealOfferRow(product: CoreCatalogProduct, deal: CatalogDeal): CatalogOfferRow {
  const base = firstOffer(product);
  const digits = currencyDigits(base.marketplaceId);
  return {
    id: deal.offerListingId,
    asin: product.asin,
    marketplace_id: base.marketplaceId,
    merchant_id: base.merchant.id,
    merchant_name: base.merchant.name,
    condition_type: 'LIGHTNING_DEAL',
    price_minor: toMinorUnits(deal.price, digits),
    list_price_minor: toMinorUnits(base.price, digits),
    currency_code: marketplaceById(base.marketplaceId)?.currencyCode ?? 'USD',
    stock: deal.totalUnits,
    min_order_quantity: 1,
    max_order_quantity: deal.maxPerCustomer,
    buyable: 1,
  };
}

type DealRows = {
  asin: string;
  protectionPlan: { asin: string; plan_asin: string } | null;
  deal: { deal: CatalogDeal; marketplaceId: string } | null;
};

/** The first import of a deal fixes its times relative to that import; later imports leave it alone. */
async function writeDeal(db: Kysely<Database>, rows: DealRows, now: number) {
  if (!rows.deal) return;
  const { deal, marketplaceId } = rows.deal;
  const minute = 60_000;
  await insertCatalogDeal(db, {
    id: deal.dealId,
    asin: rows.asin,
    offer_id: deal.offerListingId,
    marketplace_id: marketplaceId,
    deal_type: deal.type,
    start_time: now + deal.startsMinutesAfterImport * minute,
    end_time: now + deal.endsMinutesAfterImport * minute,
    total_units: deal.totalUnits,
    claimed_units: deal.claimedUnits,
    max_per_customer: deal.maxPerCustomer,
    access_behavior: deal.accessBehavior ?? null,
    early_access_ms: deal.earlyAccessMinutes * minute,
    waitlist_tickets: 0,
    waitlist_served: 0,
    created_at: now,
  });
}

/** Lightning deals' part of the catalog: a product's deal, its own offer, and the plan offered with it. */
export const dealsCatalog = catalogPart({
  features: dealFeatures,
  product: { deal: dealSchema.optional() },
  offers: (product) =>
    product.deal ? [{ row: dealOfferRow(product, product.deal), path: ['deal', 'offerListingId'] }] : [],
  products: {
    rows: (product): DealRows => ({
      asin: product.asin,
      protectionPlan: product.features.protectionPlan
        ? { asin: product.asin, plan_asin: product.features.protectionPlan.asin }
        : null,
      deal: product.deal ? { deal: product.deal, marketplaceId: firstOffer(product).marketplaceId } : null,
    }),
    async insertNew(db, rows, now) {
      await insertProtectionPlans(
        db,
        rows.flatMap((r) => (r.protectionPlan ? [r.protectionPlan] : [])),
      );
      for (const r of rows) await writeDeal(db, r, now);
    },
    same: (db, rows) => sameProtectionPlan(db, rows.asin, rows.protectionPlan),
    async replace(db, rows, now) {
      await replaceProtectionPlan(db, rows.asin, rows.protectionPlan);
      await writeDeal(db, rows, now);
    },
  },
});
