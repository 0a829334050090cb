import { z } from 'zod';

/** ACC-004/005: one buyable variation of an accessory, as the page gets it. */
const variationProduct = z.object({
  asin: z.string(),
  offerListingID: z.string(),
  title: z.string(),
  merchantName: z.string(),
  swatchValue: z.string().nullable(),
  featureBullets: z.array(z.string()),
  listPrice: z.string().nullable(),
  listingPriceLabel: z.string().nullable(),
  buyingPrice: z.string(),
  showPriceStrikethrough: z.boolean(),
  lowResImage: z.string(),
  hiResImage: z.string(),
  isSelected: z.boolean(),
  isAutomated: z.boolean(),
  isInterstitial: z.boolean(),
  checkForInteraction: z.boolean(),
  hasBeenInteractedWith: z.boolean(),
  visualDimension: z.string().nullable(),
  isDigitalSubscription: z.boolean(),
  fixedCustomCartAttribute: z.boolean(),
  customAttributeName: z.string().nullable(),
  customAttributeValue: z.string().nullable(),
  productLineItemCustomKeyValuePair: z.record(z.string(), z.string()).nullable(),
  upsellLineItemCustomKeyValuePair: z.record(z.string(), z.string()).nullable(),
  maxOrderQuantity: z.number().int(),
});
export type VariationProduct = z.infer<typeof variationProduct>;

/** ACC-003: the campaign: which accessory (scheduled asin) offers which variations. */
const accessoryCampaign = z.object({
  accessoriesCampaignSource: z.string(),
  asinsData: z.record(z.string(), z.array(z.string())),
  primaryAsin: z.string(),
});
export type AccessoryCampaign = z.infer<typeof accessoryCampaign>;

const accessorySlotView = z.object({
  /** 1-based slot index used in reference tags (ACC-024). */
  slot: z.number().int().positive(),
  scheduledAsin: z.string(),
  variations: z.array(variationProduct),
});
export type AccessorySlotView = z.infer<typeof accessorySlotView>;

/** The accessory upsells block (ACC-001..005) of a product page. */
export const accessoriesView = z.object({
  campaign: accessoryCampaign,
  /** Deal mode: the interstitial adds each accessory to the cart on its own (ACC-013). */
  dealMode: z.boolean(),
  slots: z.array(accessorySlotView),
});
export type AccessoriesView = z.infer<typeof accessoriesView>;
