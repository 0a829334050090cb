import type { Kysely } from 'kysely';
import type { AddressSelectionsResponse } from '../../../shared/contracts/grocery';
import { changeGroceryAddress } from '../../db/repositories/grocery-address-repository';
import type { Database } from '../../db/schema';
import type { Refusal } from '../refusal';
import { addressLabel, groceryDestination } from './grocery-shopper';

type Db = Kysely<Database>;

/** GRO-027: the shopper's delivery addresses for the address picker (data, not HTML). */
export async function addressSelections(
  db: Db,
  customerId: string | null,
): Promise<AddressSelectionsResponse> {
  const destination = await groceryDestination(db, customerId);
  return {
    signedIn: customerId !== null,
    selectedAddressId: destination.address?.id ?? null,
    addresses: destination.addresses.map((address) => ({
      addressId: address.id,
      label: addressLabel(address),
      postalCode: address.postalCode,
      selected: address.id === destination.address?.id,
    })),
  };
}

export type AddressChangeResult =
  | { ok: true; addressId: string; addressLabel: string }
  | { ok: false; refusal: Refusal<'sign_in_required' | 'address_not_found'> };

/** GRO-028: chooses one of the customer's own addresses for grocery. */
export async function changeDeliveryAddress(
  db: Db,
  customerId: string | null,
  addressId: string,
  now: number,
): Promise<AddressChangeResult> {
  if (!customerId)
    return { ok: false, refusal: { code: 'sign_in_required', message: 'sign in to choose an address' } };
  const destination = await groceryDestination(db, customerId);
  const address = destination.addresses.find((a) => a.id === addressId);
  if (!address) {
    return {
      ok: false,
      refusal: { code: 'address_not_found', message: `no address ${addressId} in your address book` },
    };
  }
  await changeGroceryAddress(db, customerId, address.id, now);
  return { ok: true, addressId: address.id, addressLabel: addressLabel(address) };
}
