import type { Kysely } from 'kysely';
import type { StoreSheetView } from '../../../shared/contracts/grocery';
import { findGroceryListing } from '../../db/repositories/grocery-catalog-repository';
import { findProductWithOffers } from '../../db/repositories/product-repository';
import type { Database } from '../../db/schema';
import { storeSheetView } from './fresh-cart';
import { addressLabel, groceryDestination } from './grocery-shopper';

type Db = Kysely<Database>;

export type StoreSheetQuery = {
  almBrandId: string;
  almStoreId: string;
  asin: string;
  offerListingDiscriminator: string;
  isDelivery?: 'true' | 'false' | undefined;
  newGlowAddressId?: string | undefined;
  deliveryMessage?: string | undefined;
};

/**
 * GRO-026: the store introduction sheet's data for a product of the store. An unknown product, a store
 * that does not sell it or a brand or discriminator that does not match is not found.
 */
export async function storeSheet(
  db: Db,
  query: StoreSheetQuery,
  customerId: string | null,
  marketplaceId: string,
): Promise<StoreSheetView | null> {
  const listing = await findGroceryListing(db, query.asin);
  const store = listing?.stores.find((s) => s.storeId === query.almStoreId);
  if (
    !listing ||
    !store ||
    listing.brandId !== query.almBrandId ||
    listing.offerListingDiscriminator !== query.offerListingDiscriminator
  ) {
    return null;
  }
  const product = await findProductWithOffers(db, query.asin, marketplaceId);
  const destination = await groceryDestination(db, customerId);
  const newAddress = query.newGlowAddressId
    ? destination.addresses.find((a) => a.id === query.newGlowAddressId)
    : undefined;
  return storeSheetView(listing, store, product?.product.title ?? query.asin, {
    deliveryMessage: query.deliveryMessage,
    newAddress: newAddress ? { id: newAddress.id, label: addressLabel(newAddress) } : null,
    isDelivery: query.isDelivery !== 'false',
  });
}
