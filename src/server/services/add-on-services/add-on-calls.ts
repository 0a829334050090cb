import type { Kysely } from 'kysely';
import { shortenPostalCode } from '../../../domain/add-on-services/postal-code';
import type { VasFulfillmentType, VasServiceKind } from '../../../shared/add-on-services-constants';
import type { AddOnServicesView, ZipRefreshEntry } from '../../../shared/contracts/add-on-services';
import type { ServicePageData } from '../../../shared/contracts/pages/service-page';
import { type Marketplace, marketplaceById } from '../../../shared/marketplaces';
import { toPrice } from '../../../shared/money/price-format';
import {
  createDigitalDashButton,
  findAddOnWidget,
  findProductTitles,
  findServiceAsins,
  findServiceDevices,
  findServiceProducts,
} from '../../db/repositories/add-on-service-repository';
import type { Database } from '../../db/schema';
import { offerView as productOfferView } from '../products/page-slice';
import { readProduct } from '../products/product-view';
import { offersForZip, offerView } from './add-on-view';
import { addOnServicesFor } from './page-slice';

type Db = Kysely<Database>;

/** A zip refresh entry before the route renders its rating HTML from the page's component. */
export type ZipRefreshResult = Omit<ZipRefreshEntry, 'positiveRatingHtml'> & {
  rating: { percent: number | null; count: number };
};

/**
 * VAS-031: the offer of each service for a postal code, keyed by asin. A service that is not in the
 * catalog answers hasError; one no offer serves at that code answers isOfferAvailable false (VAS-039).
 */
export async function zipRefresh(
  db: Db,
  input: { marketplace: Marketplace; asins: readonly string[]; zip: string; includeMerchantAddress: boolean },
): Promise<Record<string, ZipRefreshResult>> {
  const { marketplace } = input;
  const asins = [...new Set(input.asins)];
  const zip = shortenPostalCode(input.zip, marketplace.countryCode);
  const [services, offers] = await Promise.all([
    findServiceAsins(db, asins),
    offersForZip(db, marketplace, asins, zip),
  ]);
  const empty = (hasError: boolean): ZipRefreshResult => ({
    hasError,
    isOfferAvailable: false,
    offerListingId: null,
    merchantId: null,
    merchantName: null,
    merchantAddress: null,
    price: null,
    winningServiceMinPrice: null,
    nextOfferPrice: null,
    fulfillmentType: null,
    isCBM: false,
    sellerReviewLink: '',
    rating: { percent: null, count: 0 },
  });
  return Object.fromEntries(
    asins.map((asin) => {
      if (!services.has(asin)) return [asin, empty(true)];
      const offer = offerView(
        offers,
        { asin, isUpsellCritical: false, hasPrecheckEnabled: false },
        marketplace,
      );
      if (!offer) return [asin, empty(false)];
      return [
        asin,
        {
          hasError: false,
          isOfferAvailable: true,
          offerListingId: offer.offerListingId,
          merchantId: offer.merchantId,
          merchantName: offer.merchantName,
          merchantAddress: input.includeMerchantAddress ? offer.merchantAddress : null,
          price: offer.price,
          winningServiceMinPrice: offer.winningServiceMinPrice,
          nextOfferPrice: offer.nextOfferPrice,
          fulfillmentType: offer.fulfillmentType as VasFulfillmentType,
          isCBM: offer.isCBM,
          sellerReviewLink: offer.sellerReviewLink,
          rating: { percent: offer.positiveRatingPercent, count: offer.ratingCount },
        },
      ];
    }),
  );
}

export type VariationRefresh =
  | { found: true; addOnServices: AddOnServicesView | null }
  | { found: false; reason: 'unknown_product' | 'unknown_merchant' };

/**
 * VAS-033: the page parts of a product for one merchant `m`: its add-on services with that merchant's
 * offers first (VAS-018). A merchant that sells neither the product nor any of its services is unknown.
 */
export async function variationRefresh(
  db: Db,
  input: {
    marketplaceId: string;
    asin: string;
    merchantId: string;
    zip: string | null;
    sessionId: string;
    businessCustomer: boolean;
    query: URLSearchParams;
  },
): Promise<VariationRefresh> {
  const marketplace = marketplaceById(input.marketplaceId);
  const lookup = await readProduct(db, input.marketplaceId, input.asin, {});
  if (!marketplace || !lookup.found) return { found: false, reason: 'unknown_product' };
  const offer = productOfferView(lookup.body.entity);
  const widget = await findAddOnWidget(db, input.asin);
  const serviceAsins =
    widget?.services.flatMap((s) => [s.service_asin, ...(s.upgrade_asin ? [s.upgrade_asin] : [])]) ?? [];
  const sellers = new Set([
    ...(await offersForZip(db, marketplace, serviceAsins, null)).map((o) => o.merchantId),
    ...lookup.body.entity.buyingOptions.map((o) => o.merchant.merchantId),
  ]);
  if (!sellers.has(input.merchantId)) return { found: false, reason: 'unknown_merchant' };
  if (!offer) return { found: true, addOnServices: null };
  return {
    found: true,
    addOnServices: await addOnServicesFor(db, marketplace, lookup.product, offer.offerListingId, {
      zip: input.zip,
      sessionId: input.sessionId,
      businessCustomer: input.businessCustomer,
      query: input.query,
      merchantId: input.merchantId,
    }),
  };
}

export type DigitalDashResult =
  | { kind: 'signInRequired' }
  | { kind: 'created' }
  | { kind: 'refused'; errorCode: string; errorTitle: string; errorMessage: string };

/**
 * VAS-034: creates the signed-in shopper's digital-dash button for a product that offers one. A second
 * create answers error code 510 (it exists), which the page shows as success (VAS-040).
 */
export async function createDigitalDash(
  db: Db,
  input: { customerId: string | null; asin: string; now: number },
): Promise<DigitalDashResult> {
  if (!input.customerId) return { kind: 'signInRequired' };
  const widget = await findAddOnWidget(db, input.asin);
  if (widget?.widget.digital_dash !== 1) {
    return {
      kind: 'refused',
      errorCode: '404',
      errorTitle: 'Dash button not available',
      errorMessage: 'This product has no Dash button. Reorder it from Your Orders instead.',
    };
  }
  const created = await createDigitalDashButton(db, input.customerId, input.asin, input.now);
  if (created === 'exists') {
    return {
      kind: 'refused',
      errorCode: '510',
      errorTitle: 'You already have this Dash button',
      errorMessage: 'Your Dash button for this product is ready in the app.',
    };
  }
  return { kind: 'created' };
}

/**
 * VAS-005: the service page's data: the service, every offer serving the shopper's postal code (all
 * offers without one), and the products it is offered with. Null when `asin` is not a service.
 */
export async function servicePage(
  db: Db,
  input: { marketplace: Marketplace; asin: string; zip: string | null; seller: string | null },
): Promise<Omit<ServicePageData, 'page' | 'shopper' | 'refTag'> | null> {
  const { marketplace } = input;
  const product = (await findServiceProducts(db, [input.asin])).get(input.asin);
  if (!product) return null;
  const [offers, deviceAsins] = await Promise.all([
    offersForZip(db, marketplace, [input.asin], input.zip),
    findServiceDevices(db, input.asin),
  ]);
  const devices = await findProductTitles(db, deviceAsins);
  return {
    service: {
      asin: product.asin,
      kind: product.kind as VasServiceKind,
      title: product.title,
      brand: product.brand,
      description: product.description,
      bullets: product.bullets,
      image: product.image ? { url: product.image.src, altText: product.image.alt } : null,
    },
    zip: input.zip,
    offers: offers.map((offer) => ({
      offerListingId: offer.offerId,
      merchantId: offer.merchantId,
      merchantName: offer.merchantName,
      merchantAddress: offer.merchantAddress,
      price: toPrice(offer.priceMinor, offer.currencyCode, marketplace.priceFormat),
      fulfillmentType: offer.fulfillmentType as VasFulfillmentType,
      isCBM: offer.isCBM,
      positiveRatingPercent: offer.positiveRatingPercent,
      ratingCount: offer.ratingCount,
    })),
    seller: input.seller && offers.some((o) => o.merchantId === input.seller) ? input.seller : null,
    devices,
  };
}

/** The deferred add-on slice on its own, for the page's call after first paint. */
export async function addOnSliceFor(
  db: Db,
  input: {
    marketplaceId: string;
    asin: string;
    zip: string | null;
    sessionId: string;
    businessCustomer: boolean;
    query: URLSearchParams;
  },
): Promise<
  | { found: true; addOnServices: AddOnServicesView | null }
  | { found: false; reason: 'unknown_marketplace' | 'unknown_product' }
> {
  const lookup = await readProduct(db, input.marketplaceId, input.asin, {});
  const marketplace = marketplaceById(input.marketplaceId);
  if (!lookup.found || !marketplace) {
    return { found: false, reason: !marketplace ? 'unknown_marketplace' : 'unknown_product' };
  }
  const offer = productOfferView(lookup.body.entity);
  return {
    found: true,
    addOnServices: offer
      ? await addOnServicesFor(db, marketplace, lookup.product, offer.offerListingId, input)
      : null,
  };
}
