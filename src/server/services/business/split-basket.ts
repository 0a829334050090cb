import type { Kysely } from 'kysely';
import { offerVisibleTo } from '../../../domain/business/business-offers';
import { splitQuantity } from '../../../domain/business/split-basket';
import { unitPriceScaledFor } from '../../../domain/pricing/quantity-pricing';
import { MAX_QUANTITY } from '../../../domain/quantity/free-quantity';
import type { SplitBasketPageData } from '../../../shared/contracts/pages/split-basket-page';
import type { Marketplace } from '../../../shared/marketplaces';
import { toPrice } from '../../../shared/money/price-format';
import type { CartOwner } from '../../db/repositories/cart-repository';
import { findProductWithOffers, findTiers, tiersOf } from '../../db/repositories/product-repository';
import type { Database } from '../../db/schema';
import { addCartItems } from '../cart/add-cart-items';
import type { LineRefusalCode } from '../cart/line-refused';
import type { Refusal } from '../refusal';
import { quoteOffer } from './offer-quote';

type Db = Kysely<Database>;

/** The split of `quantity` units of a product over the sellers the shopper may buy from (BIZ-003). */
export async function splitBasket(
  db: Db,
  input: { marketplace: Marketplace; asin: string; quantity: number; business: boolean },
): Promise<
  | { found: false }
  | {
      found: true;
      view: Omit<SplitBasketPageData, 'page' | 'shopper' | 'csrfToken' | 'refTag' | 'problem'>;
    }
> {
  const { marketplace } = input;
  const found = await findProductWithOffers(db, input.asin, marketplace.marketplaceId);
  if (!found) return { found: false };
  const offers = found.offers.filter(
    (o) =>
      o.condition_type !== 'LIGHTNING_DEAL' &&
      o.buyable === 1 &&
      offerVisibleTo(o.condition_type, input.business),
  );
  const tierRows = await findTiers(
    db,
    offers.map((o) => o.id),
  );
  const tiersFor = (id: string) => tiersOf(tierRows.filter((t) => t.offer_id === id));
  const plan = splitQuantity(
    offers.map((offer) => ({
      id: offer.id,
      available: Math.min(offer.stock, offer.max_order_quantity ?? MAX_QUANTITY, MAX_QUANTITY),
      minOrderQuantity: offer.min_order_quantity,
      unitScaledAt: (quantity: number) => unitPriceScaledFor(offer.price_minor, tiersFor(offer.id), quantity),
    })),
    input.quantity,
  );
  const money = (minor: number) => toPrice(minor, marketplace.currencyCode, marketplace.priceFormat);
  let totalMinor = 0;
  const lines = plan.lines.map((line) => {
    const offer = offers.find((o) => o.id === line.id);
    if (!offer) throw new Error(`split line for an unknown offer ${line.id}`);
    const quote = quoteOffer(offer, tiersFor(offer.id), line.quantity, null);
    totalMinor += quote.lineTotalMinor;
    return {
      offerListingId: offer.id,
      merchantName: offer.merchant_name,
      type: offer.condition_type,
      quantity: line.quantity,
      unitPrice: money(quote.unitPriceMinor),
      lineTotal: money(quote.lineTotalMinor),
    };
  });
  const image = found.product.images[0];
  return {
    found: true,
    view: {
      asin: found.product.asin,
      title: found.product.title,
      image: image ? { url: image.src, altText: image.alt } : null,
      quantity: input.quantity,
      lines,
      total: lines.length ? money(totalMinor) : null,
      shortBy: plan.shortBy,
    },
  };
}

/**
 * "Add all to cart" on the fast-forward basket: the split as it stands now, every line added in one
 * transaction (all or nothing, stock and limits checked by the cart).
 */
export async function addSplitBasket(
  db: Db,
  input: {
    marketplace: Marketplace;
    asin: string;
    quantity: number;
    business: boolean;
    owner: CartOwner;
    now: number;
  },
): Promise<{ ok: true } | { ok: false; refusal: Refusal<LineRefusalCode | 'unknown_product'> }> {
  const split = await splitBasket(db, input);
  if (!split.found) {
    return {
      ok: false,
      refusal: { code: 'unknown_product', message: 'no product with this asin', field: 'asin' },
    };
  }
  if (split.view.lines.length === 0) {
    return {
      ok: false,
      refusal: { code: 'insufficient_stock', message: 'No seller has this item in stock right now.' },
    };
  }
  const result = await addCartItems(
    db,
    input.owner,
    input.marketplace.marketplaceId,
    'RETAIL',
    split.view.lines.map((line) => ({
      asin: input.asin,
      offerListingId: line.offerListingId,
      quantity: line.quantity,
    })),
    input.now,
  );
  if (!result.ok) {
    const message = "The sellers' stock changed; here is the split as it stands now.";
    return { ok: false, refusal: { code: result.refusal.code, message } };
  }
  return { ok: true };
}
