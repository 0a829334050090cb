import type { Kysely } from 'kysely';
import { unitPriceFor } from '../../../domain/pricing/quantity-pricing';
import type { OrderLineView } from '../../../shared/contracts/pages/order-lines';
import { type Marketplace, marketplaceById } from '../../../shared/marketplaces';
import { toPrice } from '../../../shared/money/price-format';
import { type CartOwner, listCartLines } from '../../db/repositories/cart-repository';
import { findOffer, findTiers, tiersOf } from '../../db/repositories/product-repository';
import type { Database } from '../../db/schema';

type StoredImage = { src: string; alt: string };

const firstImage = (images: string) => {
  const [image] = JSON.parse(images) as StoredImage[];
  return image ? { url: image.src, altText: image.alt } : null;
};

/** The lines of a cart as the cart and checkout pages show them, priced now from the offers. */
export async function cartLineViews(
  db: Kysely<Database>,
  owner: CartOwner,
  marketplace: Marketplace,
): Promise<{ lines: OrderLineView[]; subtotalMinor: number }> {
  const rows = await listCartLines(db, owner, marketplace.marketplaceId, ['RETAIL']);
  const lines: OrderLineView[] = [];
  let subtotalMinor = 0;
  for (const row of rows) {
    const tiers = await findTiers(db, [row.offer_id]);
    const unit = unitPriceFor(row.price_minor, tiersOf(tiers), row.quantity);
    subtotalMinor += unit * row.quantity;
    lines.push({
      id: row.id,
      asin: row.asin,
      offerListingId: row.offer_id,
      title: row.title,
      image: firstImage(row.images),
      unitPrice: toPrice(unit, row.currency_code, marketplace.priceFormat),
      lineTotal: toPrice(unit * row.quantity, row.currency_code, marketplace.priceFormat),
      quantity: row.quantity,
      minQuantity: row.min_order_quantity,
      maxQuantity: Math.min(row.max_order_quantity ?? 999, 999, Math.max(row.stock, row.quantity)),
    });
  }
  return { lines, subtotalMinor };
}

/** A single line for buy now: the offer as it stands, for `quantity` units. */
export async function buyNowLineView(
  db: Kysely<Database>,
  marketplaceId: string,
  item: { asin: string; offerListingId: string; quantity: number },
): Promise<{ line: OrderLineView; subtotalMinor: number } | undefined> {
  const marketplace = marketplaceById(marketplaceId);
  const offer = await findOffer(db, item.offerListingId);
  if (!marketplace || !offer || offer.asin !== item.asin) return undefined;
  const product = await db
    .selectFrom('products')
    .select(['title', 'images'])
    .where('asin', '=', offer.asin)
    .executeTakeFirst();
  if (!product) return undefined;
  const tiers = await findTiers(db, [offer.id]);
  const unit = unitPriceFor(offer.price_minor, tiersOf(tiers), item.quantity);
  return {
    subtotalMinor: unit * item.quantity,
    line: {
      id: `buy-now-${offer.id}`,
      asin: offer.asin,
      offerListingId: offer.id,
      title: product.title,
      image: firstImage(product.images),
      unitPrice: toPrice(unit, offer.currency_code, marketplace.priceFormat),
      lineTotal: toPrice(unit * item.quantity, offer.currency_code, marketplace.priceFormat),
      quantity: item.quantity,
      minQuantity: offer.min_order_quantity,
      maxQuantity: Math.min(offer.max_order_quantity ?? 999, 999),
    },
  };
}
