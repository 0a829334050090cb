import type { Kysely } from 'kysely';
import {
  type BuyBoxKind,
  buyBoxesFor,
  offerVisibleTo,
  preferredBuyingOption,
} from '../../../domain/business/business-offers';
import { parseQtyParam } from '../../../domain/buy-box/url-quantity';
import { initialQuantity } from '../../../domain/quantity/free-quantity';
import { SHOW_OVERLAY_PARAM } from '../../../shared/business-constants';
import type {
  BusinessBuyingView,
  BusinessOptionView,
  PickerSettings,
} from '../../../shared/contracts/business';
import { toPrice } from '../../../shared/money/price-format';
import { type BusinessSettings, findBusinessSettings } from '../../db/repositories/business-repository';
import { findUnusedCoupons } from '../../db/repositories/buy-box-repository';
import { findProductWithOffers, findTiers, tiersOf } from '../../db/repositories/product-repository';
import type { Database, OfferRow } from '../../db/schema';
import type { ProductPageContext } from '../products/page-context';
import { type OfferQuote, quoteOffer, quoteViews } from './offer-quote';

/** BIZ-009: the texts the picker shows when the catalog sets none. */
const DEFAULT_PICKER_MESSAGES: PickerSettings['messages'] = {
  loadMore: 'See more quantity discounts',
  fetchingBestPrices: 'Fetching the best prices…',
  quantityTableError: 'We could not load the quantity discounts.',
  requestForQuantityDiscount: 'Need a larger quantity? Request a quantity discount',
  unavailable: 'This quantity is more than one seller can supply.',
  unavailableLink: 'Buy it from several sellers',
};

const DEFAULT_SETTINGS: BusinessSettings = {
  picker: 'text-with-table',
  requestDiscountUrl: null,
  buyingInBulkUrl: null,
  lockedMerchantDiscounts: false,
  summaryEnabled: true,
  offersLinkEnabled: true,
  devicesLinkEnabled: false,
  messages: {},
};

/**
 * Critical, business customers only: the business buy boxes of a product with business buying
 * (catalog settings or business-only offers), each offering the buying option its types prefer for
 * the page's quantity (BIZ-060, BIZ-041), priced exactly as the cart will price it. Null for anyone
 * else, so no business price reaches a shopper who is not a business customer.
 */
export async function businessSlice(
  db: Kysely<Database>,
  context: Pick<ProductPageContext, 'marketplace' | 'product' | 'customer'> & {
    device?: ProductPageContext['device'];
  },
  query: URLSearchParams,
): Promise<BusinessBuyingView | null> {
  const { customer, marketplace, product } = context;
  if (!customer?.isBusiness) return null;
  const [settings, found] = await Promise.all([
    findBusinessSettings(db, product.asin),
    findProductWithOffers(db, product.asin, marketplace.marketplaceId),
  ]);
  const all = (found?.offers ?? []).filter((o) => o.condition_type !== 'LIGHTNING_DEAL');
  const hasBusinessOffers = all.some((o) => !offerVisibleTo(o.condition_type, false));
  if (!settings && !hasBusinessOffers) return null;
  const offers = all.filter((o) => offerVisibleTo(o.condition_type, true));
  const boxes = buyBoxesFor(offers.map((o) => o.condition_type));
  if (boxes.length === 0) return null;

  const [tierRows, coupons] = await Promise.all([
    findTiers(
      db,
      offers.map((o) => o.id),
    ),
    findUnusedCoupons(db, customer.id),
  ]);
  const clipped = coupons.find((c) => c.asins.includes(product.asin));
  const coupon = clipped ? { description: clipped.description, amountMinor: clipped.amountOffMinor } : null;
  const least = Math.min(...offers.map((o) => o.min_order_quantity));
  const quantity = Math.min(initialQuantity(parseQtyParam(query.get('qty')), least), 999);
  const merchant = query.get('smid');
  const chosen = settings ?? DEFAULT_SETTINGS;

  const quotes = offers.map((offer, index) => ({
    offer,
    index,
    quote: quoteOffer(offer, tiersOf(tierRows.filter((t) => t.offer_id === offer.id)), quantity, coupon),
  }));
  const candidates = quotes.map((q) => ({
    ...q,
    type: q.offer.condition_type,
    unitScaled: q.quote.unitScaled,
    canServe: q.quote.canServe,
  }));

  return {
    customerId: customer.id,
    device: context.device ?? 'desktop',
    currencyCode: marketplace.currencyCode,
    quantity,
    offerCount: offers.length,
    showOverlay: query.get(SHOW_OVERLAY_PARAM) === '1',
    boxes: boxes.map((box) => {
      // The summary reload (BIZ-004) and the overlay may name the seller: smid picks their option for the box it belongs to.
      const ofMerchant = merchant
        ? preferredBuyingOption(
            candidates.filter((c) => c.offer.merchant_id === merchant),
            box,
          )
        : undefined;
      const pick = ofMerchant ?? preferredBuyingOption(candidates, box);
      return {
        settings: pickerSettingsFor(product.asin, box, least, chosen),
        option: pick ? optionView(pick.offer, pick.index, pick.quote, marketplace) : null,
      };
    }),
  };
}

function pickerSettingsFor(
  asin: string,
  box: BuyBoxKind,
  least: number,
  settings: BusinessSettings,
): PickerSettings {
  return {
    id: `qp-${asin}-${box}`,
    buyBoxId: `bb-${box}`,
    buyingOptionStereotype: box,
    leastMinimumOrderQuantity: least,
    variant: settings.picker,
    messages: { ...DEFAULT_PICKER_MESSAGES, ...settings.messages },
    lockedMerchantDiscounts: settings.lockedMerchantDiscounts,
    summaryEnabled: settings.summaryEnabled,
    offersLinkEnabled: settings.offersLinkEnabled,
    devicesLinkEnabled: settings.devicesLinkEnabled,
    buyingInBulkUrl: settings.buyingInBulkUrl,
    requestDiscountUrl: settings.requestDiscountUrl,
  };
}

function optionView(
  offer: OfferRow,
  index: number,
  quote: OfferQuote,
  marketplace: ProductPageContext['marketplace'],
): BusinessOptionView {
  const views = quoteViews(quote, offer.currency_code, marketplace);
  const max = Math.min(offer.max_order_quantity ?? 999, 999);
  return {
    type: offer.condition_type,
    offerListingId: offer.id,
    merchant: { merchantId: offer.merchant_id, name: offer.merchant_name },
    buyingOptionIndex: index,
    listPrice: offer.list_price_minor
      ? toPrice(offer.list_price_minor, offer.currency_code, marketplace.priceFormat)
      : null,
    quantityPrice: views.quantityPrice,
    ladder: views.ladder,
    explanation: views.explanation,
    available: quote.canServe,
    availability: quote.canServe
      ? offer.stock < 20
        ? `Only ${offer.stock} left in stock - order soon.`
        : 'In Stock'
      : quote.quantity > offer.stock
        ? `Only ${offer.stock} available from ${offer.merchant_name}`
        : quote.quantity > max
          ? `Limited to ${max} per order`
          : quote.quantity < offer.min_order_quantity
            ? `Minimum order quantity is ${offer.min_order_quantity}`
            : 'Currently unavailable',
    minOrderQuantity: offer.min_order_quantity,
    maxOrderQuantity: max,
  };
}
