import type { Kysely } from 'kysely';
import {
  postalCodePattern,
  postalPrefixes,
  shortenPostalCode,
} from '../../../domain/add-on-services/postal-code';
import { isShipToStore, winningServiceOffer } from '../../../domain/add-on-services/service-offers';
import { chosenFromUrl } from '../../../domain/add-on-services/vas-url-state';
import {
  DIGITAL_DASH_CREATE_PATH,
  servicePagePath,
  type VasFulfillmentType,
  type VasServiceKind,
} from '../../../shared/add-on-services-constants';
import type { VasWidgetName } from '../../../shared/add-on-services-widgets';
import type { AddOnOfferView, AddOnServicesView } from '../../../shared/contracts/add-on-services';
import type { Marketplace } from '../../../shared/marketplaces';
import { toMinorUnits, toPrice } from '../../../shared/money/price-format';
import {
  type AddOnWidgetRecord,
  findAddOnWidget,
  findServiceOffers,
  findServiceProducts,
  type ServiceOfferRecord,
  type ServiceProductRecord,
} from '../../db/repositories/add-on-service-repository';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** The device the services go with, as its page shows it. */
export type AddOnDevice = {
  asin: string;
  title: string;
  image: { url: string; altText: string } | null;
  offer: { offerListingId: string; merchantId: string; priceMinor: number; currencyCode: string };
};

export type AddOnViewInput = {
  marketplace: Marketplace;
  device: AddOnDevice;
  /** The shopper's postal code (delivery location), or null when not known yet. */
  zip: string | null;
  sessionId: string;
  businessCustomer: boolean;
  /** The page address's query: `vas` preselects a service (VAS-001). */
  query: URLSearchParams;
  /** The merchant whose service offers come first (VAS-018: the variation refresh's `m`). */
  merchantId?: string | null;
  /** The device's widget and services when the caller has read them already. */
  record?: AddOnWidgetRecord | null;
};

/** The offers serving a postal code (all offers when it is not known), for these services. */
export async function offersForZip(
  db: Db,
  marketplace: Marketplace,
  serviceAsins: readonly string[],
  zip: string | null,
): Promise<ServiceOfferRecord[]> {
  const prefixes = zip ? postalPrefixes(shortenPostalCode(zip, marketplace.countryCode)) : null;
  return findServiceOffers(db, serviceAsins, marketplace.marketplaceId, prefixes);
}

/** The seller's reviews, on the service page (VAS-004's rating links). */
const sellerReviewLink = (serviceAsin: string, merchantId: string) =>
  `${servicePagePath(serviceAsin, 'vas_seller_reviews')}?seller=${encodeURIComponent(merchantId)}#seller-reviews`;

/**
 * VAS-008: the offer a shopper is shown for one service: the given merchant's when it has one, else the
 * cheapest that serves them; null when none does.
 */
export function offerView(
  offers: readonly ServiceOfferRecord[],
  service: { asin: string; isUpsellCritical: boolean; hasPrecheckEnabled: boolean },
  marketplace: Marketplace,
  merchantId?: string | null,
): AddOnOfferView | null {
  const mine = offers.filter((o) => o.serviceAsin === service.asin);
  const won = (merchantId ? winningServiceOffer(mine, merchantId) : null) ?? winningServiceOffer(mine);
  if (!won) return null;
  const { offer } = won;
  const money = (minor: number) => toPrice(minor, offer.currencyCode, marketplace.priceFormat);
  return {
    serviceAsin: service.asin,
    offerListingId: offer.offerId,
    merchantId: offer.merchantId,
    merchantName: offer.merchantName,
    merchantAddress: offer.merchantAddress,
    price: money(offer.priceMinor),
    winningServiceMinPrice: money(won.winningServiceMinPrice),
    nextOfferPrice: won.nextOfferPrice === null ? null : money(won.nextOfferPrice),
    isOfferAvailable: true,
    isUpsellCritical: service.isUpsellCritical,
    hasPrecheckEnabled: service.hasPrecheckEnabled,
    fulfillmentType: offer.fulfillmentType as VasFulfillmentType,
    isCBM: offer.isCBM,
    positiveRatingPercent: offer.positiveRatingPercent,
    ratingCount: offer.ratingCount,
    sellerReviewLink: sellerReviewLink(service.asin, offer.merchantId),
  };
}

/** The upgrade with what it costs over its base plan (VAS-013), priced in the marketplace's money. */
function withExtraPrice<U extends { offer: AddOnOfferView | null }>(
  base: AddOnOfferView | null,
  upgrade: U,
  marketplace: Marketplace,
) {
  const digits = marketplace.priceFormat.fractionDigits;
  const extra =
    base && upgrade.offer && upgrade.offer.price.currencyCode === base.price.currencyCode
      ? toMinorUnits(upgrade.offer.price.amount, digits) - toMinorUnits(base.price.amount, digits)
      : null;
  return {
    ...upgrade,
    extraPrice:
      extra !== null && extra > 0 && base
        ? toPrice(extra, base.price.currencyCode, marketplace.priceFormat)
        : null,
  };
}

const imageView = (image: ServiceProductRecord['image']) =>
  image ? { url: image.src, altText: image.alt } : null;

/**
 * The add-on services of a device's page (VAS-003, VAS-008, VAS-010), priced for the shopper's postal
 * code, or null when the device offers none (or none of its services is in the catalog).
 */
export async function addOnServicesView(db: Db, input: AddOnViewInput): Promise<AddOnServicesView | null> {
  const { marketplace, device } = input;
  const record = input.record ?? (await findAddOnWidget(db, device.asin));
  if (!record) return null;
  const asins = record.services.flatMap((s) =>
    s.upgrade_asin ? [s.service_asin, s.upgrade_asin] : [s.service_asin],
  );
  const [products, offers] = await Promise.all([
    findServiceProducts(db, asins),
    offersForZip(db, marketplace, asins, input.zip),
  ]);
  const money = (minor: number) => toPrice(minor, device.offer.currencyCode, marketplace.priceFormat);
  const merchantId = input.merchantId ?? device.offer.merchantId;
  // Decision 0041: the winning offer at the ZIP, as the zip refresh and the cart add choose, unless a
  // seller is part of the choice: the one asked for (the variation refresh's m), or in the larger option
  // list, whose rows are a seller's (VAS-018), the buy box's seller.
  const preferredMerchant =
    input.merchantId ?? (record.widget.widget_name === 'twister_xl' ? device.offer.merchantId : null);
  const core = (
    product: ServiceProductRecord,
    flags: { isUpsellCritical: boolean; hasPrecheckEnabled: boolean },
  ) => ({
    serviceAsin: product.asin,
    kind: product.kind as VasServiceKind,
    title: product.title,
    description: product.description,
    bullets: product.bullets,
    image: imageView(product.image),
    detailsPath: servicePagePath(product.asin, `vas_dp_${device.asin}`),
    offer: offerView(offers, { asin: product.asin, ...flags }, marketplace, preferredMerchant),
  });
  const services = record.services.flatMap((row) => {
    const product = products.get(row.service_asin);
    if (!product) return [];
    const flags = {
      isUpsellCritical: row.is_upsell_critical === 1,
      hasPrecheckEnabled: row.has_precheck_enabled === 1,
    };
    const upgrade = row.upgrade_asin ? products.get(row.upgrade_asin) : undefined;
    return [
      {
        ...core(product, flags),
        ...flags,
        topChoice: row.top_choice === 1,
        upgrade: upgrade
          ? withExtraPrice(core(product, flags).offer, core(upgrade, flags), marketplace)
          : null,
      },
    ];
  });
  if (services.length === 0) return null;
  const { widget } = record;
  const offered = services.flatMap((s) =>
    s.upgrade ? [s.serviceAsin, s.upgrade.serviceAsin] : [s.serviceAsin],
  );
  const fromUrl = chosenFromUrl(input.query, offered);
  const prechecked = services.find((s) => s.hasPrecheckEnabled && s.offer)?.serviceAsin ?? null;
  const initialChoice = fromUrl ?? prechecked;
  const chosenOffer = services.find((s) => s.serviceAsin === initialChoice)?.offer ?? null;
  return {
    widget: widget.widget_name as VasWidgetName,
    model: {
      productAsin: device.asin,
      zipCode: input.zip,
      merchantId,
      buyboxPrice: money(device.offer.priceMinor),
      mappingSet: `${device.asin}:${record.services.map((s) => s.service_asin).join('+')}`,
      sessionId: input.sessionId,
      multiQuantityPurchaseEnabled: widget.multi_quantity_purchase_enabled === 1,
      businessCustomer: input.businessCustomer,
      hijackATC: widget.interstitial !== 'none',
      doRedirect: widget.do_redirect === 1,
      showSIATC: widget.show_siatc === 1,
      showSTSServiceInterstitial: widget.show_sts_service_interstitial === 1,
      isShipToStoreAsinSelected: chosenOffer !== null && isShipToStore(chosenOffer.fulfillmentType),
      attachToLdbb: widget.attach_to_ldbb === 1,
    },
    services,
    interstitial: widget.interstitial,
    zipPattern: postalCodePattern(marketplace.countryCode),
    countryCode: marketplace.countryCode,
    initialChoice,
    capabilitiesImage:
      widget.capabilities_image_src && widget.capabilities_image_alt
        ? { url: widget.capabilities_image_src, altText: widget.capabilities_image_alt }
        : null,
    digitalDash:
      widget.digital_dash === 1 ? { createPath: widget.digital_dash_path ?? DIGITAL_DASH_CREATE_PATH } : null,
    device: { title: device.title, image: device.image, offerListingId: device.offer.offerListingId },
  };
}
