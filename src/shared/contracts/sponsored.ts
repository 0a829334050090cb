import { z } from 'zod';
import { CAROUSEL_FETCH_CAP } from '../sponsored-constants';
import { price } from './common';

const TOKEN = /^[A-Za-z0-9_-]+$/;
const count = z.coerce.number().int().min(0).max(1_000_000);

/**
 * ADS-006: the carousel page's query: page number, total ads known, first ad's index, ads per page
 * (capped at 30, ADS-010), cards the carousel already holds and the opaque data the first answer gave.
 */
export const carouselQuery = z
  .object({
    pg: z.coerce.number().int().min(1).max(1000).default(1),
    tot: count.optional(),
    start: count.optional(),
    num: z.coerce
      .number()
      .int()
      .min(1)
      .max(1_000_000)
      .default(4)
      .transform((n) => Math.min(n, CAROUSEL_FETCH_CAP)),
    cc: count.optional(),
    oData: z.string().max(200).regex(TOKEN, 'oData is the opaque value of the first answer').optional(),
  })
  .strict();

const sponsoredAdView = z.object({
  adId: z.string(),
  adIndex: z.number().int(),
  asin: z.string(),
  title: z.string(),
  image: z.object({ url: z.string(), altText: z.string() }).nullable(),
  price: price,
  rating: z.number(),
  ratingCount: z.number().int(),
  advertiser: z.string(),
  productUrl: z.string(),
  /** ADS-005: the click is logged by a POST here. */
  clickUrl: z.string(),
});
export type SponsoredAdView = z.infer<typeof sponsoredAdView>;

export const carouselResponse = z
  .object({
    type: z.literal('sponsored.carousel/v1'),
    widgetName: z.string(),
    /** The page view the events of this carousel belong to. */
    qualifier: z.string(),
    pg: z.number().int(),
    tot: z.number().int(),
    start: z.number().int(),
    num: z.number().int(),
    /** Passed back as is with the next page's query. */
    oData: z.string(),
    /** ADS-004: where the view events go. */
    eventsUrl: z.string(),
    ads: z.array(sponsoredAdView).max(CAROUSEL_FETCH_CAP),
  })
  .meta({ id: 'SponsoredCarousel' });
export type CarouselResponse = z.infer<typeof carouselResponse>;

const qualifier = z.string().min(8).max(64).regex(TOKEN, 'qualifier may hold letters, digits, _ and - only');
const widgetName = z
  .string()
  .min(1)
  .max(80)
  .regex(TOKEN, 'widgetName may hold letters, digits, _ and - only');
const adId = z.string().min(1).max(80).regex(TOKEN, 'adId may hold letters, digits, _ and - only');

/** ADS-003: one ad view event's data. */
const adEventData = z
  .object({
    qualifier,
    id: z.string().min(1).max(200),
    widgetName,
    adId,
    adIndex: z.number().int().min(0).max(10_000),
    eventType: z.literal('view'),
  })
  .strict();

/**
 * ADS-004: `POST {events:[{data}]}`. A page hiding sends it with navigator.sendBeacon, which cannot set
 * headers: the CSRF token then rides in the body and the body may come as text/plain.
 */
export const adEventsRequest = z
  .object({
    events: z
      .array(z.object({ data: adEventData }).strict())
      .min(1)
      .max(100),
    csrfToken: z.string().max(200).optional(),
  })
  .strict()
  .meta({ id: 'AdEvents' });
export type AdEventsRequest = z.infer<typeof adEventsRequest>;

export const adEventsResponse = z.object({
  /** Events in the batch. */
  accepted: z.number().int(),
  /** Of them, the ones counted now (a replayed batch counts nothing again). */
  counted: z.number().int(),
});

export const AD_EVENTS_PATH = '/api/sponsored-products/events';

/** ADS-005: the click URL's query: which page view, widget and card. */
export const adClickQuery = z
  .object({ qualifier, widgetName, adIndex: z.coerce.number().int().min(0).max(10_000) })
  .strict();
export const adClickParams = z.object({ adId });
export const adClickResponse = z.object({ counted: z.boolean() });
