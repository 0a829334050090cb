import type { Kysely } from 'kysely';
import type { AccessoriesView, VariationProduct } from '../../../shared/contracts/accessories';
import type { Marketplace } from '../../../shared/marketplaces';
import { toPrice } from '../../../shared/money/price-format';
import { findAccessoryProducts, findProductAccessories } from '../../db/repositories/accessory-repository';
import type { Database } from '../../db/schema';

/**
 * The accessory block of a product page (ACC-001..005): a variation whose product or offer is gone
 * is left out, and a slot left with no variation is dropped. A stored block that cannot be read
 * throws; the page's deferred slice loading turns that into a page without the block.
 */
export async function accessoriesView(
  db: Kysely<Database>,
  marketplace: Marketplace,
  pageAsin: string,
): Promise<AccessoriesView | null> {
  const block = await findProductAccessories(db, pageAsin);
  if (!block) return null;
  const asins = [...new Set(block.slots.flatMap((s) => s.variations))].filter((a) => a !== pageAsin);
  const products = await findAccessoryProducts(db, asins, marketplace.marketplaceId);
  const money = (minor: number, currency: string) =>
    toPrice(minor, currency, marketplace.priceFormat).displayString;
  const slots: AccessoriesView['slots'] = [];
  for (const [index, slot] of block.slots.entries()) {
    const available = slot.variations.filter((asin) => products.has(asin));
    const selected = slot.selected && available.includes(slot.selected) ? slot.selected : available[0];
    const variations = available.map((asin): VariationProduct => {
      const row = products.get(asin);
      if (!row) throw new Error(`accessory ${asin} vanished`);
      const image = row.image;
      const strike = row.list_price_minor !== null && row.list_price_minor > row.price_minor;
      const custom = slot.customAttribute;
      return {
        asin,
        offerListingID: row.offer_id,
        title: row.title,
        merchantName: row.merchant_name,
        swatchValue: available.length > 1 ? row.variation_label : null,
        featureBullets: row.bullets.slice(0, 3),
        listPrice:
          strike && row.list_price_minor !== null ? money(row.list_price_minor, row.currency_code) : null,
        listingPriceLabel: strike ? 'List Price:' : null,
        buyingPrice: money(row.price_minor, row.currency_code),
        showPriceStrikethrough: strike,
        lowResImage: image,
        hiResImage: image,
        isSelected: asin === selected,
        isAutomated: slot.automated,
        isInterstitial: true,
        checkForInteraction: slot.checkForInteraction,
        hasBeenInteractedWith: false,
        visualDimension: available.length > 1 ? 'Color' : null,
        isDigitalSubscription: custom !== undefined,
        fixedCustomCartAttribute: custom !== undefined,
        customAttributeName: custom?.name ?? null,
        customAttributeValue: custom?.value ?? null,
        productLineItemCustomKeyValuePair: null,
        upsellLineItemCustomKeyValuePair: custom ? { [custom.name]: custom.value } : null,
        maxOrderQuantity: row.max_order_quantity ?? 0,
      };
    });
    if (variations.length > 0) {
      // The catalog's slot number, so a form field accessory.{slot} names the same slot on the server.
      slots.push({ slot: index + 1, scheduledAsin: slot.variations[0] ?? '', variations });
    }
  }
  if (slots.length === 0) return null;
  return {
    campaign: {
      accessoriesCampaignSource: block.campaignSource,
      asinsData: Object.fromEntries(slots.map((s) => [s.scheduledAsin, s.variations.map((v) => v.asin)])),
      primaryAsin: pageAsin,
    },
    dealMode: block.dealMode,
    slots,
  };
}
