import type { Kysely } from 'kysely';
import type { ShippingAddress } from '../../src/domain/checkout/shipping-address';
import type { CartOwner } from '../../src/server/db/repositories/cart-repository';
import { insertFreshOrder, newFreshOrderId } from '../../src/server/db/repositories/fresh-order-repository';
import {
  insertGroceryAddress,
  selectGroceryAddress,
} from '../../src/server/db/repositories/grocery-address-repository';
import {
  insertSlotReservation,
  newSlotToken,
} from '../../src/server/db/repositories/grocery-slot-repository';
import type { Database } from '../../src/server/db/schema';
import { type CreatedProduct, createProduct, type FactoryOptions, type OfferInput } from './product-factory';
import { uniqueCode } from './unique';

type Db = Kysely<Database>;

export type GroceryStoreInput = {
  storeId?: string;
  name?: string;
  deliveryMessage?: string;
  postalCodePrefixes?: string[];
  introduction?: 'sheet' | 'storefront';
};

export type GroceryOverrides = {
  title?: string;
  brandId?: string;
  offerListingDiscriminator?: string;
  unitOfMeasure?: string;
  /** Stores of its own (fresh ids unless given), one delivering everywhere by default. */
  stores?: GroceryStoreInput[];
  repeatDelivery?: boolean;
  boughtTogether?: string[];
  offer?: Partial<OfferInput>;
};

/** A grocery store's catalog entry with a fresh id (so tests never share a store's postal codes). */
function buildGroceryStore(overrides: GroceryStoreInput = {}) {
  const storeId = overrides.storeId ?? `TST-${uniqueCode(8)}`;
  return {
    storeId,
    name: overrides.name ?? `Test Fresh ${storeId}`,
    deliveryMessage: overrides.deliveryMessage ?? 'FREE 2-hour delivery on orders over $35',
    postalCodePrefixes: overrides.postalCodePrefixes ?? [],
    introduction: overrides.introduction ?? ('sheet' as const),
  };
}

export type CreatedGroceryProduct = CreatedProduct & {
  grocery: {
    brandId: string;
    offerListingDiscriminator: string;
    unitOfMeasure: string;
    stores: ReturnType<typeof buildGroceryStore>[];
  };
};

/** A grocery product (bananas by default: $1.49 a bunch, 240 in stock, at most 20 per order) in stores of its own. */
export async function createGroceryProduct(
  db: Db,
  overrides: GroceryOverrides = {},
  options: FactoryOptions = {},
): Promise<CreatedGroceryProduct> {
  const stores = (overrides.stores ?? [{}]).map(buildGroceryStore);
  const grocery = {
    brandId: overrides.brandId ?? 'TEST-FRESH',
    offerListingDiscriminator: overrides.offerListingDiscriminator ?? `DISC-${uniqueCode(6)}`,
    unitOfMeasure: overrides.unitOfMeasure ?? 'bunch',
    stores,
    repeatDelivery: overrides.repeatDelivery ?? true,
    boughtTogether: overrides.boughtTogether ?? [],
  };
  const product = await createProduct(
    db,
    {
      ...(overrides.title ? { title: overrides.title } : {}),
      productGroup: 'gl_grocery',
      images: [{ src: '/images/demo/harvest-lane-organic-bananas.svg', alt: 'A bunch of bananas' }],
      features: { fresh: true, grocery },
      offers: [{ price: 1.49, stock: 240, maxOrderQuantity: 20, ...overrides.offer }],
    },
    options,
  );
  return { ...product, grocery };
}

/** A delivery address of the customer's (Seattle by default), chosen when `select` says so. */
export async function createGroceryAddress(
  db: Db,
  customerId: string,
  address: Partial<ShippingAddress> = {},
  options: { select?: boolean; now?: number } = {},
): Promise<string> {
  const now = options.now ?? Date.now();
  const id = await insertGroceryAddress(
    db,
    customerId,
    {
      fullName: 'Sam Carter',
      line1: '410 Terry Ave N',
      city: 'Seattle',
      state: 'WA',
      postalCode: '98109',
      ...address,
    },
    now,
  );
  if (options.select) await selectGroceryAddress(db, customerId, id, now);
  return id;
}

/** A scheduled fresh order from `storeId`, delivered tomorrow, taking items until `cutoffAt`. */
export async function createFreshOrder(
  db: Db,
  input: { customerId: string; storeId: string; addressId: string; cutoffAt: number; now?: number },
): Promise<string> {
  const now = input.now ?? Date.now();
  const id = newFreshOrderId();
  const start = Math.max(input.cutoffAt, now) + 6 * 60 * 60 * 1000;
  await insertFreshOrder(
    db,
    {
      id,
      customerId: input.customerId,
      storeId: input.storeId,
      addressId: input.addressId,
      deliveryStart: start,
      deliveryEnd: start + 2 * 60 * 60 * 1000,
      cutoffAt: input.cutoffAt,
    },
    now,
  );
  return id;
}

/** A delivery slot held by the owner for an hour. */
export async function createSlotReservation(
  db: Db,
  owner: CartOwner,
  storeId: string,
  options: { now?: number } = {},
): Promise<string> {
  const now = options.now ?? Date.now();
  const token = newSlotToken();
  await insertSlotReservation(
    db,
    owner,
    { token, storeId, slotStart: now + 86_400_000, slotEnd: now + 93_600_000, expiresAt: now + 3_600_000 },
    now,
  );
  return token;
}
