import type { Kysely } from 'kysely';
import { offerVisibleTo } from '../../../domain/business/business-offers';
import { priceCartLines } from '../../../domain/pricing/price-cart-lines';
import type { OrderLineView } from '../../../shared/contracts/pages/order-lines';
import { marketplaceById } from '../../../shared/marketplaces';
import { toPrice } from '../../../shared/money/price-format';
import { findOffer, findProductBrief, findTiers, tiersOf } from '../../db/repositories/product-repository';
import type { Database } from '../../db/schema';

/**
 * A single line for buy now: the offer as it stands, for `quantity` units, priced as a cart line.
 * Undefined for a business-only offer unless the shopper is a business customer (decision 0022).
 */
export async function buyNowLineView(
  db: Kysely<Database>,
  marketplaceId: string,
  item: { asin: string; offerListingId: string; quantity: number },
  businessCustomer = false,
): Promise<{ line: OrderLineView; subtotalMinor: number } | undefined> {
  const marketplace = marketplaceById(marketplaceId);
  const offer = await findOffer(db, item.offerListingId);
  if (!marketplace || !offer || offer.asin !== item.asin) return undefined;
  if (!offerVisibleTo(offer.condition_type, businessCustomer)) return undefined;
  const product = await findProductBrief(db, offer.asin);
  if (!product) return undefined;
  const tiers = await findTiers(db, [offer.id]);
  const priced = priceCartLines([
    { basePriceMinor: offer.price_minor, tiers: tiersOf(tiers), quantity: item.quantity },
  ]);
  const [line] = priced.lines;
  if (!line) return undefined;
  const money = (minor: number) => toPrice(minor, offer.currency_code, marketplace.priceFormat);
  return {
    subtotalMinor: priced.subtotalMinor,
    line: {
      id: `buy-now-${offer.id}`,
      asin: offer.asin,
      offerListingId: offer.id,
      title: product.title,
      image: product.image ? { url: product.image.src, altText: product.image.alt } : null,
      unitPrice: money(line.unitPriceMinor),
      lineTotal: money(line.lineTotalMinor),
      quantity: item.quantity,
      minQuantity: offer.min_order_quantity,
      maxQuantity: Math.min(offer.max_order_quantity ?? 999, 999),
    },
  };
}
