import { z } from 'zod';
import { price } from './common';
import { dealCustomerStatus, dealDetails } from './deals';

export const PRODUCT_EXPANSIONS = [
  'images',
  'title',
  'price',
  'reviewsSummary',
  'featureBullets',
  'quantity',
  'callToAction',
  'availability',
  'quantityPricingTable',
] as const;
export type ProductExpansion = (typeof PRODUCT_EXPANSIONS)[number];
/** Without `expand`, every expansion but the (paged) quantity pricing table is returned. */
export const DEFAULT_EXPANSIONS: readonly ProductExpansion[] = PRODUCT_EXPANSIONS.filter(
  (e) => e !== 'quantityPricingTable',
);

const BUYING_OPTION_TYPES = ['NEW', 'B2B_NEW', 'CUSTOM_OFFER', 'B2B_RD', 'LIGHTNING_DEAL'] as const;
export const TIERS_PER_PAGE = 5;

const commaList = <T extends readonly [string, ...string[]]>(values: T, name: string) =>
  z
    .string()
    .max(500)
    .transform((text, ctx) => {
      const parts = text
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean);
      for (const part of parts) {
        if (!(values as readonly string[]).includes(part)) {
          ctx.addIssue({
            code: 'custom',
            message: `unknown ${name} "${part}"; expected one of ${values.join(', ')}`,
          });
          return z.NEVER;
        }
      }
      return parts as T[number][];
    })
    // Documented as the list it is, sent comma-separated (the OpenAPI document says style form,
    // explode false), so an integrator sees the values the server allows.
    .meta({ type: 'array', items: { type: 'string', enum: [...values] }, maxLength: undefined });

export const productQuery = z
  .object({
    expand: commaList(PRODUCT_EXPANSIONS, 'expansion').optional(),
    itemQuantity: z.coerce.number().int().min(1).max(999).optional(),
    merchantId: z.string().min(1).max(40).optional(),
    buyingOptionTypes: commaList(BUYING_OPTION_TYPES, 'buying option type').optional(),
    offerListingId: z.string().min(1).max(200).optional(),
    page: z.coerce.number().int().min(1).max(10).optional(),
  })
  .strict();
export type ProductQuery = z.infer<typeof productQuery>;

const quantityPricingTier = z.object({
  minimumQuantity: z.number().int(),
  price: price,
  priceMessage: z.string(),
  savingsMessage: z.string().optional(),
  availabilityMessage: z.string().optional(),
  hidden: z.boolean(),
  lowestAvailablePrice: z.boolean(),
  program: z.string().optional(),
  buyingInBulk: z
    .object({ fragments: z.array(z.object({ text: z.string(), url: z.string().optional() })) })
    .optional(),
});
export type QuantityPricingTier = z.infer<typeof quantityPricingTier>;

/** "How this price is built": parts of a line's price, each a whole amount, adding up to `total`. */
export const priceExplanation = z.object({
  quantity: z.number().int(),
  rows: z.array(
    z.object({
      kind: z.enum(['list', 'price', 'business', 'savings', 'tier', 'coupon']),
      label: z.string(),
      amount: price,
      /** True for what comes off (shown with a minus). */
      deduction: z.boolean(),
    }),
  ),
  /** The line total before a coupon: the cart line. */
  lineTotal: price,
  /** What the cart charges for the line after the coupon: the sum of the rows. */
  total: price,
});
export type PriceExplanationView = z.infer<typeof priceExplanation>;

const buyingOption = z.object({
  type: z.enum(BUYING_OPTION_TYPES),
  offerListingId: z.string(),
  merchant: z.object({ merchantId: z.string(), name: z.string() }),
  price: z
    .object({
      priceToPay: price,
      basisPrice: price.optional(),
      savings: z.object({ percentage: z.number().int(), money: price }).optional(),
    })
    .optional(),
  quantity: z.object({ minOrderQuantity: z.number().int(), maxOrderQuantity: z.number().int() }).optional(),
  callToAction: z
    .object({
      addToCart: z.object({ data: z.object({ canAddToCart: z.boolean(), offerListingId: z.string() }) }),
    })
    .optional(),
  availability: z
    .object({
      type: z.enum(['IN_STOCK', 'LIMITED_STOCK', 'OUT_OF_STOCK']),
      displayString: z.string(),
      quantityAvailable: z.number().int().optional(),
    })
    .optional(),
  quantityPricingTable: z
    .object({
      tiers: z.array(quantityPricingTier),
      nextPage: z.object({ resource: z.object({ url: z.string() }) }).optional(),
    })
    .optional(),
  /** With `itemQuantity`: what that quantity costs, exact per line (unit × quantity rounded once). */
  quantityPrice: z.object({ quantity: z.number().int(), unitPrice: price, total: price }).optional(),
  /** With `itemQuantity`: the next tier that lowers the unit price, when there is one. */
  quantityLadder: z
    .object({
      quantity: z.number().int(),
      moreUnits: z.number().int(),
      unitPrice: price,
      savings: price,
      message: z.string(),
    })
    .optional(),
  /** With `itemQuantity`: how the price is built, adding up to what the cart charges (coupon included). */
  priceExplanation: priceExplanation.optional(),
  /** LIGHTNING_DEAL options only (DEAL-036): see `lightningDealBuyingOption` in contracts/deals. */
  dealDetails: dealDetails.optional(),
  dealCustomerStatus: dealCustomerStatus.optional(),
});
export type BuyingOption = z.infer<typeof buyingOption>;

const productImage = z.object({
  url: z.string(),
  hiResUrl: z.string(),
  altText: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});

export const productResponse = z
  .object({
    type: z.literal('product/v1'),
    entity: z.object({
      asin: z.string(),
      title: z.object({ displayString: z.string() }).optional(),
      images: z.array(productImage).optional(),
      customerReviewsSummary: z
        .object({ starRating: z.number(), ratingCount: z.number().int(), displayString: z.string() })
        .optional(),
      featureBullets: z.array(z.string()).optional(),
      buyingOptions: z.array(buyingOption),
    }),
  })
  .meta({ id: 'Product' });
export type ProductResponse = z.infer<typeof productResponse>;

/** The product page's path, `/dp/{asin}` with the `ref=` suffix a link may carry. */
export const productPageParams = z.object({ asin: z.string().max(40), ref: z.string().max(128).optional() });
export type ProductPageParams = z.infer<typeof productPageParams>;
