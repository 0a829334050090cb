import { z } from 'zod';
import { asin, money } from './catalog-values';

/**
 * The sponsored products inventory (ADS): an ad promotes one offer for an advertiser, with a bid per
 * click in the offer's currency. It shows on its target products' pages, or on every product page
 * but its own when it names none. Stored in sponsored_ads and sponsored_ad_targets.
 */
export const sponsoredAdSchema = z
  .object({
    adId: z.string().regex(/^[A-Za-z0-9_-]{1,80}$/, 'may hold letters, digits, _ and - only (1-80)'),
    asin,
    offerListingId: z.string().min(1).max(200),
    advertiser: z.string().min(1).max(120),
    bid: money.refine((amount) => amount > 0, 'must be above 0'),
    targetAsins: z.array(asin).max(50).default([]),
    active: z.boolean().default(true),
  })
  .strict();

export type CatalogSponsoredAd = z.output<typeof sponsoredAdSchema>;
