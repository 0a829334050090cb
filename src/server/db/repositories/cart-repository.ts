import type { Kysely } from 'kysely';
import type { AdditionalParameters, CartApiItem } from '../../../shared/contracts/cart';
import { preparedQuery } from '../prepared-query';
import { timeOrderedHex } from '../row-ids';
import type { CartItemRow, Database } from '../schema';
import { moveBundleSavings, relinkBundleLine } from './bundle-repository';
import { decodeStored, firstStoredImage, type StoredImage } from './stored-json';

type Db = Kysely<Database>;

export type CartType = 'RETAIL' | 'FRESH';
/** Anonymous carts belong to the public session id; signed-in carts to the customer. */
export type CartOwner = { type: 'session' | 'customer'; id: string };

/** Cart line ids start with C (in cart), as the slider's id rule expects (SL: drop a leading C or S). */
export const newCartItemId = () => `C${timeOrderedHex(20).toUpperCase()}`;

/** A new cart's id. */
export const newCartId = () => `cart-${timeOrderedHex(24)}`;

const upsertCartQuery = preparedQuery(
  (
    db: Db,
    p: {
      id: string;
      marketplaceId: string;
      ownerType: string;
      ownerId: string;
      cartType: string;
      now: number;
    },
  ) =>
    db
      .insertInto('carts')
      .values({
        id: p.id,
        marketplace_id: p.marketplaceId,
        owner_type: p.ownerType as CartOwner['type'],
        owner_id: p.ownerId,
        cart_type: p.cartType as CartType,
        created_at: p.now,
        updated_at: p.now,
      })
      .onConflict((oc) =>
        oc
          .columns(['marketplace_id', 'owner_type', 'owner_id', 'cart_type'])
          .doUpdateSet((eb) => ({ updated_at: eb.ref('excluded.updated_at') })),
      )
      .returning('id'),
);

/**
 * The owner's cart of `cartType`, made if missing, in one upsert. Its update takes the cart's row lock
 * on PostgreSQL, so concurrent writes to one cart (adds, deal claims) run one at a time.
 */
export async function ensureCart(
  db: Db,
  owner: CartOwner,
  marketplaceId: string,
  cartType: CartType,
  now: number,
): Promise<string> {
  return (await openCart(db, owner, marketplaceId, cartType, now)).id;
}

/**
 * As ensureCart, and whether the upsert made the cart just now (it answered the id it proposed): a
 * cart made in this transaction holds no lines yet, so the caller need not read them.
 */
export async function openCart(
  db: Db,
  owner: CartOwner,
  marketplaceId: string,
  cartType: CartType,
  now: number,
): Promise<{ id: string; created: boolean }> {
  const proposed = newCartId();
  const { rows } = await upsertCartQuery(db, {
    id: proposed,
    marketplaceId,
    ownerType: owner.type,
    ownerId: owner.id,
    cartType,
    now,
  });
  const row = rows[0];
  if (!row) throw new Error('cart upsert returned no row');
  return { id: row.id, created: row.id === proposed };
}

export function findCartId(db: Db, owner: CartOwner, marketplaceId: string, cartType: CartType) {
  return db
    .selectFrom('carts')
    .select('id')
    .where('marketplace_id', '=', marketplaceId)
    .where('owner_type', '=', owner.type)
    .where('owner_id', '=', owner.id)
    .where('cart_type', '=', cartType)
    .executeTakeFirst()
    .then((row) => row?.id);
}

type CustomAttribute = NonNullable<CartApiItem['customAttributes']>[number];

/** A cart line as the services read and write it: its stored JSON as values. */
export type CartItem = Omit<CartItemRow, 'additional_parameters' | 'custom_attributes'> & {
  additional_parameters: AdditionalParameters | null;
  custom_attributes: CustomAttribute[] | null;
};

const decodeLine = (row: CartItemRow): CartItem => ({
  ...row,
  additional_parameters: decodeStored<AdditionalParameters>(row.additional_parameters),
  custom_attributes: decodeStored<CustomAttribute[]>(row.custom_attributes),
});

const encode = (value: object | null): string | null => (value === null ? null : JSON.stringify(value));

const cartLinesQuery = preparedQuery((db: Db, p: { cartId: string }) =>
  db.selectFrom('cart_items').selectAll().where('cart_id', '=', p.cartId).orderBy('added_at').orderBy('id'),
);

export async function findCartLines(db: Db, cartId: string): Promise<CartItem[]> {
  const { rows } = await cartLinesQuery(db, { cartId });
  return rows.map(decodeLine);
}

/** One line of the cart, or undefined when the cart holds no line with this id. */
export async function findCartLine(db: Db, cartId: string, id: string): Promise<CartItem | undefined> {
  const row = await db
    .selectFrom('cart_items')
    .selectAll()
    .where('cart_id', '=', cartId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? decodeLine(row) : undefined;
}

const insertLineQuery = preparedQuery((db: Db, line: CartItemRow) =>
  db.insertInto('cart_items').values(line),
);

/**
 * Cart lines added inside one PostgreSQL statement that another repository writes (the claim of a
 * lightning deal, decision 0037: units, claim rows, carts and lines as one atomic write). The text of
 * its WITH clauses: `cart` makes or touches each owner's retail cart, as ensureCart does, and `line`
 * adds each owner's line to it, as insertCartLine does. They read `claims`, a relation of (owner_type,
 * owner_id, quantity, cart_id, cart_item_id, parameters, now), joined on the owner to `held`, the
 * owners whose claim was written; `marketplaceId`, `asin` and `offerId` are the statement's
 * parameters. `accessoriesWaiting` is an expression on `line`: whether the cart holds accessories
 * waiting for the asin (to adopt next, as findLinesWaitingFor reads them).
 */
export function claimedCartLinesSql(p: {
  claims: string;
  held: string;
  marketplaceId: string;
  asin: string;
  offerId: string;
}): { clauses: string; accessoriesWaiting: string } {
  return {
    clauses: `cart as (
    insert into carts (id, marketplace_id, owner_type, owner_id, cart_type, created_at, updated_at)
    select ${p.claims}.cart_id, ${p.marketplaceId}, ${p.claims}.owner_type, ${p.claims}.owner_id, 'RETAIL',
      ${p.claims}.now, ${p.claims}.now
    from ${p.claims} join ${p.held} using (owner_type, owner_id)
    on conflict (marketplace_id, owner_type, owner_id, cart_type)
      do update set updated_at = excluded.updated_at
    returning id, owner_type, owner_id
  ), line as (
    insert into cart_items (id, cart_id, asin, offer_id, quantity, additional_parameters,
      custom_attributes, associated_item_id, added_at)
    select ${p.claims}.cart_item_id, cart.id, ${p.asin}, ${p.offerId}, ${p.claims}.quantity,
      ${p.claims}.parameters, null, null, ${p.claims}.now
    from ${p.claims} join cart using (owner_type, owner_id)
    returning id, cart_id
  )`,
    accessoriesWaiting: `exists (
      select 1 from cart_items waiting
      where waiting.cart_id = line.cart_id and waiting.associated_item_id = ${p.asin}
    )`,
  };
}

export async function insertCartLine(db: Db, line: CartItem): Promise<void> {
  await insertLineQuery(db, {
    ...line,
    additional_parameters: encode(line.additional_parameters),
    custom_attributes: encode(line.custom_attributes),
  });
}

export async function updateCartLine(
  db: Db,
  id: string,
  change: Pick<CartItem, 'quantity' | 'additional_parameters' | 'custom_attributes'>,
): Promise<void> {
  await updateLineQuery(db, {
    id,
    quantity: change.quantity,
    additional_parameters: encode(change.additional_parameters),
    custom_attributes: encode(change.custom_attributes),
  });
}

const updateLineQuery = preparedQuery(
  (db: Db, p: Pick<CartItemRow, 'id' | 'quantity' | 'additional_parameters' | 'custom_attributes'>) =>
    db
      .updateTable('cart_items')
      .set({
        quantity: p.quantity,
        additional_parameters: p.additional_parameters,
        custom_attributes: p.custom_attributes,
      })
      .where('id', '=', p.id),
);

/** Ties a line to the page item line it was bought with (CART-029). */
async function associateCartLine(
  db: Db,
  id: string,
  change: Pick<CartItem, 'associated_item_id' | 'additional_parameters'>,
): Promise<void> {
  await db
    .updateTable('cart_items')
    .set({
      associated_item_id: change.associated_item_id,
      additional_parameters: encode(change.additional_parameters),
    })
    .where('id', '=', id)
    .execute();
}

/**
 * Accessories added before their page item (the deal-mode interstitial adds them one by one) name
 * the page item by its asin; once the page item has a line, they are tied to it. `lines` are the
 * cart's lines (those naming another item are left alone) and are updated in place.
 */
export async function adoptAccessories(
  trx: Db,
  lines: Pick<CartItem, 'id' | 'associated_item_id' | 'additional_parameters'>[],
  pageAsin: string,
  pageLineId: string,
) {
  for (const line of lines) {
    if (line.associated_item_id !== pageAsin) continue;
    const parameters = line.additional_parameters ?? {};
    const itemAssociation = parameters.itemAssociation
      ? { ...parameters.itemAssociation, associatedItemId: pageLineId }
      : undefined;
    line.associated_item_id = pageLineId;
    line.additional_parameters = { ...parameters, ...(itemAssociation ? { itemAssociation } : {}) };
    await associateCartLine(trx, line.id, {
      associated_item_id: pageLineId,
      additional_parameters: line.additional_parameters,
    });
  }
}

/** The cart's lines that name `asin` as their page item: accessories waiting for it to be added. */
const linesWaitingQuery = preparedQuery((db: Db, p: { cartId: string; asin: string }) =>
  db
    .selectFrom('cart_items')
    .selectAll()
    .where('cart_id', '=', p.cartId)
    .where('associated_item_id', '=', p.asin),
);

export async function findLinesWaitingFor(db: Db, cartId: string, asin: string): Promise<CartItem[]> {
  const { rows } = await linesWaitingQuery(db, { cartId, asin });
  return rows.map(decodeLine);
}

export async function deleteCartLine(db: Db, cartId: string, id: string): Promise<number> {
  const result = await db
    .deleteFrom('cart_items')
    .where('cart_id', '=', cartId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Removes the line an order bought (whichever cart it is in). */
export async function deleteOrderedCartLine(db: Db, id: string): Promise<void> {
  await db.deleteFrom('cart_items').where('id', '=', id).execute();
}

/** Removes the cart's lines of an offer (a deal's stale line before a fresh claim puts a new one). */
export async function deleteOfferLinesInCart(db: Db, cartId: string, offerId: string): Promise<void> {
  const gone = await db
    .selectFrom('cart_items')
    .select('id')
    .where('cart_id', '=', cartId)
    .where('offer_id', '=', offerId)
    .execute();
  await db.deleteFrom('cart_items').where('cart_id', '=', cartId).where('offer_id', '=', offerId).execute();
  await deletePlansOf(
    db,
    gone.map((line) => line.id),
  );
}

/**
 * Removes the protection plans and add-on services of device lines that went (decisions 0014 and 0018):
 * they never outnumber their device, so without the device they go too. Accessories stay, on their own.
 */
export async function deletePlansOf(db: Db, deviceLineIds: readonly string[]): Promise<void> {
  if (deviceLineIds.length === 0) return;
  await db
    .deleteFrom('cart_items')
    .where('associated_item_id', 'in', [...deviceLineIds])
    .where((eb) =>
      eb.or([
        eb('asin', 'in', db.selectFrom('product_protection_plans').select('plan_asin')),
        // An add-on service goes with its device too (decision 0018).
        eb('asin', 'in', db.selectFrom('service_products').select('asin')),
      ]),
    )
    .execute();
}

/** The protection plan and add-on service lines tied to a device line (their quantity follows it). */
export async function findPlansOf(db: Db, cartId: string, deviceLineId: string): Promise<CartItem[]> {
  const rows = await db
    .selectFrom('cart_items')
    .selectAll()
    .where('cart_id', '=', cartId)
    .where('associated_item_id', '=', deviceLineId)
    .where((eb) =>
      eb.or([
        eb('asin', 'in', db.selectFrom('product_protection_plans').select('plan_asin')),
        eb('asin', 'in', db.selectFrom('service_products').select('asin')),
      ]),
    )
    .execute();
  return rows.map(decodeLine);
}

/** A device line's units and how many of them one plan already covers; undefined without the line. */
export async function planCoverage(
  db: Db,
  deviceLineId: string,
  planAsin: string,
): Promise<{ deviceUnits: number; coveredUnits: number } | undefined> {
  const device = await db
    .selectFrom('cart_items')
    .select('quantity')
    .where('id', '=', deviceLineId)
    .executeTakeFirst();
  if (!device) return undefined;
  const plans = await db
    .selectFrom('cart_items')
    .select('quantity')
    .where('associated_item_id', '=', deviceLineId)
    .where('asin', '=', planAsin)
    .execute();
  return { deviceUnits: device.quantity, coveredUnits: plans.reduce((sum, p) => sum + p.quantity, 0) };
}

/** Removes the given lines of an offer, in any cart (the lines behind deal holds that ran out). */
export async function deleteOfferLines(db: Db, offerId: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .deleteFrom('cart_items')
    .where('id', 'in', [...ids])
    .where('offer_id', '=', offerId)
    .execute();
  await deletePlansOf(db, ids);
}

const countUnitsQuery = preparedQuery(
  (db: Db, p: { marketplaceId: string; ownerType: string; ownerId: string }) =>
    db
      .selectFrom('cart_items')
      .innerJoin('carts', 'carts.id', 'cart_items.cart_id')
      .select((eb) => eb.fn.sum<number>('cart_items.quantity').as('units'))
      .where('carts.marketplace_id', '=', p.marketplaceId)
      .where('carts.owner_type', '=', p.ownerType as CartOwner['type'])
      .where('carts.owner_id', '=', p.ownerId),
);

const countTypeUnitsQuery = preparedQuery(
  (db: Db, p: { marketplaceId: string; ownerType: string; ownerId: string; cartType: string }) =>
    db
      .selectFrom('cart_items')
      .innerJoin('carts', 'carts.id', 'cart_items.cart_id')
      .select((eb) => eb.fn.sum<number>('cart_items.quantity').as('units'))
      .where('carts.marketplace_id', '=', p.marketplaceId)
      .where('carts.owner_type', '=', p.ownerType as CartOwner['type'])
      .where('carts.owner_id', '=', p.ownerId)
      .where('carts.cart_type', '=', p.cartType as CartType),
);

/** The navigation cart count: units across the owner's carts of the given types. */
export async function countCartUnits(
  db: Db,
  owner: CartOwner,
  marketplaceId: string,
  cartTypes: readonly CartType[],
): Promise<number> {
  const key = { marketplaceId, ownerType: owner.type, ownerId: owner.id };
  const [only] = cartTypes;
  const { rows } =
    cartTypes.length === 1 && only
      ? await countTypeUnitsQuery(db, { ...key, cartType: only })
      : await countUnitsQuery(db, key);
  return Number(rows[0]?.units ?? 0);
}

/** A cart line with its offer and product, stored JSON decoded. */
export type CartLine = {
  id: string;
  asin: string;
  offer_id: string;
  quantity: number;
  additional_parameters: AdditionalParameters | null;
  custom_attributes: CustomAttribute[] | null;
  associated_item_id: string | null;
  cart_type: CartType;
  price_minor: number;
  currency_code: string;
  merchant_name: string;
  min_order_quantity: number;
  max_order_quantity: number | null;
  stock: number;
  title: string;
  image: StoredImage | null;
};

/** The owner's lines in carts of the given types, oldest first, with their offers and products. */
export async function listCartLines(
  db: Db,
  owner: CartOwner,
  marketplaceId: string,
  cartTypes: readonly CartType[],
): Promise<CartLine[]> {
  const rows = await db
    .selectFrom('cart_items')
    .innerJoin('carts', 'carts.id', 'cart_items.cart_id')
    .innerJoin('offers', 'offers.id', 'cart_items.offer_id')
    .innerJoin('products', 'products.asin', 'cart_items.asin')
    .select([
      'cart_items.id',
      'cart_items.asin',
      'cart_items.offer_id',
      'cart_items.quantity',
      'cart_items.additional_parameters',
      'cart_items.custom_attributes',
      'cart_items.associated_item_id',
      'carts.cart_type',
      'offers.price_minor',
      'offers.currency_code',
      'offers.merchant_name',
      'offers.min_order_quantity',
      'offers.max_order_quantity',
      'offers.stock',
      'products.title',
      'products.images',
    ])
    .where('carts.marketplace_id', '=', marketplaceId)
    .where('carts.owner_type', '=', owner.type)
    .where('carts.owner_id', '=', owner.id)
    .where('carts.cart_type', 'in', cartTypes)
    .orderBy('cart_items.added_at')
    .orderBy('cart_items.id')
    .execute();
  return rows.map(({ images, additional_parameters, custom_attributes, ...line }) => ({
    ...line,
    additional_parameters: decodeStored<AdditionalParameters>(additional_parameters),
    custom_attributes: decodeStored<CustomAttribute[]>(custom_attributes),
    image: firstStoredImage(images),
  }));
}

/**
 * Moves every line of the anonymous owner's carts into the customer's carts and deletes the anonymous
 * carts, in the caller's transaction: a second call finds nothing, so a merge happens exactly once.
 */
export async function mergeCarts(db: Db, from: CartOwner, to: CartOwner, now: number): Promise<number> {
  const carts = await db
    .selectFrom('carts')
    .select(['id', 'marketplace_id', 'cart_type'])
    .where('owner_type', '=', from.type)
    .where('owner_id', '=', from.id)
    .execute();
  let moved = 0;
  for (const cart of carts) {
    const target = await ensureCart(db, to, cart.marketplace_id, cart.cart_type, now);
    const lines = await findCartLines(db, cart.id);
    const existing = await findCartLines(db, target);
    for (const line of lines) {
      const same = existing.find(
        (e) => e.offer_id === line.offer_id && e.associated_item_id === line.associated_item_id,
      );
      if (same) {
        await updateCartLine(db, same.id, {
          quantity: same.quantity + line.quantity,
          additional_parameters: line.additional_parameters ?? same.additional_parameters,
          custom_attributes: line.custom_attributes ?? same.custom_attributes,
        });
        same.quantity += line.quantity;
        await relinkBundleLine(db, line.id, same.id);
      } else {
        await db.updateTable('cart_items').set({ cart_id: target }).where('id', '=', line.id).execute();
      }
      moved += line.quantity;
    }
    // A bundle keeps its saving when its cart is merged (its lines moved or merged above).
    await moveBundleSavings(db, cart.id, target);
    await db.deleteFrom('cart_items').where('cart_id', '=', cart.id).execute();
    await db.deleteFrom('carts').where('id', '=', cart.id).execute();
  }
  return moved;
}
