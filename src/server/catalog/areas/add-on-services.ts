import { z } from 'zod';
import { VAS_FULFILLMENT_TYPES, VAS_SERVICE_KINDS } from '../../../shared/add-on-services-constants';
import { VAS_WIDGETS } from '../../../shared/add-on-services-widgets';
import {
  addOnCatalogRows,
  insertAddOnCatalogRows,
  sameAddOnCatalogRows,
  writeAddOnWidgetRows,
  writeServiceOfferRows,
} from '../../db/repositories/add-on-service-repository';
import { type CatalogIssue, catalogPart } from '../catalog-part';
import { asin } from './catalog-values';

const postalPrefix = z
  .string()
  .regex(/^[A-Z0-9]{1,10}$/, 'must be 1-10 characters A-Z or 0-9 (the start of a postal code)');

/**
 * VAS-008: one offer of a service product, naming one of the product's `offers` (its price and
 * merchant come from there). It serves the postal codes that start with one of `postalCodes` (the
 * shortened code for gb and ca); an empty list serves everywhere.
 */
const serviceOffer = z
  .object({
    offerListingId: z.string().min(1).max(200),
    postalCodes: z.array(postalPrefix).max(500).default([]),
    fulfillmentType: z.enum(VAS_FULFILLMENT_TYPES),
    isCBM: z.boolean().default(false),
    merchantAddress: z
      .object({
        AddressLine1: z.string().min(1).max(120),
        City: z.string().min(1).max(80),
        StateOrRegion: z.string().min(1).max(80),
        PostalCode: z.string().min(1).max(20),
      })
      .strict()
      .optional(),
    /** The seller's positive ratings, in percent, and how many ratings that is (the rating links). */
    positiveRatingPercent: z.number().int().min(0).max(100).optional(),
    ratingCount: z.number().int().min(0).default(0),
  })
  .strict();

/** The add-on area's keys of a product's `features`. Stored in the add-on tables of migration 0009. */
const addOnServiceFeatures = {
  /** This product is a service (installation or a protection plan) sold by zip code and merchant. */
  addOnService: z
    .object({
      kind: z.enum(VAS_SERVICE_KINDS),
      offers: z.array(serviceOffer).min(1).max(50),
    })
    .strict()
    .optional(),
  /** VAS-003, VAS-010: the services this product offers on its page, and how its widget behaves. */
  addOnServices: z
    .object({
      /** The winning widget name: which of the eight variants the page shows. */
      widget: z.enum(VAS_WIDGETS),
      services: z
        .array(
          z
            .object({
              asin,
              /** The enhanced widget's upgrade (VAS-013): a longer plan offered on top of this one. */
              upgradeAsin: asin.optional(),
              isUpsellCritical: z.boolean().default(false),
              hasPrecheckEnabled: z.boolean().default(false),
              /** Shown with the top-choice badge and its popover (VAS-007). */
              topChoice: z.boolean().default(false),
            })
            .strict(),
        )
        .min(1)
        .max(8),
      /**
       * VAS-021..023: the interstitial that holds add to cart while no service is chosen. Buyable:
       * continue adds the service to the buy box's own add; non-buyable: continue adds both, then goes on.
       */
      interstitial: z.enum(['none', 'buyable', 'nonBuyable']).default('none'),
      /** Non-buyable continue goes to the service page (else to the cart). */
      doRedirect: z.boolean().default(false),
      /** Show the ship-to-store interstitial text for `in_store` offers. */
      showSTSServiceInterstitial: z.boolean().default(false),
      showSIATC: z.boolean().default(false),
      attachToLdbb: z.boolean().default(false),
      multiQuantityPurchaseEnabled: z.boolean().default(false),
      /** VAS-007: the capabilities image shown with the widget. */
      capabilitiesImage: z
        .object({
          src: z.string().regex(/^(https:\/\/|\/)/, 'must be an https:// URL or a path starting with /'),
          alt: z.string().min(1).max(300),
        })
        .strict()
        .optional(),
      /** VAS-007, VAS-034: the digital-dash button (it posts to the store's digital-dash create path). */
      digitalDash: z.boolean().default(false),
    })
    .strict()
    .refine((a) => new Set(a.services.map((s) => s.asin)).size === a.services.length, {
      message: 'each service may appear once',
      path: ['services'],
    })
    .optional(),
};

export type AddOnServiceFeature = NonNullable<
  z.output<z.ZodObject<typeof addOnServiceFeatures>>['addOnService']
>;
export type AddOnServicesFeature = NonNullable<
  z.output<z.ZodObject<typeof addOnServiceFeatures>>['addOnServices']
>;

/** Add-on services' part of the catalog: a product's widget and services, or the service it is. */
export const addOnServicesCatalog = catalogPart({
  features: addOnServiceFeatures,
  problems: ({ products }) =>
    products.flatMap((p, i): CatalogIssue[] => [
      // A service offer (VAS-008) adds zip codes and fulfillment to one of the product's own offers.
      ...(p.features.addOnService?.offers ?? []).flatMap((o, j) =>
        p.offers.some((offer) => offer.offerListingId === o.offerListingId)
          ? []
          : [
              {
                message: `offerListingId ${o.offerListingId} is not one of this product's offers`,
                path: ['products', i, 'features', 'addOnService', 'offers', j, 'offerListingId'],
              },
            ],
      ),
      ...(p.features.addOnServices?.services ?? []).flatMap((s, j) =>
        s.asin === p.asin || s.upgradeAsin === p.asin
          ? [
              {
                message: 'a product cannot be its own service',
                path: ['products', i, 'features', 'addOnServices', 'services', j, 'asin'],
              },
            ]
          : [],
      ),
    ]),
  products: {
    rows: (product) => addOnCatalogRows(product.asin, product.features),
    async insertNew(db, rows) {
      await insertAddOnCatalogRows(db, rows, 'widgets');
      await insertAddOnCatalogRows(db, rows, 'service-offers');
    },
    same: sameAddOnCatalogRows,
    async replace(db, rows) {
      await writeAddOnWidgetRows(db, rows);
      await writeServiceOfferRows(db, rows);
    },
  },
});
