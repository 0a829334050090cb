import type { Kysely } from 'kysely';
import type { Database } from '../../src/server/db/schema';
import { importCatalogInput } from './catalog-import';
import type { CreatedProduct, FactoryOptions } from './product-factory';

/** Makes `product`'s page offer the smart-home badge with these devices (SH-001). */
export async function createSmartHomeBadge(
  db: Kysely<Database>,
  product: CreatedProduct,
  devices: CreatedProduct[],
  options: FactoryOptions = {},
): Promise<void> {
  await importCatalogInput(
    db,
    { products: [product], smartHome: [{ asin: product.asin, devices: devices.map((d) => d.asin) }] },
    options.now,
  );
}
