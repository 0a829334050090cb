import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { carouselPageSize } from '../../../domain/sponsored/sponsored';
import type { CarouselResponse } from '../../../shared/contracts/sponsored';
import { AD_EVENTS_PATH } from '../../../shared/contracts/sponsored';
import { marketplaceById } from '../../../shared/marketplaces';
import { toPrice } from '../../../shared/money/price-format';
import { findProductBrief } from '../../db/repositories/product-repository';
import { findAdsForPage } from '../../db/repositories/sponsored-ad-repository';
import type { Database } from '../../db/schema';
import type { Refusal } from '../refusal';

/** The carousel of sponsored products on the product page. */
const DETAIL_PAGE_WIDGET = 'sp_detail';

type PageView = { qualifier: string; widgetName: string };

const encodeOData = (view: PageView) => Buffer.from(JSON.stringify(view)).toString('base64url');

function decodeOData(oData: string): PageView | null {
  try {
    const value = JSON.parse(Buffer.from(oData, 'base64url').toString('utf8')) as Partial<PageView>;
    const token = /^[A-Za-z0-9_-]{8,64}$/;
    return typeof value.qualifier === 'string' &&
      token.test(value.qualifier) &&
      value.widgetName === DETAIL_PAGE_WIDGET
      ? { qualifier: value.qualifier, widgetName: value.widgetName }
      : null;
  } catch {
    return null;
  }
}

export type CarouselRefusalCode = 'unknown_marketplace' | 'unknown_product' | 'invalid_request';

export type CarouselResult =
  | { ok: true; value: CarouselResponse }
  | { ok: false; refusal: Refusal<CarouselRefusalCode> };

/**
 * One page of the sponsored carousel for a product page (ADS-006, ADS-010): the ads that may show
 * there, highest bid first, from `start` (else page `pg` of `num`), at most 30. The first page starts
 * a page view (its qualifier, carried in `oData`), later pages continue it.
 */
export async function sponsoredCarousel(
  db: Kysely<Database>,
  input: {
    marketplaceId: string;
    asin: string;
    query: { pg: number; start?: number | undefined; num: number; oData?: string | undefined };
  },
): Promise<CarouselResult> {
  const marketplace = marketplaceById(input.marketplaceId);
  if (!marketplace)
    return { ok: false, refusal: { code: 'unknown_marketplace', message: 'unknown marketplaceId' } };
  if (!(await findProductBrief(db, input.asin))) {
    return { ok: false, refusal: { code: 'unknown_product', message: 'no product with this asin' } };
  }
  const view = input.query.oData
    ? decodeOData(input.query.oData)
    : { qualifier: randomBytes(12).toString('base64url'), widgetName: DETAIL_PAGE_WIDGET };
  if (!view) {
    return {
      ok: false,
      refusal: {
        code: 'invalid_request',
        message: 'oData is not the value of an earlier answer',
        field: 'oData',
      },
    };
  }
  const { num } = input.query;
  const start = input.query.start ?? (input.query.pg - 1) * num;
  const ads = await findAdsForPage(db, input.asin, marketplace.marketplaceId);
  const page = ads.slice(start, start + carouselPageSize(num, start, ads.length));
  const clickQuery = (adIndex: number) =>
    new URLSearchParams({ qualifier: view.qualifier, widgetName: view.widgetName, adIndex: String(adIndex) });
  return {
    ok: true,
    value: {
      type: 'sponsored.carousel/v1',
      widgetName: view.widgetName,
      qualifier: view.qualifier,
      pg: input.query.pg,
      tot: ads.length,
      start,
      num,
      oData: encodeOData(view),
      eventsUrl: AD_EVENTS_PATH,
      ads: page.map((ad, i) => ({
        adId: ad.adId,
        adIndex: start + i,
        asin: ad.asin,
        title: ad.title,
        image: ad.image ? { url: ad.image.src, altText: ad.image.alt } : null,
        price: toPrice(ad.priceMinor, ad.currencyCode, marketplace.priceFormat),
        rating: ad.rating,
        ratingCount: ad.ratingCount,
        advertiser: ad.advertiser,
        productUrl: `/dp/${ad.asin}`,
        clickUrl: `/api/sponsored-products/ads/${encodeURIComponent(ad.adId)}/clicks?${clickQuery(start + i)}`,
      })),
    },
  };
}
