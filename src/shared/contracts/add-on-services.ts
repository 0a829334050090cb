import { z } from 'zod';
import { VAS_FULFILLMENT_TYPES, VAS_SERVICE_KINDS } from '../add-on-services-constants';
import { VAS_WIDGETS } from '../add-on-services-widgets';
import { asin, price } from './common';

const serviceAsin = z.string().regex(/^[A-Z0-9]{10}$/, 'must be a 10-character ASIN (A-Z, 0-9)');

export const merchantAddress = z.object({
  AddressLine1: z.string(),
  City: z.string(),
  StateOrRegion: z.string(),
  PostalCode: z.string(),
});

/** VAS-008: an add-on offer as the page gets it, priced for the shopper's postal code. */
const addOnOfferView = z
  .object({
    serviceAsin: z.string(),
    offerListingId: z.string(),
    merchantId: z.string(),
    merchantName: z.string(),
    merchantAddress: merchantAddress.nullable(),
    price,
    winningServiceMinPrice: price,
    nextOfferPrice: price.nullable(),
    isOfferAvailable: z.boolean(),
    isUpsellCritical: z.boolean(),
    hasPrecheckEnabled: z.boolean(),
    /** VAS-009: `in_store` is ship-to-store. */
    fulfillmentType: z.enum(VAS_FULFILLMENT_TYPES),
    isCBM: z.boolean(),
    /** The seller's positive ratings in percent (null: not rated yet) and their count (rating links). */
    positiveRatingPercent: z.number().int().nullable(),
    ratingCount: z.number().int(),
    sellerReviewLink: z.string(),
  })
  .meta({ id: 'AddOnOffer' });
export type AddOnOfferView = z.infer<typeof addOnOfferView>;

const serviceCore = {
  serviceAsin: z.string(),
  kind: z.enum(VAS_SERVICE_KINDS),
  title: z.string(),
  description: z.string(),
  bullets: z.array(z.string()),
  image: z.object({ url: z.string(), altText: z.string() }).nullable(),
  /** VAS-005: the service page. */
  detailsPath: z.string(),
  /** Null when no offer serves the shopper's postal code. */
  offer: addOnOfferView.nullable(),
};

const addOnServiceView = z.object({
  ...serviceCore,
  isUpsellCritical: z.boolean(),
  hasPrecheckEnabled: z.boolean(),
  /** VAS-007: shown with the top-choice badge. */
  topChoice: z.boolean(),
  /** VAS-013: the enhanced widget's upgrade, a longer plan offered on top of this one. */
  upgrade: z
    .object({
      ...serviceCore,
      /** What the upgrade costs over this plan, when both are offered. */
      extraPrice: price.nullable(),
    })
    .nullable(),
});
export type AddOnServiceView = z.infer<typeof addOnServiceView>;

/** VAS-010: the common widget model. */
const addOnWidgetModel = z.object({
  productAsin: z.string(),
  zipCode: z.string().nullable(),
  merchantId: z.string(),
  buyboxPrice: price,
  mappingSet: z.string(),
  sessionId: z.string(),
  multiQuantityPurchaseEnabled: z.boolean(),
  businessCustomer: z.boolean(),
  hijackATC: z.boolean(),
  doRedirect: z.boolean(),
  showSIATC: z.boolean(),
  showSTSServiceInterstitial: z.boolean(),
  isShipToStoreAsinSelected: z.boolean(),
  attachToLdbb: z.boolean(),
});
export type AddOnWidgetModel = z.infer<typeof addOnWidgetModel>;

/** The add-on services of a product page: which widget, its model, the services and their offers. */
export const addOnServicesView = z
  .object({
    /** VAS-003: the winning widget name. */
    widget: z.enum(VAS_WIDGETS),
    model: addOnWidgetModel,
    services: z.array(addOnServiceView).min(1),
    interstitial: z.enum(['none', 'buyable', 'nonBuyable']),
    /** VAS-026: the pattern a typed postal code must match, and the marketplace's country (VAS-028). */
    zipPattern: z.string(),
    countryCode: z.string(),
    /** VAS-001: the service chosen in the address (`vw`), or precheck's, or null. */
    initialChoice: z.string().nullable(),
    capabilitiesImage: z.object({ url: z.string(), altText: z.string() }).nullable(),
    /** VAS-034: the digital-dash button and the path it posts to, or null. */
    digitalDash: z.object({ createPath: z.string() }).nullable(),
    device: z.object({
      title: z.string(),
      image: z.object({ url: z.string(), altText: z.string() }).nullable(),
      offerListingId: z.string(),
    }),
  })
  .meta({ id: 'AddOnServices' });
export type AddOnServicesView = z.infer<typeof addOnServicesView>;

// VAS-031: the zip refresh.

const csvAsins = z
  .string()
  .min(10)
  .max(120)
  .regex(/^[A-Z0-9]{10}(,[A-Z0-9]{10}){0,9}$/, 'must list 1-10 ASINs separated by commas');

export const zipRefreshQuery = z
  .object({
    asinlist: csvAsins,
    vasZipcode: z
      .string()
      .trim()
      .min(2)
      .max(12)
      .regex(/^[A-Za-z0-9 -]+$/, 'must be a postal code'),
    clientName: z
      .string()
      .min(1)
      .max(40)
      .regex(/^[A-Za-z0-9_.-]+$/, 'may hold letters, digits and _ . - only'),
    includeMerchantAddress: z.enum(['true', 'false', '1', '0']).optional(),
    /** The page's marketplace (defaults to the store's). */
    marketplaceId: z.string().min(1).max(20).optional(),
  })
  .strict();

/** One service's entry of the zip refresh answer (VAS-031), with what the page updates (VAS-025). */
const zipRefreshEntry = z.object({
  hasError: z.boolean(),
  isOfferAvailable: z.boolean(),
  offerListingId: z.string().nullable(),
  merchantId: z.string().nullable(),
  merchantName: z.string().nullable(),
  merchantAddress: merchantAddress.nullable().optional(),
  price: price.nullable(),
  winningServiceMinPrice: price.nullable(),
  nextOfferPrice: price.nullable(),
  fulfillmentType: z.enum(VAS_FULFILLMENT_TYPES).nullable(),
  isCBM: z.boolean(),
  /** Rendered by the server from the page's own rating component, escaped. */
  positiveRatingHtml: z.string(),
  sellerReviewLink: z.string(),
});
export type ZipRefreshEntry = z.infer<typeof zipRefreshEntry>;

export const zipRefreshResponse = z.record(z.string(), zipRefreshEntry).meta({ id: 'VasZipRefresh' });
export type ZipRefreshResponse = z.infer<typeof zipRefreshResponse>;

// VAS-033: the variation refresh.

const formFlag = z.enum(['true', 'false', '1', '0']);

export const variationRefreshQuery = z
  .object({
    m: z
      .string()
      .min(1)
      .max(40)
      .regex(/^[A-Za-z0-9]+$/, 'must be a merchant id'),
  })
  .strict();

export const variationRefreshBody = z
  .object({
    isVariationalParent: formFlag,
    /** VAS-033: the page's `vas` state, appended when the widget has one. */
    vas: z.string().max(200).optional(),
    /** VAS-051: a business customer's quantity. */
    quantity: z.coerce.number().int().min(1).max(999).optional(),
    csrfToken: z.string().max(200).optional(),
  })
  .strict();

export const variationRefreshResponse = z
  .object({
    asin: z.string(),
    merchantId: z.string(),
    isVariationalParent: z.boolean(),
    vas: z.string().nullable(),
    quantity: z.number().int().nullable(),
    addOnServices: addOnServicesView.nullable(),
  })
  .meta({ id: 'VasVariationRefresh' });
export type VariationRefreshResponse = z.infer<typeof variationRefreshResponse>;

// VAS-034: the digital-dash create call.

export const digitalDashRequest = z
  .object({
    isAjax: formFlag,
    asin: serviceAsin,
    csrfToken: z.string().max(200).optional(),
  })
  .strict();

export const digitalDashResponse = z
  .object({
    success: z.boolean(),
    error: z.object({ errorCode: z.string(), errorTitle: z.string(), errorMessage: z.string() }).optional(),
  })
  .meta({ id: 'DigitalDashReply' });
export type DigitalDashResponse = z.infer<typeof digitalDashResponse>;

/** VAS-042: a signed-out shopper's answer: sign in at `url`, then come back. */
export const digitalDashSignIn = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
  url: z.string(),
});

/** GET .../page-slices/add-on-services: the deferred add-on slice. */
export const addOnServicesSliceResponse = z.object({
  type: z.literal('page-slice.add-on-services/v1'),
  addOnServices: addOnServicesView.nullable(),
});

/** The variation refresh's path: the product refreshed (VAS-033). */
export const variationRefreshParams = z.object({ asin });

/** The deferred add-on services slice's query: the services chosen on the page (VAS-003). */
export const addOnServicesSliceQuery = z.object({ vas: z.string().max(200).optional() });

/** The service page's path (VAS-005): the service, and the purchase tag of its `ref=` suffix. */
export const servicePageParams = z.object({ asin: z.string().max(40), tag: z.string().max(128).optional() });

/** The service page's query: the seller whose offer is shown. */
export const servicePageQuery = z.object({ seller: z.string().max(40).optional() });
