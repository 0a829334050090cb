import { z } from 'zod';
import { price } from './common';
import { priceExplanation } from './products';

// Business buying (S2 §2..§9, BIZ-001..062): the product page's business slice, the offers listing
// for the all-offers overlay (OFR-001..015) and the deep-check delivery promise.

const BUSINESS_BUY_BOXES = ['default', 'customOffer', 'b2bRd'] as const;

/** BIZ-009: the picker's settings, texts and flags. */
const pickerSettings = z.object({
  id: z.string(),
  buyBoxId: z.string(),
  buyingOptionStereotype: z.enum(BUSINESS_BUY_BOXES),
  leastMinimumOrderQuantity: z.number().int(),
  /** BIZ-001: a dropdown whose last option switches to text, or a text input with the discount table. */
  variant: z.enum(['dropdown', 'text-with-table']),
  messages: z.object({
    loadMore: z.string(),
    fetchingBestPrices: z.string(),
    quantityTableError: z.string(),
    requestForQuantityDiscount: z.string(),
    unavailable: z.string(),
    unavailableLink: z.string(),
  }),
  /** BIZ-045: discounts of merchants the customer has not unlocked show only with this flag. */
  lockedMerchantDiscounts: z.boolean(),
  summaryEnabled: z.boolean(),
  offersLinkEnabled: z.boolean(),
  devicesLinkEnabled: z.boolean(),
  buyingInBulkUrl: z.string().nullable(),
  requestDiscountUrl: z.string().nullable(),
});
export type PickerSettings = z.infer<typeof pickerSettings>;

/** The buying option a business buy box offers for the page's quantity, priced as the cart prices it. */
const businessOptionView = z.object({
  type: z.string(),
  offerListingId: z.string(),
  merchant: z.object({ merchantId: z.string(), name: z.string() }),
  /** The option's place among the product's buying options (the deep check's buyingOptionIndex). */
  buyingOptionIndex: z.number().int(),
  listPrice: price.nullable(),
  quantityPrice: z.object({ quantity: z.number().int(), unitPrice: price, total: price }),
  ladder: z
    .object({
      quantity: z.number().int(),
      moreUnits: z.number().int(),
      unitPrice: price,
      savings: price,
      message: z.string(),
    })
    .nullable(),
  explanation: priceExplanation,
  available: z.boolean(),
  availability: z.string(),
  minOrderQuantity: z.number().int(),
  maxOrderQuantity: z.number().int(),
});
export type BusinessOptionView = z.infer<typeof businessOptionView>;

const businessBuyBoxView = z.object({
  settings: pickerSettings,
  /** Null when the product has no buying option of the box's types (BIZ-053: unavailable). */
  option: businessOptionView.nullable(),
});
export type BusinessBuyBoxView = z.infer<typeof businessBuyBoxView>;

/** The product page's business slice: shown to business customers only. */
export const businessBuyingView = z.object({
  /** The business customer looking (the deep check names them, BIZ-010). */
  customerId: z.string(),
  /** The device the page was rendered for (BIZ-046: the platform changes the picker's elements). */
  device: z.enum(['desktop', 'mobile', 'app']),
  currencyCode: z.string(),
  /** BIZ-041: the page's quantity (the link's qty raised to the least minimum order quantity). */
  quantity: z.number().int(),
  boxes: z.array(businessBuyBoxView),
  /** Offers the all-offers overlay lists for this shopper. */
  offerCount: z.number().int(),
  /** OFR-002: the page address asked for the overlay to open. */
  showOverlay: z.boolean(),
});
export type BusinessBuyingView = z.infer<typeof businessBuyingView>;

/** OFR-005: one offer of the all-offers overlay. */
const offerListingEntry = z.object({
  offerIndex: z.number().int(),
  asin: z.string(),
  /** The offer listing id the cart call sends. */
  oid: z.string(),
  minQty: z.number().int(),
  maxQty: z.number().int(),
  refTag: z.string(),
  sr: z.string(),
  qid: z.string(),
  type: z.string(),
  businessOnly: z.boolean(),
  merchant: z.object({ merchantId: z.string(), name: z.string() }),
  unitPrice: price,
  listPrice: price.nullable(),
  /** What `minQty` units cost (exact per line). */
  total: price,
  availability: z.string(),
  canAddToCart: z.boolean(),
  /** The offer's lowest tier price and the quantity it starts at, when it has tiers. */
  bestTier: z.object({ minimumQuantity: z.number().int(), unitPrice: price }).nullable(),
  /** OFR-003: what the offer-display-features side sheet lists. */
  displayFeatures: z.array(z.object({ label: z.string(), text: z.string() })),
});
export type OfferListingEntry = z.infer<typeof offerListingEntry>;

export const offersListingResponse = z
  .object({
    type: z.literal('product.offers/v1'),
    entity: z.object({
      asin: z.string(),
      title: z.string(),
      offers: z.array(offerListingEntry),
    }),
  })
  .meta({ id: 'ProductOffers' });
export type OffersListingResponse = z.infer<typeof offersListingResponse>;

/** BIZ-010 / BIZ-051: the deep-check delivery promise request. */
export const deepCheckRequest = z
  .object({
    asin: z.string().regex(/^[A-Z0-9]{10}$/, 'must be a 10-character ASIN'),
    buyingOptionIndex: z.number().int().min(0).max(19),
    customerId: z.string().max(100).nullable(),
    device: z.enum(['desktop', 'mobile', 'app']),
    marketplaceId: z.string().min(1).max(20),
    merchantId: z.string().min(1).max(40),
    requestId: z.string().min(1).max(100),
    sessionId: z.string().min(1).max(100),
    slateToken: z.string().min(1).max(2000),
  })
  .strict()
  .meta({ id: 'DeepCheckRequest' });
export type DeepCheckRequest = z.infer<typeof deepCheckRequest>;

/** What the deep-check delivery promise says (BIZ-010): dates as the shopper reads them. */
const deliveryPromiseView = z.object({
  merchantName: z.string(),
  standardDate: z.string(),
  fastestDate: z.string().nullable(),
  /** "Order within 5 hrs 20 mins to ship today", or by a day and time when that is more than a day away. */
  orderDeadline: z.string(),
  freeShipping: z.boolean(),
});
export type DeliveryPromiseView = z.infer<typeof deliveryPromiseView>;

export const deepCheckResponse = z
  .object({
    /** HTML rendered on the server from the page's own delivery promise component. */
    content: z.string(),
  })
  .meta({ id: 'DeepCheckResponse' });

export { DEEP_CHECK_URL as DEEP_CHECK_PATH } from '../business-constants';
