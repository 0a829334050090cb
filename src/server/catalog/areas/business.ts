import { z } from 'zod';
import {
  insertBusinessCatalogRows,
  replaceBusinessCatalogRows,
  sameBusinessCatalogRows,
} from '../../db/repositories/business-repository';
import { catalogPart } from '../catalog-part';

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
const businessFeatures = {
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

/** Business buying's part of the catalog: the picker settings, stored in product_business_settings. */
export const businessCatalog = catalogPart({
  features: businessFeatures,
  products: {
    rows: ({ asin, features: { businessBuying } }) => ({
      asin,
      settings: businessBuying
        ? {
            asin,
            picker: businessBuying.picker,
            request_discount_url: businessBuying.requestDiscountUrl ?? null,
            buying_in_bulk_url: businessBuying.buyingInBulkUrl ?? null,
            locked_merchant_discounts: businessBuying.lockedMerchantDiscounts ? 1 : 0,
            summary_enabled: businessBuying.summaryEnabled ? 1 : 0,
            offers_link_enabled: businessBuying.offersLinkEnabled ? 1 : 0,
            devices_link_enabled: businessBuying.devicesLinkEnabled ? 1 : 0,
            messages: Object.keys(businessBuying.messages).length
              ? JSON.stringify(businessBuying.messages)
              : null,
          }
        : null,
    }),
    insertNew: insertBusinessCatalogRows,
    same: sameBusinessCatalogRows,
    replace: replaceBusinessCatalogRows,
  },
});
