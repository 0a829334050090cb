import type { Kysely } from 'kysely';
import type { Database } from '../../src/server/db/schema';
import { type CatalogInput, importCatalogInput } from './catalog-import';
import { type CreatedProduct, createProduct, type FactoryOptions } from './product-factory';
import { uniqueCode } from './unique';

type AdInput = NonNullable<CatalogInput['sponsoredAds']>[number];
export type CreatedAd = AdInput & { adId: string; product: CreatedProduct };

/** An ad of the sponsored inventory for a fresh product (or the one given), with a fresh id (AD-T…). */
export async function createSponsoredAd(
  db: Kysely<Database>,
  overrides: { product?: CreatedProduct; bid?: number; targets?: CreatedProduct[]; advertiser?: string } = {},
  options: FactoryOptions = {},
): Promise<CreatedAd> {
  const product = overrides.product ?? (await createProduct(db, {}, options));
  const ad: AdInput = {
    adId: `AD-T${uniqueCode(8)}`,
    asin: product.asin,
    offerListingId: product.offers[0]?.offerListingId ?? '',
    advertiser: overrides.advertiser ?? 'Test Advertiser',
    bid: overrides.bid ?? 0.5,
    targetAsins: (overrides.targets ?? []).map((p) => p.asin),
  };
  await importCatalogInput(db, { products: [product], sponsoredAds: [ad] }, options.now);
  return { ...ad, adId: ad.adId, product };
}
