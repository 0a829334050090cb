import type { Kysely } from 'kysely';
import { type PricedLines, priceCartLines } from '../../../domain/pricing/price-cart-lines';
import type { OrderLineView } from '../../../shared/contracts/pages/order-lines';
import type { Marketplace } from '../../../shared/marketplaces';
import { toPrice } from '../../../shared/money/price-format';
import {
  type CartLine,
  type CartOwner,
  type CartType,
  listCartLines,
} from '../../db/repositories/cart-repository';
import { findTiers, tiersOf } from '../../db/repositories/product-repository';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** The owner's cart lines priced now from their offers and quantity tiers (priceCartLines). */
export async function pricedCartLines(
  db: Db,
  owner: CartOwner,
  marketplaceId: string,
  cartTypes: readonly CartType[],
): Promise<PricedLines<CartLine & { basePriceMinor: number }>> {
  const lines = await listCartLines(db, owner, marketplaceId, cartTypes);
  const tiers = await findTiers(db, [...new Set(lines.map((line) => line.offer_id))]);
  return priceCartLines(
    lines.map((line) => ({
      ...line,
      basePriceMinor: line.price_minor,
      tiers: tiersOf(tiers.filter((tier) => tier.offer_id === line.offer_id)),
    })),
  );
}

/** The lines of the retail cart as the cart and checkout pages show them, priced now from the offers. */
export async function cartLineViews(
  db: Db,
  owner: CartOwner,
  marketplace: Marketplace,
): Promise<{ lines: OrderLineView[]; subtotalMinor: number; itemCount: number }> {
  const priced = await pricedCartLines(db, owner, marketplace.marketplaceId, ['RETAIL']);
  const money = (minor: number, currency: string) => toPrice(minor, currency, marketplace.priceFormat);
  return {
    subtotalMinor: priced.subtotalMinor,
    itemCount: priced.itemCount,
    lines: priced.lines.map((line) => ({
      id: line.id,
      asin: line.asin,
      offerListingId: line.offer_id,
      title: line.title,
      image: line.image ? { url: line.image.src, altText: line.image.alt } : null,
      unitPrice: money(line.unitPriceMinor, line.currency_code),
      lineTotal: money(line.lineTotalMinor, line.currency_code),
      quantity: line.quantity,
      minQuantity: line.min_order_quantity,
      maxQuantity: Math.min(line.max_order_quantity ?? 999, 999, Math.max(line.stock, line.quantity)),
    })),
  };
}
