import { z } from 'zod';
import { PURCHASE_PROBLEMS } from '../../buy-box-constants';
import { accessoriesView } from '../accessories';
import { addOnServicesView } from '../add-on-services';
import { businessBuyingView } from '../business';
import { price } from '../common';
import { dealSetup } from '../deals';
import { groceryView } from '../grocery';
import { recycleAndSaveLaunch } from '../recycle-and-save';
import { registryButtonView } from '../registries';
import { tradeInLaunch } from '../trade-in';
import { shopperView } from './shopper';

/** The buy-box features a product turns on, as the page renders them. */
const productFeaturesView = z.object({
  giftWrap: z.boolean(),
  preregistration: z.object({ maxQuantity: z.number().int(), defaultValue: z.boolean() }).nullable(),
  installments: z
    .object({ programId: z.string(), months: z.number().int(), monthlyPayment: price })
    .nullable(),
  coupon: z
    .object({ encryptedPromotionId: z.string(), description: z.string(), redeemed: z.boolean() })
    .nullable(),
  highDemand: z
    .object({ requested: z.boolean(), button: z.enum(['request-invitation', 'notify-details']) })
    .nullable(),
  quantityRestriction: z.object({ popoverTitle: z.string(), message: z.string() }).nullable(),
});
export type ProductFeaturesView = z.infer<typeof productFeaturesView>;

const productOfferView = z.object({
  offerListingId: z.string(),
  merchantName: z.string(),
  price,
  listPrice: price.nullable(),
  savingsPercent: z.number(),
  availability: z.string(),
  canAddToCart: z.boolean(),
  minOrderQuantity: z.number().int(),
  maxOrderQuantity: z.number().int(),
});
export type ProductOfferView = z.infer<typeof productOfferView>;

/** Slices the page may load after first paint from their own call (page-slices.ts). */
export const DEFERRED_PRODUCT_PAGE_SLICES = ['accessories', 'addOnServices'] as const;
export type DeferredProductPageSlice = (typeof DEFERRED_PRODUCT_PAGE_SLICES)[number];

/** What the server puts in `<script type="application/json" id="page-data">` for `/dp/{asin}`. */
export const productPageData = z.object({
  page: z.literal('product'),
  /** Also in the meta tag; repeated so the buy box form posts it without JavaScript. */
  csrfToken: z.string(),
  marketplaceId: z.string(),
  language: z.string(),
  shopper: shopperView,
  refTag: z.string().nullable(),
  /** From the qty URL parameter (DP-012) when the address has one, else null. */
  initialQuantity: z.number().int().nullable(),
  /**
   * Why the buy box form came back unbought (decision 0016): the plain form posted a quantity under
   * the minimum order quantity. Null on an ordinary visit.
   */
  purchaseProblem: z.enum(PURCHASE_PROBLEMS).nullable(),
  /** Why `initialQuantity` is not the link's `qty` (over the limit, under the minimum, unreadable), else null. */
  quantityAdjustment: z.enum(['limit', 'minimum', 'unreadable']).nullable().default(null),
  /** Lightning deal setup (DEAL-008) when the product has a deal running or coming up, else null. */
  deal: dealSetup.nullable(),
  /** The grocery buy box (decision 0023) for a product grocery stores sell, else null. */
  grocery: groceryView.nullable().default(null),
  /** Business buying (BIZ-001..062): business customers only, on a product with business pricing; else null. */
  business: businessBuyingView.nullable().default(null),
  /** "Add to registry" (REG-001): a signed-in shopper's registries by type, else null (no button). */
  registries: registryButtonView.nullable().default(null),
  /**
   * What became of a list add that came back to this page (a plain form's, or one that waited on
   * sign-in): the store's own words for `?listNotice=`, shown under the list button; else null.
   */
  listNotice: z
    .object({ kind: z.enum(['success', 'error']), message: z.string() })
    .nullable()
    .default(null),
  /**
   * Deferred slices the server left out of this page (one failed while it rendered): the page loads
   * them from their own call after first paint. Empty when every slice came with the page.
   */
  deferred: z.array(z.enum(DEFERRED_PRODUCT_PAGE_SLICES)),
  product: z.object({
    asin: z.string(),
    title: z.string(),
    brand: z.string(),
    images: z.array(
      z.object({ url: z.string(), altText: z.string(), width: z.number(), height: z.number() }),
    ),
    bullets: z.array(z.string()),
    rating: z.number(),
    ratingCount: z.number().int(),
    description: z.string(),
    /** Other products of the variation family, for the family stripe (this one included, marked). */
    family: z.array(
      z.object({ asin: z.string(), label: z.string(), image: z.string().nullable(), selected: z.boolean() }),
    ),
    features: productFeaturesView,
    /** Accessory upsells (ACC-001..005), or null when the product offers none or the slice is deferred. */
    accessories: accessoriesView.nullable(),
    /** Add-on services (VAS-003, VAS-008), or null when the product offers none or the slice is deferred. */
    addOnServices: addOnServicesView.nullable().default(null),
    /** The recycle-and-save launch (RS-001), or null when the product carries no promotion. */
    recycleAndSave: recycleAndSaveLaunch.nullable().default(null),
    /** The trade-in launch (TI-002), or null when the product names no trade-in product group. */
    tradeIn: tradeInLaunch.nullable().default(null),
    offer: productOfferView.nullable(),
  }),
});
export type ProductPageData = z.infer<typeof productPageData>;
