import type { Kysely } from 'kysely';
import type { Database } from '../../src/server/db/schema';
import {
  buildOffer,
  type CreatedProduct,
  type FactoryOptions,
  importProducts,
  type OfferInput,
} from './product-factory';

/**
 * Adds an offer to a product a factory made (the importer writes whole products, so the product is
 * written again with the new offer) and returns the offer.
 */
export async function createOffer(
  db: Kysely<Database>,
  product: CreatedProduct,
  overrides: Partial<OfferInput> = {},
  options: FactoryOptions = {},
): Promise<OfferInput> {
  const offer = buildOffer(product.asin, overrides, product.offers.length);
  product.offers.push(offer);
  await importProducts(db, [product], options);
  return offer;
}
