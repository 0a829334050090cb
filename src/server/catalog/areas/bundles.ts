import { z } from 'zod';
import { MARKETPLACE_IDS, marketplaceById } from '../../../shared/marketplaces';
import { toMinorUnits } from '../../../shared/money/price-format';
import { writeBundle } from '../../db/repositories/bundle-repository';
import { catalogPart } from '../catalog-part';
import {
  CatalogReferenceError,
  duplicateIds,
  offerOfFileProblems,
  requireOffer,
  requireProducts,
} from '../import-sections';
import { asin, money } from './catalog-values';

/**
 * A bundle (BDL): two or more components, each an offer with a quantity, sold together at one price
 * below what the components cost on their own. It is offered on its landing products' pages (the
 * bundles side sheet) and its post-add panel suggests the upsell accessories. Stored in bundles,
 * bundle_components, bundle_landings and bundle_upsells.
 */
const bundleSchema = z
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

/** Bundles' part of the catalog: a section of bundles, each naming products and offers by id. */
export const bundlesCatalog = catalogPart({
  sections: { bundles: z.array(bundleSchema).max(500).default([]) },
  problems: ({ products, bundles }) => [
    ...duplicateIds(
      bundles.map((b) => b.bundleId),
      'bundles',
      'bundleId',
    ),
    ...offerOfFileProblems(
      products,
      bundles.flatMap((bundle, i) =>
        bundle.components.map((component, j) => ({
          ...component,
          path: ['bundles', i, 'components', j, 'offerListingId'],
        })),
      ),
    ),
  ],
  async importSections(db, { bundles }, now) {
    for (const [i, bundle] of bundles.entries()) {
      const path = `$.bundles[${i}]`;
      const marketplace = marketplaceById(bundle.marketplaceId);
      const digits = marketplace?.priceFormat.fractionDigits ?? 2;
      let separately = 0;
      for (const [j, component] of bundle.components.entries()) {
        const offer = await requireOffer(
          db,
          component.asin,
          component.offerListingId,
          `${path}.components[${j}].offerListingId`,
        );
        if (offer.marketplace_id !== bundle.marketplaceId) {
          throw new CatalogReferenceError(
            `${path}.components[${j}].offerListingId`,
            `offer ${offer.id} is not sold in marketplace ${bundle.marketplaceId}`,
          );
        }
        separately += offer.price_minor * component.quantity;
      }
      await requireProducts(db, bundle.landingAsins, `${path}.landingAsins`);
      await requireProducts(db, bundle.upsells, `${path}.upsells`);
      const priceMinor = toMinorUnits(bundle.price, digits);
      if (priceMinor >= separately) {
        throw new CatalogReferenceError(
          `${path}.price`,
          'must be below what the components cost on their own (a bundle saves the shopper money)',
        );
      }
      await writeBundle(
        db,
        {
          id: bundle.bundleId,
          marketplaceId: bundle.marketplaceId,
          title: bundle.title,
          image: bundle.image,
          priceMinor,
          currencyCode: marketplace?.currencyCode ?? 'USD',
          components: bundle.components.map((c) => ({
            asin: c.asin,
            offerId: c.offerListingId,
            quantity: c.quantity,
          })),
          landingAsins: bundle.landingAsins,
          upsells: bundle.upsells,
        },
        now,
      );
    }
  },
});
