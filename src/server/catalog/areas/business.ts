import { z } from 'zod';
import { money } from './catalog-values';

/**
 * A quantity tier of an offer (BIZ-005): from `minimumQuantity` units each unit costs `price`, or the
 * offer's price less `percentOff` percent (a unit price that may fall between cents: kept exact and
 * rounded once per line). `hidden` marks an uncompetitive tier: listed behind load-more, never
 * pricing a line. `buyingInBulk` is the bulk-buying row the table ends with. Stored in quantity_tiers.
 */
export const quantityTierSchema = z
  .object({
    minimumQuantity: z.number().int().min(2).max(999),
    price: money.optional(),
    percentOff: z
      .number()
      .gt(0)
      .lt(100)
      .refine((p) => Math.abs(p * 100 - Math.round(p * 100)) < 1e-6, 'may have at most 2 decimal places')
      .optional()
      .meta({ description: 'percent off the offer price, e.g. 7.5; instead of price' }),
    program: z.string().max(80).optional(),
    hidden: z.boolean().default(false),
    buyingInBulk: z
      .object({
        fragments: z
          .array(
            z
              .object({
                text: z.string().min(1).max(200),
                url: z
                  .string()
                  .regex(
                    /^(https:\/\/|\/)|^[a-z0-9]/i,
                    'must be an https:// URL, a path, or a path under buyingInBulkUrl',
                  )
                  .max(500)
                  .optional(),
              })
              .strict(),
          )
          .min(1)
          .max(5),
      })
      .strict()
      .optional(),
  })
  .strict()
  .refine((t) => (t.price === undefined) !== (t.percentOff === undefined), {
    message: 'a tier needs exactly one of price and percentOff',
    path: ['price'],
  });

const messages = z
  .object({
    loadMore: z.string().min(1).max(120),
    fetchingBestPrices: z.string().min(1).max(120),
    quantityTableError: z.string().min(1).max(200),
    requestForQuantityDiscount: z.string().min(1).max(120),
    unavailable: z.string().min(1).max(200),
    unavailableLink: z.string().min(1).max(120),
  })
  .partial()
  .strict();

/**
 * The business area's key of a product's `features`: how the business quantity picker shows the
 * product to business customers (BIZ-009). Stored in product_business_settings.
 */
export const businessFeatures = {
  businessBuying: z
    .object({
      /** BIZ-001: a dropdown that switches to a text input, or a text input with the discount table. */
      picker: z.enum(['dropdown', 'text-with-table']).default('text-with-table'),
      requestDiscountUrl: z
        .string()
        .regex(/^(https:\/\/|\/)/, 'must be an https:// URL or a path starting with /')
        .max(500)
        .optional(),
      buyingInBulkUrl: z
        .string()
        .regex(/^(https:\/\/|\/)/, 'must be an https:// URL or a path starting with /')
        .max(500)
        .optional(),
      lockedMerchantDiscounts: z.boolean().default(false),
      summaryEnabled: z.boolean().default(true),
      offersLinkEnabled: z.boolean().default(true),
      devicesLinkEnabled: z.boolean().default(false),
      messages: messages.default({}),
    })
    .strict()
    .optional(),
};

const businessFeaturesSchema = z.object(businessFeatures);
export type BusinessCatalogFeatures = z.output<typeof businessFeaturesSchema>;
