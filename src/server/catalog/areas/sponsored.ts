import { z } from 'zod';
import { marketplaceById } from '../../../shared/marketplaces';
import { toMinorUnits } from '../../../shared/money/price-format';
import { writeSponsoredAd } from '../../db/repositories/sponsored-ad-repository';
import { catalogPart } from '../catalog-part';
import { duplicateIds, offerOfFileProblems, requireOffer } from '../import-sections';
import { asin, money } from './catalog-values';

/**
 * The sponsored products inventory (ADS): an ad promotes one offer for an advertiser, with a bid per
 * click in the offer's currency. It shows on its target products' pages, or on every product page
 * but its own when it names none. Stored in sponsored_ads and sponsored_ad_targets.
 */
const sponsoredAdSchema = z
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

/** Sponsored products' part of the catalog: a section of ads, each naming the offer it promotes. */
export const sponsoredCatalog = catalogPart({
  sections: { sponsoredAds: z.array(sponsoredAdSchema).max(5000).default([]) },
  problems: ({ products, sponsoredAds }) => [
    ...duplicateIds(
      sponsoredAds.map((a) => a.adId),
      'sponsoredAds',
      'adId',
    ),
    ...offerOfFileProblems(
      products,
      sponsoredAds.map((ad, i) => ({ ...ad, path: ['sponsoredAds', i, 'offerListingId'] })),
    ),
  ],
  async importSections(db, { sponsoredAds }, now) {
    for (const [i, ad] of sponsoredAds.entries()) {
      const offer = await requireOffer(db, ad.asin, ad.offerListingId, `$.sponsoredAds[${i}].offerListingId`);
      const digits = marketplaceById(offer.marketplace_id)?.priceFormat.fractionDigits ?? 2;
      await writeSponsoredAd(
        db,
        {
          id: ad.adId,
          marketplaceId: offer.marketplace_id,
          asin: ad.asin,
          offerId: offer.id,
          advertiser: ad.advertiser,
          bidMinor: toMinorUnits(ad.bid, digits),
          active: ad.active,
          targetAsins: ad.targetAsins,
        },
        now,
      );
    }
  },
});
