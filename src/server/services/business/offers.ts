import type { Kysely } from 'kysely';
import { BUSINESS_ONLY_TYPES, offerVisibleTo } from '../../../domain/business/business-offers';
import { dayText, deliveryPromise, orderDeadlineText } from '../../../domain/business/delivery-promise';
import { displayUnitMinor, tierFor, tierUnitScaled } from '../../../domain/pricing/quantity-pricing';
import type {
  DeepCheckRequest,
  DeliveryPromiseView,
  OfferListingEntry,
  OffersListingResponse,
} from '../../../shared/contracts/business';
import type { DeviceType } from '../../../shared/deal-constants';
import { type Marketplace, marketplaceById } from '../../../shared/marketplaces';
import { toPrice } from '../../../shared/money/price-format';
import { findProductWithOffers, findTiers, tiersOf } from '../../db/repositories/product-repository';
import type { Database, OfferRow } from '../../db/schema';
import { maxOrderable, quoteOffer } from './offer-quote';

type Db = Kysely<Database>;

/** The store's own merchant id: its offers have the fastest delivery. */
const STORE_MERCHANT_ID = 'ATVPDKIKX0DER';

export type Viewer = { business: boolean; device: DeviceType; now: number };

/** The offers a shopper may buy, in the overlay's order: cheapest first, as the product read orders them. */
async function visibleOffers(db: Db, marketplaceId: string, asin: string, business: boolean) {
  const found = await findProductWithOffers(db, asin, marketplaceId);
  if (!found) return undefined;
  return {
    product: found.product,
    offers: found.offers.filter(
      (o) => o.condition_type !== 'LIGHTNING_DEAL' && offerVisibleTo(o.condition_type, business),
    ),
  };
}

/**
 * The all-offers overlay's list (OFR-005): each offer the shopper may buy with what its add to cart
 * sends (offer listing id, minimum quantity, ref tag, sr and qid), its price for that quantity and
 * the features the side sheet lists. Business-only offers only for business customers.
 */
export async function offersListing(
  db: Db,
  marketplaceId: string,
  asin: string,
  viewer: Viewer,
): Promise<
  | { found: true; body: OffersListingResponse }
  | { found: false; reason: 'unknown_marketplace' | 'unknown_product' }
> {
  const marketplace = marketplaceById(marketplaceId);
  if (!marketplace) return { found: false, reason: 'unknown_marketplace' };
  const visible = await visibleOffers(db, marketplaceId, asin, viewer.business);
  if (!visible) return { found: false, reason: 'unknown_product' };
  const tierRows = await findTiers(
    db,
    visible.offers.map((o) => o.id),
  );
  // qid names this listing (a search's query id): the seconds of the moment it was made.
  const qid = String(Math.floor(viewer.now / 1000));
  const channel = viewer.device === 'desktop' ? 'dpdsk' : 'dpmob';
  return {
    found: true,
    body: {
      type: 'product.offers/v1',
      entity: {
        asin,
        title: visible.product.title,
        offers: visible.offers.map((offer, offerIndex) =>
          listingEntry(offer, offerIndex, tiersOf(tierRows.filter((t) => t.offer_id === offer.id)), {
            marketplace,
            qid,
            refTag: `aod_${channel}_${offer.condition_type.toLowerCase()}_${offerIndex + 1}`,
          }),
        ),
      },
    },
  };
}

function listingEntry(
  offer: OfferRow,
  offerIndex: number,
  tiers: ReturnType<typeof tiersOf>,
  context: { marketplace: Marketplace; qid: string; refTag: string },
): OfferListingEntry {
  const money = (minor: number) => toPrice(minor, offer.currency_code, context.marketplace.priceFormat);
  const minQty = offer.min_order_quantity;
  const quote = quoteOffer(offer, tiers, minQty, null);
  const best = tierFor(offer.price_minor, tiers, 999);
  const businessOnly = BUSINESS_ONLY_TYPES.has(offer.condition_type);
  const canAddToCart = quote.canServe;
  return {
    offerIndex,
    asin: offer.asin,
    oid: offer.id,
    minQty,
    maxQty: Math.max(minQty, maxOrderable(offer)),
    refTag: context.refTag,
    sr: `1-${offerIndex + 1}`,
    qid: context.qid,
    type: offer.condition_type,
    businessOnly,
    merchant: { merchantId: offer.merchant_id, name: offer.merchant_name },
    unitPrice: money(quote.unitPriceMinor),
    listPrice: offer.list_price_minor ? money(offer.list_price_minor) : null,
    total: money(quote.lineTotalMinor),
    availability: canAddToCart
      ? offer.stock < 20
        ? `Only ${offer.stock} left in stock`
        : 'In Stock'
      : 'Currently unavailable',
    canAddToCart,
    bestTier: best
      ? {
          minimumQuantity: best.minimumQuantity,
          unitPrice: money(displayUnitMinor(tierUnitScaled(offer.price_minor, best))),
        }
      : null,
    displayFeatures: [
      { label: 'Ships from', text: offer.merchant_name },
      { label: 'Sold by', text: offer.merchant_name },
      { label: 'Returns', text: 'Returnable within 30 days of receipt' },
      { label: 'Payment', text: 'Secure transaction' },
      ...(businessOnly
        ? [{ label: 'Business purchase', text: 'Tax-exempt purchasing and a downloadable invoice' }]
        : []),
      ...(best
        ? [
            {
              label: 'Quantity discounts',
              text: `From ${money(displayUnitMinor(tierUnitScaled(offer.price_minor, best))).displayString} a unit at ${best.minimumQuantity}+`,
            },
          ]
        : []),
      ...(minQty > 1 ? [{ label: 'Minimum order', text: `${minQty} units` }] : []),
    ],
  };
}

/**
 * BIZ-051: the deep-check delivery promise of one buying option (by its index among the options the
 * shopper sees and its merchant), as the page's delivery promise component shows it.
 */
export async function deepCheckPromise(
  db: Db,
  request: DeepCheckRequest,
  viewer: Viewer & { quantity: number },
): Promise<
  | { found: true; promise: DeliveryPromiseView }
  | { found: false; reason: 'unknown_marketplace' | 'unknown_product' | 'unknown_buying_option' }
> {
  if (!marketplaceById(request.marketplaceId)) return { found: false, reason: 'unknown_marketplace' };
  const visible = await visibleOffers(db, request.marketplaceId, request.asin, viewer.business);
  if (!visible) return { found: false, reason: 'unknown_product' };
  const offer = visible.offers[request.buyingOptionIndex];
  if (!offer || offer.merchant_id !== request.merchantId)
    return { found: false, reason: 'unknown_buying_option' };
  const tiers = tiersOf(await findTiers(db, [offer.id]));
  const quantity = Math.min(Math.max(viewer.quantity, offer.min_order_quantity), 999);
  const quote = quoteOffer(offer, tiers, quantity, null);
  const promise = deliveryPromise(viewer.now, {
    ownOffer: offer.merchant_id === STORE_MERCHANT_ID,
    lineTotalMinor: quote.lineTotalMinor,
  });
  return {
    found: true,
    promise: {
      merchantName: offer.merchant_name,
      standardDate: dayText(promise.standardDay),
      fastestDate: promise.fastestDay === null ? null : dayText(promise.fastestDay),
      orderDeadline: orderDeadlineText(viewer.now, promise),
      freeShipping: promise.freeShipping,
    },
  };
}
