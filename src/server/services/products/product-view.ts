import type { Kysely } from 'kysely';
import { availabilityFor, savingsPercent, unitPriceFor } from '../../../domain/pricing/quantity-pricing';
import type {
  BuyingOption,
  ProductExpansion,
  ProductQuery,
  ProductResponse,
  QuantityPricingTier,
} from '../../../shared/contracts/products';
import { DEFAULT_EXPANSIONS, TIERS_PER_PAGE } from '../../../shared/contracts/products';
import { type Marketplace, marketplaceById } from '../../../shared/marketplaces';
import { toPrice } from '../../../shared/money/price-format';
import {
  findProductWithOffers,
  findTiers,
  type ProductRecord,
  tiersOf,
} from '../../db/repositories/product-repository';
import type { Database, OfferRow, QuantityTierRow } from '../../db/schema';

export type ProductLookup =
  | { found: true; body: ProductResponse; product: ProductRecord }
  | { found: false; reason: 'unknown_marketplace' | 'unknown_product' | 'no_such_page' };

/** Reads one product for a marketplace with the requested expansions (S1 §7, S2 §7, BIZ-047). */
export async function readProduct(
  db: Kysely<Database>,
  marketplaceId: string,
  asin: string,
  query: ProductQuery,
): Promise<ProductLookup> {
  const marketplace = marketplaceById(marketplaceId);
  if (!marketplace) return { found: false, reason: 'unknown_marketplace' };
  const found = await findProductWithOffers(db, asin, marketplaceId);
  if (!found) return { found: false, reason: 'unknown_product' };
  const { product } = found;

  const expand = new Set<ProductExpansion>(query.expand?.length ? query.expand : DEFAULT_EXPANSIONS);
  const quantity = query.itemQuantity ?? 1;
  let offers = found.offers;
  if (query.merchantId) offers = offers.filter((o) => o.merchant_id === query.merchantId);
  if (query.offerListingId) offers = offers.filter((o) => o.id === query.offerListingId);
  if (query.buyingOptionTypes?.length) {
    const types = new Set<string>(query.buyingOptionTypes);
    offers = offers.filter((o) => types.has(o.condition_type));
  }
  // Deal offers answer per shopper (decision 0009): only a caller asking for LIGHTNING_DEAL gets them.
  if (!query.buyingOptionTypes?.includes('LIGHTNING_DEAL')) {
    offers = offers.filter((o) => o.condition_type !== 'LIGHTNING_DEAL');
  }
  // Tiers start at 2 units (catalog schema), so a single unit's price never needs them.
  const tiers =
    expand.has('quantityPricingTable') || (expand.has('price') && quantity > 1)
      ? await findTiers(
          db,
          offers.map((o) => o.id),
        )
      : [];
  const page = query.page ?? 1;
  const buyingOptions = offers.map((offer) =>
    buyingOptionView(
      marketplace,
      offer,
      tiers.filter((t) => t.offer_id === offer.id),
      expand,
      quantity,
      page,
      asin,
    ),
  );
  // BIZ-050: a page past the last one is a 404, which the page reads as "no more tiers".
  if (
    page > 1 &&
    !buyingOptions.some((o) => o.quantityPricingTable && o.quantityPricingTable.tiers.length > 0)
  ) {
    return { found: false, reason: 'no_such_page' };
  }

  const { images, reviews, bullets } = product;
  return {
    found: true,
    product,
    body: {
      type: 'product/v1',
      entity: {
        asin: product.asin,
        ...(expand.has('title') ? { title: { displayString: product.title } } : {}),
        ...(expand.has('images')
          ? {
              images: images.map((i) => ({
                url: i.src,
                hiResUrl: i.src,
                altText: i.alt,
                width: i.width,
                height: i.height,
              })),
            }
          : {}),
        ...(expand.has('reviewsSummary')
          ? {
              customerReviewsSummary: {
                starRating: reviews.rating,
                ratingCount: reviews.count,
                displayString: `${reviews.rating.toFixed(1)} out of 5 stars`,
              },
            }
          : {}),
        ...(expand.has('featureBullets') ? { featureBullets: bullets } : {}),
        buyingOptions,
      },
    },
  };
}

function buyingOptionView(
  marketplace: Marketplace,
  offer: OfferRow,
  tiers: QuantityTierRow[],
  expand: Set<ProductExpansion>,
  quantity: number,
  page: number,
  asin: string,
): BuyingOption {
  const format = marketplace.priceFormat;
  const money = (minor: number) => toPrice(minor, offer.currency_code, format);
  const unitMinor = unitPriceFor(offer.price_minor, tiersOf(tiers), quantity);
  const availability = availabilityFor(offer.stock, offer.buyable === 1, quantity);
  const canAddToCart = availability.type !== 'OUT_OF_STOCK';
  const saving = savingsPercent(unitMinor, offer.list_price_minor);
  const option: BuyingOption = {
    type: offer.condition_type as BuyingOption['type'],
    offerListingId: offer.id,
    merchant: { merchantId: offer.merchant_id, name: offer.merchant_name },
  };
  if (expand.has('price')) {
    option.price = {
      priceToPay: money(unitMinor),
      ...(offer.list_price_minor ? { basisPrice: money(offer.list_price_minor) } : {}),
      ...(saving > 0 && offer.list_price_minor
        ? { savings: { percentage: saving, money: money(offer.list_price_minor - unitMinor) } }
        : {}),
    };
  }
  if (expand.has('quantity')) {
    option.quantity = {
      minOrderQuantity: offer.min_order_quantity,
      maxOrderQuantity: Math.min(offer.max_order_quantity ?? 999, 999),
    };
  }
  if (expand.has('callToAction')) {
    option.callToAction = { addToCart: { data: { canAddToCart, offerListingId: offer.id } } };
  }
  if (expand.has('availability')) {
    option.availability = {
      ...availability,
      ...(availability.type === 'LIMITED_STOCK' ? { quantityAvailable: offer.stock } : {}),
    };
  }
  if (expand.has('quantityPricingTable')) {
    option.quantityPricingTable = tierPage(tiers, page, (minor) => money(minor), offer, marketplace, asin);
  }
  return option;
}

function tierPage(
  tiers: QuantityTierRow[],
  page: number,
  money: (minor: number) => { amount: number; currencyCode: string; displayString: string },
  offer: OfferRow,
  marketplace: Marketplace,
  asin: string,
): NonNullable<BuyingOption['quantityPricingTable']> {
  const start = (page - 1) * TIERS_PER_PAGE;
  const slice = tiers.slice(start, start + TIERS_PER_PAGE);
  const lowest = Math.min(...tiers.filter((t) => t.hidden === 0).map((t) => t.price_minor));
  const view: QuantityPricingTier[] = slice.map((tier) => {
    const price = money(tier.price_minor);
    const saving = savingsPercent(tier.price_minor, offer.price_minor);
    return {
      minimumQuantity: tier.minimum_quantity,
      price,
      priceMessage: `${price.displayString}/unit`,
      ...(saving > 0 ? { savingsMessage: `Save ${saving}%` } : {}),
      ...(offer.stock < tier.minimum_quantity
        ? { availabilityMessage: 'Not enough stock for this quantity' }
        : {}),
      hidden: tier.hidden === 1,
      lowestAvailablePrice: tier.price_minor === lowest,
      ...(tier.program ? { program: tier.program } : {}),
    };
  });
  const hasMore = start + TIERS_PER_PAGE < tiers.length;
  const next = new URLSearchParams({
    expand: 'quantityPricingTable',
    offerListingId: offer.id,
    page: String(page + 1),
  });
  return {
    tiers: view,
    ...(hasMore
      ? {
          nextPage: {
            resource: { url: `/api/marketplaces/${marketplace.marketplaceId}/products/${asin}?${next}` },
          },
        }
      : {}),
  };
}
