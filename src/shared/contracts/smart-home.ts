import { z } from 'zod';

/** SH-002: one checkbox's data: the device's asin, its offer listing id and its price. */
const smartHomeDevice = z.object({
  asin: z.string(),
  offerlistingid: z.string(),
  /** Decimal amount in the page state's currency. */
  price: z.number(),
  title: z.string(),
  image: z.object({ url: z.string(), altText: z.string() }).nullable(),
  /** The device's own price as the shopper reads it. */
  displayPrice: z.string(),
});
export type SmartHomeDevice = z.infer<typeof smartHomeDevice>;

/**
 * GET /api/marketplaces/{marketplaceId}/products/{asin}/page-slices/smart-home: the badge, loaded
 * after first paint; null when the product offers no compatible devices. The page state's parts are
 * loose on purpose: the widget checks them itself and does not start without them (SH-005).
 */
export const smartHomeSliceResponse = z
  .object({
    type: z.literal('page-slice.smart-home/v1'),
    smartHome: z
      .object({
        pageState: z.object({
          currencyCode: z.string().optional(),
          priceFormat: z.record(z.string(), z.unknown()).optional(),
          buttonMessages: z.record(z.string(), z.string()).optional(),
        }),
        devices: z.array(smartHomeDevice),
      })
      .nullable(),
  })
  .meta({ id: 'SmartHomeSlice' });
export type SmartHomeSliceResponse = z.infer<typeof smartHomeSliceResponse>;
