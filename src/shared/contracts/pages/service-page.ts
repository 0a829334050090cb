import { z } from 'zod';
import { VAS_FULFILLMENT_TYPES, VAS_SERVICE_KINDS } from '../../add-on-services-constants';
import { merchantAddress } from '../add-on-services';
import { price } from '../common';
import { shopperView } from './shopper';

/** VAS-005: /gp/product/{serviceAsin}/ref={tag}, the service page. */
export const servicePageData = z.object({
  page: z.literal('service'),
  shopper: shopperView,
  refTag: z.string().nullable(),
  service: z.object({
    asin: z.string(),
    kind: z.enum(VAS_SERVICE_KINDS),
    title: z.string(),
    brand: z.string(),
    description: z.string(),
    bullets: z.array(z.string()),
    image: z.object({ url: z.string(), altText: z.string() }).nullable(),
  }),
  /** The postal code the offers are for, or null when the shopper has not given one. */
  zip: z.string().nullable(),
  /** Every offer serving that postal code (all offers without one), cheapest first. */
  offers: z.array(
    z.object({
      offerListingId: z.string(),
      merchantId: z.string(),
      merchantName: z.string(),
      merchantAddress: merchantAddress.nullable(),
      price,
      fulfillmentType: z.enum(VAS_FULFILLMENT_TYPES),
      isCBM: z.boolean(),
      positiveRatingPercent: z.number().int().nullable(),
      ratingCount: z.number().int(),
    }),
  ),
  /** The seller whose reviews the shopper came to read (the rating links), if any. */
  seller: z.string().nullable(),
  /** The products this service is offered with; each opens in a new tab (VAS-005). */
  devices: z.array(z.object({ asin: z.string(), title: z.string() })),
});
export type ServicePageData = z.infer<typeof servicePageData>;
