import type { Kysely } from 'kysely';
import type { Database } from '../../src/server/db/schema';
import { type CatalogInput, importCatalogInput } from './catalog-import';
import { type CreatedProduct, createProduct, type FactoryOptions } from './product-factory';
import { uniqueCode } from './unique';

type BundleInput = NonNullable<CatalogInput['bundles']>[number];

export type BundleOverrides = {
  /** The components (each at its first offer); two fresh products at $49.99 and $19.99 when left out. */
  components?: { product: CreatedProduct; quantity?: number }[];
  /** The pages offering it; the first component's page when left out. */
  landing?: CreatedProduct[];
  /** The bundle's price; 10.00 below what the components cost on their own when left out. */
  price?: number;
  upsells?: CreatedProduct[];
  title?: string;
};

export type CreatedBundle = {
  bundleId: string;
  title: string;
  price: number;
  input: BundleInput;
  components: { product: CreatedProduct; quantity: number }[];
  landing: CreatedProduct[];
};

/** A bundle written through the catalog importer, with a fresh id (BDL-…). */
export async function createBundle(
  db: Kysely<Database>,
  overrides: BundleOverrides = {},
  options: FactoryOptions = {},
): Promise<CreatedBundle> {
  const components = (
    overrides.components ?? [
      { product: await createProduct(db, { offers: [{ price: 49.99 }] }, options) },
      { product: await createProduct(db, { offers: [{ price: 19.99 }] }, options) },
    ]
  ).map((c) => ({ product: c.product, quantity: c.quantity ?? 1 }));
  const first = components[0]?.product as CreatedProduct;
  const separately = components.reduce(
    (sum, c) => sum + Math.round((c.product.offers[0]?.price ?? 0) * 100) * c.quantity,
    0,
  );
  const bundleId = `BDL-T${uniqueCode(8)}`;
  const landing = overrides.landing ?? [first];
  const bundle: BundleInput = {
    bundleId,
    title: overrides.title ?? `Test bundle ${bundleId}`,
    image: 'nimbus-home-bundle.svg',
    price: overrides.price ?? (separately - 1000) / 100,
    landingAsins: landing.map((p) => p.asin),
    components: components.map((c) => ({
      asin: c.product.asin,
      offerListingId: c.product.offers[0]?.offerListingId ?? '',
      quantity: c.quantity,
    })),
    upsells: (overrides.upsells ?? []).map((p) => p.asin),
  };
  await importCatalogInput(db, { products: [first], bundles: [bundle] }, options.now);
  return { bundleId, title: bundle.title, price: bundle.price, input: bundle, components, landing };
}
