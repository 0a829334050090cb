import type { Kysely } from 'kysely';
import type { Database } from '../schema';
import { decodeStored, firstStoredImage } from './stored-json';

type Db = Kysely<Database>;

export type AdWrite = {
  id: string;
  marketplaceId: string;
  asin: string;
  offerId: string;
  advertiser: string;
  bidMinor: number;
  active: boolean;
  targetAsins: string[];
};

/** Writes an ad of the inventory as the catalog gives it; its counted events stay. */
export async function writeSponsoredAd(db: Db, ad: AdWrite, now: number): Promise<void> {
  const row = {
    id: ad.id,
    marketplace_id: ad.marketplaceId,
    asin: ad.asin,
    offer_id: ad.offerId,
    advertiser: ad.advertiser,
    bid_minor: ad.bidMinor,
    active: ad.active ? 1 : 0,
    updated_at: now,
  };
  await db
    .insertInto('sponsored_ads')
    .values(row)
    .onConflict((oc) => oc.column('id').doUpdateSet(row))
    .execute();
  await db.deleteFrom('sponsored_ad_targets').where('ad_id', '=', ad.id).execute();
  if (ad.targetAsins.length) {
    await db
      .insertInto('sponsored_ad_targets')
      .values(ad.targetAsins.map((asin) => ({ ad_id: ad.id, asin })))
      .execute();
  }
}

/** An ad that may show on a page, with the product and offer it promotes. */
export type PlacedAd = {
  adId: string;
  asin: string;
  title: string;
  image: { src: string; alt: string } | null;
  rating: number;
  ratingCount: number;
  offerId: string;
  priceMinor: number;
  currencyCode: string;
  advertiser: string;
  bidMinor: number;
};

/**
 * The active ads for a product page, highest bid first (then by id): those targeting the page and
 * those that target no page, never the page's own product, and only offers that can be bought.
 */
export async function findAdsForPage(db: Db, pageAsin: string, marketplaceId: string): Promise<PlacedAd[]> {
  const rows = await db
    .selectFrom('sponsored_ads')
    .innerJoin('products', 'products.asin', 'sponsored_ads.asin')
    .innerJoin('offers', 'offers.id', 'sponsored_ads.offer_id')
    .select([
      'sponsored_ads.id',
      'sponsored_ads.asin',
      'sponsored_ads.advertiser',
      'sponsored_ads.bid_minor',
      'products.title',
      'products.images',
      'products.reviews',
      'offers.id as offer_id',
      'offers.price_minor',
      'offers.currency_code',
    ])
    .where('sponsored_ads.marketplace_id', '=', marketplaceId)
    .where('sponsored_ads.active', '=', 1)
    .where('sponsored_ads.asin', '!=', pageAsin)
    .where('offers.buyable', '=', 1)
    .where('offers.stock', '>', 0)
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom('sponsored_ad_targets')
            .select('sponsored_ad_targets.ad_id')
            .whereRef('sponsored_ad_targets.ad_id', '=', 'sponsored_ads.id')
            .where('sponsored_ad_targets.asin', '=', pageAsin),
        ),
        eb.not(
          eb.exists(
            eb
              .selectFrom('sponsored_ad_targets')
              .select('sponsored_ad_targets.ad_id')
              .whereRef('sponsored_ad_targets.ad_id', '=', 'sponsored_ads.id'),
          ),
        ),
      ]),
    )
    .orderBy('sponsored_ads.bid_minor', 'desc')
    .orderBy('sponsored_ads.id')
    .execute();
  return rows.map((row) => {
    const reviews = decodeStored<{ rating: number; count: number }>(row.reviews) ?? { rating: 0, count: 0 };
    return {
      adId: row.id,
      asin: row.asin,
      title: row.title,
      image: firstStoredImage(row.images),
      rating: reviews.rating,
      ratingCount: reviews.count,
      offerId: row.offer_id,
      priceMinor: row.price_minor,
      currencyCode: row.currency_code,
      advertiser: row.advertiser,
      bidMinor: row.bid_minor,
    };
  });
}

/** Which of these ad ids exist (events for unknown ads are refused). */
export async function findAdIds(db: Db, adIds: readonly string[]): Promise<Set<string>> {
  if (adIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('sponsored_ads')
    .select('id')
    .where('id', 'in', [...new Set(adIds)])
    .execute();
  return new Set(rows.map((row) => row.id));
}

export type AdEvent = {
  key: string;
  adId: string;
  eventType: 'view' | 'click';
  pageViewId: string;
  widgetName: string;
  adIndex: number;
};

/** Stores events under their keys; one already stored is left alone. Answers how many were new. */
export async function recordAdEvents(db: Db, events: readonly AdEvent[], now: number): Promise<number> {
  let added = 0;
  for (const event of events) {
    const result = await db
      .insertInto('sponsored_ad_events')
      .values({
        event_key: event.key,
        ad_id: event.adId,
        event_type: event.eventType,
        page_view_id: event.pageViewId,
        widget_name: event.widgetName,
        ad_index: event.adIndex,
        created_at: now,
      })
      .onConflict((oc) => oc.column('event_key').doNothing())
      .executeTakeFirst();
    added += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return added;
}

export type AdTotals = {
  adId: string;
  asin: string;
  advertiser: string;
  impressions: number;
  clicks: number;
};

/** Views and clicks per ad of the inventory, ads without any included. */
export async function adTotals(db: Db): Promise<AdTotals[]> {
  const ads = await db
    .selectFrom('sponsored_ads')
    .select(['id', 'asin', 'advertiser'])
    .orderBy('id')
    .execute();
  const counts = await db
    .selectFrom('sponsored_ad_events')
    .select((eb) => ['ad_id', 'event_type', eb.fn.countAll<number>().as('count')])
    .groupBy(['ad_id', 'event_type'])
    .execute();
  const count = (adId: string, type: string) =>
    Number(counts.find((c) => c.ad_id === adId && c.event_type === type)?.count ?? 0);
  return ads.map((ad) => ({
    adId: ad.id,
    asin: ad.asin,
    advertiser: ad.advertiser,
    impressions: count(ad.id, 'view'),
    clicks: count(ad.id, 'click'),
  }));
}
