import type { Kysely } from 'kysely';
import { marketplaceById } from '../../shared/marketplaces';
import { toMinorUnits } from '../../shared/money/price-format';
import { writeBundle } from '../db/repositories/bundle-repository';
import { findOffer } from '../db/repositories/product-repository';
import { writeSmartHomeDevices } from '../db/repositories/smart-home-repository';
import { writeSponsoredAd } from '../db/repositories/sponsored-ad-repository';
import type { Database } from '../db/schema';
import type { Catalog } from './catalog-schema';

/** A section entry names something the store does not have; the import writes nothing. */
export class CatalogReferenceError extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(`${path}: ${message}`);
  }
}

type Db = Kysely<Database>;

async function productExists(db: Db, asin: string): Promise<boolean> {
  const row = await db.selectFrom('products').select('asin').where('asin', '=', asin).executeTakeFirst();
  return row !== undefined;
}

async function requireProducts(db: Db, asins: readonly string[], path: string) {
  for (const [i, asin] of asins.entries()) {
    if (!(await productExists(db, asin))) {
      throw new CatalogReferenceError(`${path}[${i}]`, `no product ${asin} in the catalog`);
    }
  }
}

/** An offer a section names: it must exist, belong to the product and be a regular (non-deal) offer. */
async function requireOffer(db: Db, asin: string, offerId: string, path: string) {
  const offer = await findOffer(db, offerId);
  if (!offer || offer.asin !== asin) {
    throw new CatalogReferenceError(path, `no offer ${offerId} of ${asin} in the catalog`);
  }
  if (offer.condition_type === 'LIGHTNING_DEAL') {
    throw new CatalogReferenceError(
      path,
      `offer ${offerId} is a lightning deal and cannot be bundled or advertised`,
    );
  }
  return offer;
}

/**
 * Writes the bundles, smart-home badges and sponsored ads of a catalog, after its products (on the
 * same transaction): every product and offer they name must be in the store by then.
 */
export async function importSections(db: Db, catalog: Catalog, now: number): Promise<void> {
  for (const [i, bundle] of catalog.bundles.entries()) {
    const path = `$.bundles[${i}]`;
    const marketplace = marketplaceById(bundle.marketplaceId);
    const digits = marketplace?.priceFormat.fractionDigits ?? 2;
    let separately = 0;
    for (const [j, component] of bundle.components.entries()) {
      const offer = await requireOffer(
        db,
        component.asin,
        component.offerListingId,
        `${path}.components[${j}].offerListingId`,
      );
      if (offer.marketplace_id !== bundle.marketplaceId) {
        throw new CatalogReferenceError(
          `${path}.components[${j}].offerListingId`,
          `offer ${offer.id} is not sold in marketplace ${bundle.marketplaceId}`,
        );
      }
      separately += offer.price_minor * component.quantity;
    }
    await requireProducts(db, bundle.landingAsins, `${path}.landingAsins`);
    await requireProducts(db, bundle.upsells, `${path}.upsells`);
    const priceMinor = toMinorUnits(bundle.price, digits);
    if (priceMinor >= separately) {
      throw new CatalogReferenceError(
        `${path}.price`,
        'must be below what the components cost on their own (a bundle saves the shopper money)',
      );
    }
    await writeBundle(
      db,
      {
        id: bundle.bundleId,
        marketplaceId: bundle.marketplaceId,
        title: bundle.title,
        image: bundle.image,
        priceMinor,
        currencyCode: marketplace?.currencyCode ?? 'USD',
        components: bundle.components.map((c) => ({
          asin: c.asin,
          offerId: c.offerListingId,
          quantity: c.quantity,
        })),
        landingAsins: bundle.landingAsins,
        upsells: bundle.upsells,
      },
      now,
    );
  }
  for (const [i, badge] of catalog.smartHome.entries()) {
    await requireProducts(db, [badge.asin], `$.smartHome[${i}].asin`);
    await requireProducts(db, badge.devices, `$.smartHome[${i}].devices`);
    await writeSmartHomeDevices(db, badge.asin, badge.devices);
  }
  for (const [i, ad] of catalog.sponsoredAds.entries()) {
    const offer = await requireOffer(db, ad.asin, ad.offerListingId, `$.sponsoredAds[${i}].offerListingId`);
    const digits = marketplaceById(offer.marketplace_id)?.priceFormat.fractionDigits ?? 2;
    await writeSponsoredAd(
      db,
      {
        id: ad.adId,
        marketplaceId: offer.marketplace_id,
        asin: ad.asin,
        offerId: offer.id,
        advertiser: ad.advertiser,
        bidMinor: toMinorUnits(ad.bid, digits),
        active: ad.active,
        targetAsins: ad.targetAsins,
      },
      now,
    );
  }
}
