import type { Kysely } from 'kysely';
import { offerVisibleTo } from '../../../domain/business/business-offers';
import { type Availability, availabilityFor, savingsPercent } from '../../../domain/pricing/quantity-pricing';
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
import { businessTiersOf } from '../../db/repositories/business-repository';
import { findUnusedCoupons } from '../../db/repositories/buy-box-repository';
import {
  findProductForAnswer,
  findProductForAnswerNow,
  findProductWithOffers,
  findTiers,
  type ProductAnswerRead,
  type ProductRecord,
  tiersOf,
} from '../../db/repositories/product-repository';
import type { Database, OfferRow, QuantityTierRow } from '../../db/schema';
import { type OfferQuote, quoteOffer, quoteViews, type UnitQuote, unitQuote } from '../business/offer-quote';
import { productAnswerJson } from './product-json';

/** The expansions of a call that names none; only read. */
const DEFAULT_EXPANSION_SET: ReadonlySet<ProductExpansion> = new Set(DEFAULT_EXPANSIONS);

// The same few prices are formatted on every read; formatting (rounding, grouping, validating the
// marketplace's format) costs more than the rest of a buying option. Pure, so remembered per format.
const PRICE_MEMO_MAX = 10_000;
const priceMemo = new WeakMap<object, Map<string, ReturnType<typeof toPrice>>>();
function memoPrice(minor: number, currency: string, format: Marketplace['priceFormat']) {
  let byAmount = priceMemo.get(format);
  if (!byAmount) {
    byAmount = new Map();
    priceMemo.set(format, byAmount);
  }
  const key = `${currency}${minor}`;
  let price = byAmount.get(key);
  if (!price) {
    if (byAmount.size >= PRICE_MEMO_MAX) byAmount.clear();
    price = toPrice(minor, currency, format);
    byAmount.set(key, price);
  }
  // A copy: callers may hand the answer to code that changes it.
  return { ...price };
}

export type ProductLookup =
  | {
      found: true;
      body: ProductResponse;
      product: ProductRecord;
      /** Whether the product has offers only business customers see (the answer depends on who asks). */
      businessOffers: boolean;
    }
  | { found: false; reason: 'unknown_marketplace' | 'unknown_product' | 'no_such_page' };

/** Who asks: business customers see business-only offers; a signed-in customer's coupon shows in the explanation. */
export type ProductViewer = { business: boolean; customerId: string | null };
export const ANONYMOUS_VIEWER: ProductViewer = { business: false, customerId: null };

/**
 * Reads one product for a marketplace with the requested expansions (S1 §7, S2 §7, BIZ-047). With
 * `itemQuantity` each option is priced for that quantity (exact per line, as the cart prices it), its
 * availability checked against stock and order limits, with the next tier and the price's parts.
 */
export async function readProduct(
  db: Kysely<Database>,
  marketplaceId: string,
  asin: string,
  query: ProductQuery,
  viewer: ProductViewer = ANONYMOUS_VIEWER,
): Promise<ProductLookup> {
  const marketplace = marketplaceById(marketplaceId);
  if (!marketplace) return { found: false, reason: 'unknown_marketplace' };
  const found = await findProductWithOffers(db, asin, marketplaceId);
  if (!found) return { found: false, reason: 'unknown_product' };
  const { product } = found;
  const expand = expansionsOf(query);
  const options = await buyingOptionsOf(db, marketplace, asin, found.offers, query, viewer, expand);
  if (!options.found) return options;
  const { buyingOptions, businessOffers } = options;

  const { images, reviews, bullets } = product;
  return {
    found: true,
    product,
    businessOffers,
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

export type ProductAnswer =
  | {
      found: true;
      /** The answer's JSON text: what `JSON.stringify` writes for `readProduct`'s body. */
      json: string;
      /** Whether the product has offers only business customers see (the answer depends on who asks). */
      businessOffers: boolean;
    }
  | { found: false; reason: 'unknown_marketplace' | 'unknown_product' | 'no_such_page' };

/**
 * The product API's answer as JSON text: the same answer as `readProduct`'s body, written from the
 * product's stored texts without decoding what it does not reshape (product-json.ts). The product
 * route's read; deal answers, which add to the body, go through `readProduct`. Answers
 * at once, without a promise, when SQLite can read now and nothing more is to be read (tiers, a
 * coupon); otherwise a promise.
 */
export function readProductAnswer(
  db: Kysely<Database>,
  marketplaceId: string,
  asin: string,
  query: ProductQuery,
  viewer: ProductViewer = ANONYMOUS_VIEWER,
): ProductAnswer | Promise<ProductAnswer> {
  const marketplace = marketplaceById(marketplaceId);
  if (!marketplace) return { found: false, reason: 'unknown_marketplace' };
  const now = findProductForAnswerNow(db, asin, marketplaceId);
  if (now === null) {
    return findProductForAnswer(db, asin, marketplaceId).then((found) =>
      answerOf(db, marketplace, asin, found, query, viewer),
    );
  }
  return answerOf(db, marketplace, asin, now, query, viewer);
}

function answerOf(
  db: Kysely<Database>,
  marketplace: Marketplace,
  asin: string,
  found: ProductAnswerRead,
  query: ProductQuery,
  viewer: ProductViewer,
): ProductAnswer | Promise<ProductAnswer> {
  if (!found) return { found: false, reason: 'unknown_product' };
  const expand = expansionsOf(query);
  const answer = (options: BuyingOptions): ProductAnswer =>
    options.found
      ? {
          found: true,
          json: productAnswerJson(found.product, expand, options.buyingOptions),
          businessOffers: options.businessOffers,
        }
      : options;
  const options = buyingOptionsOf(db, marketplace, asin, found.offers, query, viewer, expand);
  return options instanceof Promise ? options.then(answer) : answer(options);
}

function expansionsOf(query: ProductQuery): ReadonlySet<ProductExpansion> {
  return query.expand?.length ? new Set(query.expand) : DEFAULT_EXPANSION_SET;
}

type BuyingOptions =
  | { found: true; buyingOptions: BuyingOption[]; businessOffers: boolean }
  | { found: false; reason: 'no_such_page' };

/**
 * A product's buying options as a query and a viewer see them; at once when they need nothing more
 * from the database (tiers, a coupon), otherwise a promise.
 */
function buyingOptionsOf(
  db: Kysely<Database>,
  marketplace: Marketplace,
  asin: string,
  all: OfferRow[],
  query: ProductQuery,
  viewer: ProductViewer,
  expand: ReadonlySet<ProductExpansion>,
): BuyingOptions | Promise<BuyingOptions> {
  const quantity = query.itemQuantity ?? 1;
  const businessOffers = all.some((o) => !offerVisibleTo(o.condition_type, false));
  let offers = all.filter((o) => offerVisibleTo(o.condition_type, viewer.business));
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
  // Tiers start at 2 units (catalog schema), so a single unit's price never needs them; the ladder does.
  const quoting = query.itemQuantity !== undefined && expand.has('price');
  const needsTiers = expand.has('quantityPricingTable') || (expand.has('price') && quantity > 1) || quoting;
  const customerId = quoting ? viewer.customerId : null;
  const options = { marketplace, asin, query, expand, quoting, businessOffers };
  if (!needsTiers && !customerId) return buyingOptionsWith(options, offers, [], null);
  return (async () => {
    const tiers = needsTiers
      ? await findTiers(
          db,
          offers.map((o) => o.id),
        )
      : [];
    const coupon = customerId
      ? ((await findUnusedCoupons(db, customerId)).find((c) => c.asins.includes(asin)) ?? null)
      : null;
    return buyingOptionsWith(options, offers, tiers, coupon);
  })();
}

function buyingOptionsWith(
  {
    marketplace,
    asin,
    query,
    expand,
    quoting,
    businessOffers,
  }: {
    marketplace: Marketplace;
    asin: string;
    query: ProductQuery;
    expand: ReadonlySet<ProductExpansion>;
    quoting: boolean;
    businessOffers: boolean;
  },
  offers: OfferRow[],
  tiers: QuantityTierRow[],
  coupon: { description: string; amountOffMinor: number } | null,
): BuyingOptions {
  const quantity = query.itemQuantity ?? 1;
  const page = query.page ?? 1;
  const buyingOptions = offers.map((offer) => {
    const own = tiers.length > 0 ? tiers.filter((t) => t.offer_id === offer.id) : tiers;
    // Without a quantity to quote, the answer shows the unit price only: no ladder, no explanation.
    const quote = quoting
      ? quoteOffer(
          offer,
          tiersOf(own),
          quantity,
          coupon ? { description: coupon.description, amountMinor: coupon.amountOffMinor } : null,
        )
      : unitQuote(offer, tiersOf(own), quantity);
    return buyingOptionView(
      marketplace,
      offer,
      own,
      expand,
      quote,
      quoting,
      page,
      asin,
      query.itemQuantity !== undefined,
    );
  });
  // BIZ-050: a page past the last one is a 404, which the page reads as "no more tiers".
  if (
    page > 1 &&
    !buyingOptions.some((o) => o.quantityPricingTable && o.quantityPricingTable.tiers.length > 0)
  ) {
    return { found: false, reason: 'no_such_page' };
  }
  return { found: true, buyingOptions, businessOffers };
}

function buyingOptionView(
  marketplace: Marketplace,
  offer: OfferRow,
  tiers: QuantityTierRow[],
  expand: ReadonlySet<ProductExpansion>,
  quote: UnitQuote | OfferQuote,
  quoting: boolean,
  page: number,
  asin: string,
  orderLimits: boolean,
): BuyingOption {
  const format = marketplace.priceFormat;
  const money = (minor: number) => memoPrice(minor, offer.currency_code, format);
  const { quantity } = quote;
  const unitMinor = quote.unitPriceMinor;
  const availability = orderLimits
    ? availabilityWithinLimits(offer, quantity)
    : availabilityFor(offer.stock, offer.buyable === 1, quantity);
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
  if (quoting && 'explanation' in quote) {
    const views = quoteViews(quote, offer.currency_code, marketplace);
    option.quantityPrice = views.quantityPrice;
    if (views.ladder) option.quantityLadder = views.ladder;
    option.priceExplanation = views.explanation;
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

/**
 * Availability for an asked quantity (BIZ-047): the stock rule, and a quantity outside the offer's
 * order limits is one it cannot serve: unavailable, never an error.
 */
function availabilityWithinLimits(offer: OfferRow, quantity: number): Availability {
  const stock = availabilityFor(offer.stock, offer.buyable === 1, quantity);
  if (stock.type === 'OUT_OF_STOCK') return stock;
  const max = Math.min(offer.max_order_quantity ?? 999, 999);
  if (quantity > max) return { type: 'OUT_OF_STOCK', displayString: `Limited to ${max} per order` };
  if (quantity < offer.min_order_quantity) {
    return { type: 'OUT_OF_STOCK', displayString: `Minimum order quantity is ${offer.min_order_quantity}` };
  }
  return stock;
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
  const bulk = new Map(businessTiersOf(slice).map((t) => [t.minimumQuantity, t.buyingInBulk]));
  const view: QuantityPricingTier[] = slice.map((tier) => {
    const buyingInBulk = bulk.get(tier.minimum_quantity);
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
      ...(buyingInBulk ? { buyingInBulk } : {}),
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
