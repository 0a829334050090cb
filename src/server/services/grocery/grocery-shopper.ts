import type { Kysely } from 'kysely';
import { storeServes } from '../../../domain/grocery/fresh-cart';
import {
  findGroceryAddresses,
  findSelectedAddressId,
  type GroceryAddress,
} from '../../db/repositories/grocery-address-repository';
import type { GroceryStoreRecord } from '../../db/repositories/grocery-catalog-repository';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** Where a shopper's groceries go: a signed-in customer's chosen address (else their first), or nowhere yet. */
export type GroceryDestination = {
  addresses: GroceryAddress[];
  /** The chosen address, or the first one when none was chosen; null without addresses (anonymous too). */
  address: GroceryAddress | null;
  /** Whether the customer chose it (false: the first address stands in). */
  chosen: boolean;
};

const NO_DESTINATION: GroceryDestination = { addresses: [], address: null, chosen: false };

export async function groceryDestination(db: Db, customerId: string | null): Promise<GroceryDestination> {
  if (!customerId) return NO_DESTINATION;
  const [addresses, selectedId] = await Promise.all([
    findGroceryAddresses(db, customerId),
    findSelectedAddressId(db, customerId),
  ]);
  const selected = addresses.find((a) => a.id === selectedId);
  return { addresses, address: selected ?? addresses[0] ?? null, chosen: selected !== undefined };
}

/** "Priya Raman – Seattle 98109". */
export const addressLabel = (address: GroceryAddress) =>
  `${address.fullName} – ${address.city} ${address.postalCode}`;

/** The first of a product's stores (in the catalog's order) that delivers to the address, or null. */
export function storeFor(
  stores: readonly GroceryStoreRecord[],
  address: GroceryAddress | null,
): GroceryStoreRecord | null {
  return stores.find((store) => storeServes(store.postalCodePrefixes, address?.postalCode ?? null)) ?? null;
}

/** The store front of a store. */
export const storefrontUrl = (store: Pick<GroceryStoreRecord, 'brandId' | 'storeId'>) =>
  `/alm/storefront?${new URLSearchParams({ almBrandId: store.brandId, almStoreId: store.storeId })}`;

/** The ordering service's page of a scheduled fresh order. */
export const freshOrderUrl = (orderId: string) => `/fom/orders/${encodeURIComponent(orderId)}`;
