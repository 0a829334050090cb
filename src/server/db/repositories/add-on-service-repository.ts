import type { Kysely } from 'kysely';
import type { AddOnServiceFeature, AddOnServicesFeature } from '../../catalog/areas/add-on-services';
import { insertMany } from '../insert-many';
import { preparedQuery } from '../prepared-query';
import type {
  Database,
  ProductAddOnServiceTable,
  ProductAddOnWidgetTable,
  ServiceOfferTable,
} from '../schema';
import { decodeStored, firstStoredImage, type StoredImage } from './stored-json';

type Db = Kysely<Database>;

// ---------------------------------------------------------------------------------------------------
// Catalog import: a product's add-on rows (catalog/areas/add-on-services.ts).

export type AddOnCatalogRows = {
  asin: string;
  widget: ProductAddOnWidgetTable | null;
  services: ProductAddOnServiceTable[];
  /** The product is a service: its kind, and what each of its offers adds (postal codes and fulfillment). */
  service: { kind: string; offers: (ServiceOfferTable & { postalPrefixes: string[] })[] } | null;
};

/** The catalog's add-on features of one product as table rows. */
export function addOnCatalogRows(
  asin: string,
  features: {
    addOnServices?: AddOnServicesFeature | undefined;
    addOnService?: AddOnServiceFeature | undefined;
  },
): AddOnCatalogRows {
  const widget = features.addOnServices;
  const service = features.addOnService;
  return {
    asin,
    widget: widget
      ? {
          asin,
          widget_name: widget.widget,
          interstitial: widget.interstitial,
          do_redirect: widget.doRedirect ? 1 : 0,
          show_sts_service_interstitial: widget.showSTSServiceInterstitial ? 1 : 0,
          show_siatc: widget.showSIATC ? 1 : 0,
          attach_to_ldbb: widget.attachToLdbb ? 1 : 0,
          multi_quantity_purchase_enabled: widget.multiQuantityPurchaseEnabled ? 1 : 0,
          capabilities_image_src: widget.capabilitiesImage?.src ?? null,
          capabilities_image_alt: widget.capabilitiesImage?.alt ?? null,
          digital_dash: widget.digitalDash ? 1 : 0,
          digital_dash_path: null,
        }
      : null,
    services: (widget?.services ?? []).map((s, position) => ({
      asin,
      position,
      service_asin: s.asin,
      upgrade_asin: s.upgradeAsin ?? null,
      is_upsell_critical: s.isUpsellCritical ? 1 : 0,
      has_precheck_enabled: s.hasPrecheckEnabled ? 1 : 0,
      top_choice: s.topChoice ? 1 : 0,
    })),
    service: service
      ? {
          kind: service.kind,
          offers: service.offers.map((o) => ({
            offer_id: o.offerListingId,
            service_asin: asin,
            fulfillment_type: o.fulfillmentType,
            is_cbm: o.isCBM ? 1 : 0,
            address_line1: o.merchantAddress?.AddressLine1 ?? null,
            address_city: o.merchantAddress?.City ?? null,
            address_state: o.merchantAddress?.StateOrRegion ?? null,
            address_postal_code: o.merchantAddress?.PostalCode ?? null,
            positive_rating_percent: o.positiveRatingPercent ?? null,
            rating_count: o.ratingCount,
            postalPrefixes: o.postalCodes.length ? [...new Set(o.postalCodes)].sort() : [''],
          })),
        }
      : null,
  };
}

const sameRow = (stored: object | undefined, wanted: object) =>
  stored !== undefined &&
  Object.entries(wanted).every(([key, value]) => (stored as Record<string, unknown>)[key] === value);

/** Whether the stored add-on rows of the product are already these (an unchanged import writes nothing). */
export async function sameAddOnCatalogRows(db: Db, wanted: AddOnCatalogRows): Promise<boolean> {
  const [widget, services, kind, offers, prefixes] = await Promise.all([
    db.selectFrom('product_add_on_widgets').selectAll().where('asin', '=', wanted.asin).executeTakeFirst(),
    db
      .selectFrom('product_add_on_services')
      .selectAll()
      .where('asin', '=', wanted.asin)
      .orderBy('position')
      .execute(),
    db.selectFrom('service_products').selectAll().where('asin', '=', wanted.asin).executeTakeFirst(),
    db
      .selectFrom('service_offers')
      .selectAll()
      .where('service_asin', '=', wanted.asin)
      .orderBy('offer_id')
      .execute(),
    db
      .selectFrom('service_offer_postal_codes')
      .innerJoin('service_offers', 'service_offers.offer_id', 'service_offer_postal_codes.offer_id')
      .select(['service_offer_postal_codes.offer_id', 'service_offer_postal_codes.postal_prefix'])
      .where('service_offers.service_asin', '=', wanted.asin)
      .execute(),
  ]);
  if (wanted.widget === null ? widget !== undefined : !sameRow(widget, wanted.widget)) return false;
  if (services.length !== wanted.services.length) return false;
  if (!wanted.services.every((row, i) => sameRow(services[i], row))) return false;
  if (wanted.service === null) return kind === undefined && offers.length === 0;
  if (kind?.kind !== wanted.service.kind) return false;
  const wantedOffers = [...wanted.service.offers].sort((a, b) => a.offer_id.localeCompare(b.offer_id));
  if (offers.length !== wantedOffers.length) return false;
  if (!wantedOffers.every(({ postalPrefixes: _p, ...row }, i) => sameRow(offers[i], row))) return false;
  const key = (offer: string, prefix: string) => `${offer}|${prefix}`;
  const storedPrefixes = prefixes.map((p) => key(p.offer_id, p.postal_prefix)).sort();
  const wantedPrefixes = wantedOffers.flatMap((o) => o.postalPrefixes.map((p) => key(o.offer_id, p))).sort();
  return JSON.stringify(storedPrefixes) === JSON.stringify(wantedPrefixes);
}

/** Replaces the product's widget and service list (before its offers are written). */
export async function writeAddOnWidgetRows(db: Db, rows: AddOnCatalogRows): Promise<void> {
  await db.deleteFrom('product_add_on_widgets').where('asin', '=', rows.asin).execute();
  if (rows.widget) await db.insertInto('product_add_on_widgets').values(rows.widget).execute();
  await db.deleteFrom('product_add_on_services').where('asin', '=', rows.asin).execute();
  if (rows.services.length) await db.insertInto('product_add_on_services').values(rows.services).execute();
}

/** Replaces what the product's service offers add to its offers (after the offers are written). */
export async function writeServiceOfferRows(db: Db, rows: AddOnCatalogRows): Promise<void> {
  await db.deleteFrom('service_products').where('asin', '=', rows.asin).execute();
  if (!rows.service) return;
  await db.insertInto('service_products').values({ asin: rows.asin, kind: rows.service.kind }).execute();
  for (const { postalPrefixes, ...offer } of rows.service.offers) {
    await db.insertInto('service_offers').values(offer).execute();
    await db
      .insertInto('service_offer_postal_codes')
      .values(postalPrefixes.map((postal_prefix) => ({ offer_id: offer.offer_id, postal_prefix })))
      .execute();
  }
}

/**
 * Writes the add-on rows of products new to the store (nothing of theirs to replace), a table at a
 * time: widgets and service lists before the offers are written, service offers after.
 */
export async function insertAddOnCatalogRows(
  db: Db,
  rows: readonly AddOnCatalogRows[],
  part: 'widgets' | 'service-offers',
): Promise<void> {
  if (part === 'widgets') {
    await insertMany(
      db,
      'product_add_on_widgets',
      rows.flatMap((r) => (r.widget ? [r.widget] : [])),
    );
    await insertMany(
      db,
      'product_add_on_services',
      rows.flatMap((r) => r.services),
    );
    return;
  }
  const services = rows.flatMap((r) => (r.service ? [{ asin: r.asin, service: r.service }] : []));
  await insertMany(
    db,
    'service_products',
    services.map(({ asin, service }) => ({ asin, kind: service.kind })),
  );
  const offers = services.flatMap(({ service }) => service.offers);
  await insertMany(
    db,
    'service_offers',
    offers.map(({ postalPrefixes: _prefixes, ...offer }) => offer),
  );
  await insertMany(
    db,
    'service_offer_postal_codes',
    offers.flatMap((o) => o.postalPrefixes.map((postal_prefix) => ({ offer_id: o.offer_id, postal_prefix }))),
  );
}

// ---------------------------------------------------------------------------------------------------
// Reads.

export type AddOnWidgetRecord = {
  widget: ProductAddOnWidgetTable;
  services: ProductAddOnServiceTable[];
};

// Every product page asks this (most products offer no services): compiled once.
const addOnWidgetQuery = preparedQuery((db: Db, p: { asin: string }) =>
  db.selectFrom('product_add_on_widgets').selectAll().where('asin', '=', p.asin),
);

/** The product's add-on widget and the services it offers (in order), or null when it offers none. */
export async function findAddOnWidget(db: Db, asin: string): Promise<AddOnWidgetRecord | null> {
  const widget = (await addOnWidgetQuery(db, { asin })).rows[0];
  if (!widget) return null;
  const services = await db
    .selectFrom('product_add_on_services')
    .selectAll()
    .where('asin', '=', asin)
    .orderBy('position')
    .execute();
  return { widget, services };
}

export type ServiceProductRecord = {
  asin: string;
  kind: string;
  title: string;
  brand: string;
  description: string;
  bullets: string[];
  image: { src: string; alt: string } | null;
};

/** Service products (title, description, first image) by asin; products that are not services are left out. */
export async function findServiceProducts(
  db: Db,
  asins: readonly string[],
): Promise<Map<string, ServiceProductRecord>> {
  if (asins.length === 0) return new Map();
  const rows = await db
    .selectFrom('service_products')
    .innerJoin('products', 'products.asin', 'service_products.asin')
    .select([
      'products.asin',
      'service_products.kind',
      'products.title',
      'products.brand',
      'products.description',
      'products.bullets',
      'products.images',
    ])
    .where('service_products.asin', 'in', [...new Set(asins)])
    .execute();
  return new Map(
    rows.map((row) => [
      row.asin,
      {
        asin: row.asin,
        kind: row.kind,
        title: row.title,
        brand: row.brand,
        description: row.description,
        bullets: decodeStored<string[]>(row.bullets) ?? [],
        image: firstStoredImage(row.images) as StoredImage | null,
      },
    ]),
  );
}

export type ServiceOfferRecord = {
  serviceAsin: string;
  offerId: string;
  merchantId: string;
  merchantName: string;
  priceMinor: number;
  currencyCode: string;
  buyable: boolean;
  fulfillmentType: string;
  isCBM: boolean;
  merchantAddress: { AddressLine1: string; City: string; StateOrRegion: string; PostalCode: string } | null;
  positiveRatingPercent: number | null;
  ratingCount: number;
};

/**
 * The offers of these services in the marketplace that serve a postal code: those listing one of its
 * `prefixes` ('' serves everywhere). With `prefixes` null, every offer (no postal code known yet).
 */
export async function findServiceOffers(
  db: Db,
  serviceAsins: readonly string[],
  marketplaceId: string,
  prefixes: readonly string[] | null,
): Promise<ServiceOfferRecord[]> {
  if (serviceAsins.length === 0) return [];
  let query = db
    .selectFrom('service_offers')
    .innerJoin('offers', 'offers.id', 'service_offers.offer_id')
    .select([
      'service_offers.service_asin',
      'service_offers.offer_id',
      'service_offers.fulfillment_type',
      'service_offers.is_cbm',
      'service_offers.address_line1',
      'service_offers.address_city',
      'service_offers.address_state',
      'service_offers.address_postal_code',
      'service_offers.positive_rating_percent',
      'service_offers.rating_count',
      'offers.merchant_id',
      'offers.merchant_name',
      'offers.price_minor',
      'offers.currency_code',
      'offers.buyable',
      'offers.stock',
    ])
    .where('service_offers.service_asin', 'in', [...new Set(serviceAsins)])
    .where('offers.marketplace_id', '=', marketplaceId);
  if (prefixes !== null) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('service_offer_postal_codes')
          .select('service_offer_postal_codes.offer_id')
          .whereRef('service_offer_postal_codes.offer_id', '=', 'service_offers.offer_id')
          .where('service_offer_postal_codes.postal_prefix', 'in', [...prefixes]),
      ),
    );
  }
  const rows = await query.orderBy('offers.price_minor').orderBy('service_offers.offer_id').execute();
  return rows.map((row) => ({
    serviceAsin: row.service_asin,
    offerId: row.offer_id,
    merchantId: row.merchant_id,
    merchantName: row.merchant_name,
    priceMinor: row.price_minor,
    currencyCode: row.currency_code,
    buyable: row.buyable === 1 && row.stock > 0,
    fulfillmentType: row.fulfillment_type,
    isCBM: row.is_cbm === 1,
    merchantAddress:
      row.address_line1 && row.address_city && row.address_state && row.address_postal_code
        ? {
            AddressLine1: row.address_line1,
            City: row.address_city,
            StateOrRegion: row.address_state,
            PostalCode: row.address_postal_code,
          }
        : null,
    positiveRatingPercent: row.positive_rating_percent,
    ratingCount: row.rating_count,
  }));
}

/**
 * The products that offer this service (as a service or as an enhanced widget's upgrade): a service
 * line in a cart goes with a line of one of them (its device).
 */
const serviceDevicesQuery = preparedQuery((db: Db, p: { service: string; upgrade: string }) =>
  db
    .selectFrom('product_add_on_services')
    .select('asin')
    .where((eb) => eb.or([eb('service_asin', '=', p.service), eb('upgrade_asin', '=', p.upgrade)]))
    .orderBy('asin'),
);

export async function findServiceDevices(db: Db, serviceAsin: string): Promise<string[]> {
  // Every cart add asks this of the product it adds, so the query is compiled once.
  const { rows } = await serviceDevicesQuery(db, { service: serviceAsin, upgrade: serviceAsin });
  return [...new Set(rows.map((row) => row.asin))];
}

/** Which of these products are services. */
/** The add-on service kind (installation, protection) of those of these asins that are services. */
export async function findServiceKinds(db: Db, asins: readonly string[]): Promise<Map<string, string>> {
  if (asins.length === 0) return new Map();
  const rows = await db
    .selectFrom('service_products')
    .select(['asin', 'kind'])
    .where('asin', 'in', [...new Set(asins)])
    .execute();
  return new Map(rows.map((row) => [row.asin, row.kind]));
}

export async function findServiceAsins(db: Db, asins: readonly string[]): Promise<Set<string>> {
  if (asins.length === 0) return new Set();
  const rows = await db
    .selectFrom('service_products')
    .select('asin')
    .where('asin', 'in', [...new Set(asins)])
    .execute();
  return new Set(rows.map((row) => row.asin));
}

/**
 * VAS-034: records the shopper's digital-dash button for a product, once: 'exists' when they had one
 * (one guarded insert, so two presses at once make one button).
 */
export async function createDigitalDashButton(
  db: Db,
  customerId: string,
  asin: string,
  now: number,
): Promise<'created' | 'exists'> {
  const result = await db
    .insertInto('digital_dash_buttons')
    .values({ customer_id: customerId, asin, created_at: now })
    .onConflict((oc) => oc.columns(['customer_id', 'asin']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0 ? 'created' : 'exists';
}

/** Products' titles by asin, in the order asked (the service page's "offered with" list). */
export async function findProductTitles(
  db: Db,
  asins: readonly string[],
): Promise<{ asin: string; title: string }[]> {
  if (asins.length === 0) return [];
  const rows = await db
    .selectFrom('products')
    .select(['asin', 'title'])
    .where('asin', 'in', [...asins])
    .execute();
  return asins.flatMap((asin) => rows.filter((row) => row.asin === asin));
}
