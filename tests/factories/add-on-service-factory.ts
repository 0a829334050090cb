import type { Kysely } from 'kysely';
import type { Database } from '../../src/server/db/schema';
import type { VasFulfillmentType } from '../../src/shared/add-on-services-constants';
import type { VasWidgetName } from '../../src/shared/add-on-services-widgets';
import {
  buildProduct,
  type CreatedProduct,
  type FactoryOptions,
  importProducts,
  type ProductOverrides,
} from './product-factory';

type Db = Kysely<Database>;

/** One offer of a service: its price, merchant, where it is offered and how it is fulfilled. */
export type ServiceOfferInput = {
  price?: number;
  merchant?: { id: string; name: string };
  /** Postal code prefixes it serves; none: everywhere. */
  postalCodes?: string[];
  fulfillmentType?: VasFulfillmentType;
  isCBM?: boolean;
  buyable?: boolean;
  positiveRatingPercent?: number;
  ratingCount?: number;
  merchantAddress?: { AddressLine1: string; City: string; StateOrRegion: string; PostalCode: string };
};

export type CreatedService = CreatedProduct & {
  /** The offers' ids, in the order given. */
  offerIds: string[];
};

/** A service product (installation unless told) with offers; one everywhere-offer at $99.00 unless told. */
export function buildService(
  options: { kind?: 'installation' | 'protection'; offers?: ServiceOfferInput[]; title?: string } = {},
  overrides: ProductOverrides = {},
): CreatedService {
  const offers = options.offers ?? [{}];
  const product = buildProduct({
    productGroup: 'gl_services',
    ...(options.title ? { title: options.title } : {}),
    ...overrides,
    offers: offers.map((o) => ({
      price: o.price ?? 99,
      stock: 100_000,
      merchant: o.merchant ?? { id: 'A3NWHOMESVC1', name: 'Northwind Home Services' },
      ...(o.buyable === false ? { buyable: false } : {}),
    })),
  });
  product.features = {
    ...(product.features ?? {}),
    addOnService: {
      kind: options.kind ?? 'installation',
      offers: offers.map((o, i) => ({
        offerListingId: product.offers[i]?.offerListingId ?? '',
        postalCodes: o.postalCodes ?? [],
        fulfillmentType: o.fulfillmentType ?? 'in_home',
        isCBM: o.isCBM ?? false,
        ...(o.positiveRatingPercent !== undefined ? { positiveRatingPercent: o.positiveRatingPercent } : {}),
        ratingCount: o.ratingCount ?? 0,
        ...(o.merchantAddress ? { merchantAddress: o.merchantAddress } : {}),
      })),
    },
  };
  return { ...product, offerIds: product.offers.map((o) => o.offerListingId) };
}

export type DeviceServiceInput = {
  service: CreatedProduct;
  upgrade?: CreatedProduct;
  topChoice?: boolean;
  isUpsellCritical?: boolean;
  hasPrecheckEnabled?: boolean;
};

export type WidgetOptions = {
  widget?: VasWidgetName;
  interstitial?: 'none' | 'buyable' | 'nonBuyable';
  doRedirect?: boolean;
  digitalDash?: boolean;
  showSTSServiceInterstitial?: boolean;
  capabilitiesImage?: { src: string; alt: string };
};

/** A device (a product with one regular offer) offering the given services in a widget. */
export function buildDevice(
  services: DeviceServiceInput[],
  widget: WidgetOptions = {},
  overrides: ProductOverrides = {},
): CreatedProduct {
  const product = buildProduct(overrides);
  product.features = {
    ...(product.features ?? {}),
    addOnServices: {
      widget: widget.widget ?? 'regularPPD',
      services: services.map((s) => ({
        asin: s.service.asin,
        ...(s.upgrade ? { upgradeAsin: s.upgrade.asin } : {}),
        ...(s.topChoice ? { topChoice: true } : {}),
        ...(s.isUpsellCritical ? { isUpsellCritical: true } : {}),
        ...(s.hasPrecheckEnabled ? { hasPrecheckEnabled: true } : {}),
      })),
      interstitial: widget.interstitial ?? 'none',
      ...(widget.doRedirect ? { doRedirect: true } : {}),
      ...(widget.digitalDash ? { digitalDash: true } : {}),
      ...(widget.showSTSServiceInterstitial ? { showSTSServiceInterstitial: true } : {}),
      ...(widget.capabilitiesImage ? { capabilitiesImage: widget.capabilitiesImage } : {}),
    },
  };
  return product;
}

/** Writes services and their devices through the catalog importer (services first). */
export async function createServiceWorld(
  db: Db,
  products: CreatedProduct[],
  options: FactoryOptions = {},
): Promise<void> {
  // Strip the factory's own bookkeeping (offerIds): the importer takes catalog products only.
  const catalog = products.map((product) => {
    const { offerIds: _ids, ...rest } = product as CreatedProduct & { offerIds?: string[] };
    return rest;
  });
  await importProducts(db, catalog, options);
}
