import { z } from 'zod';
import { MARKETPLACE_IDS } from '../../../shared/marketplaces';
import { asin, money } from './catalog-values';

/**
 * A bundle (BDL): two or more components, each an offer with a quantity, sold together at one price
 * below what the components cost on their own. It is offered on its landing products' pages (the
 * bundles side sheet) and its post-add panel suggests the upsell accessories. Stored in bundles,
 * bundle_components, bundle_landings and bundle_upsells.
 */
export const bundleSchema = z
  .object({
    bundleId: z.string().regex(/^[A-Za-z0-9_-]{1,80}$/, 'may hold letters, digits, _ and - only (1-80)'),
    marketplaceId: z.enum(MARKETPLACE_IDS).default('ATVPDKIKX0DER'),
    title: z.string().min(1).max(200),
    /** BDL-025: a file name; the page loads it from the media host's fixed bundle path. */
    image: z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9-]{0,120}\.(svg|png|jpg|webp)$/,
        'must be a file name under the bundle media path, e.g. nimbus-home-bundle.svg',
      ),
    price: money.refine((amount) => amount > 0, 'must be above 0'),
    landingAsins: z.array(asin).min(1).max(20),
    components: z
      .array(
        z
          .object({
            asin,
            offerListingId: z.string().min(1).max(200),
            quantity: z.number().int().min(1).max(10).default(1),
          })
          .strict(),
      )
      .min(2)
      .max(6)
      .refine((components) => new Set(components.map((c) => c.offerListingId)).size === components.length, {
        message: 'each component must be a different offer',
      }),
    upsells: z.array(asin).max(6).default([]),
  })
  .strict();

export type CatalogBundle = z.output<typeof bundleSchema>;
