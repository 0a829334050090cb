import type { Kysely } from 'kysely';
import { checkWeighedAmount, isWeighed, toMilli } from '../../../domain/grocery/delivery-slots';
import {
  checkFreshLine,
  type FreshErrorCode,
  type FreshErrorModal,
  freshErrorModal,
  freshLineTarget,
  storeServes,
} from '../../../domain/grocery/fresh-cart';
import type { StoreSheetView } from '../../../shared/contracts/grocery';
import {
  type CartOwner,
  countCartUnits,
  deleteCartLine,
  ensureCart,
  insertCartLine,
  newCartItemId,
  updateCartLine,
} from '../../db/repositories/cart-repository';
import {
  type FreshLine,
  findFreshLines,
  recordFreshLineStore,
  setFreshLineAmount,
} from '../../db/repositories/fresh-cart-repository';
import { selectGroceryAddress } from '../../db/repositories/grocery-address-repository';
import { findGroceryListing, type GroceryListing } from '../../db/repositories/grocery-catalog-repository';
import { findProductWithOffers } from '../../db/repositories/product-repository';
import type { Database, OfferRow } from '../../db/schema';
import type { Refusal } from '../refusal';
import { addressLabel, groceryDestination, storefrontUrl } from './grocery-shopper';

type Db = Kysely<Database>;

/** A fresh cart or order line as the answers show it (GRO-005). */
export type FreshItemView = {
  ASIN: string;
  itemId: string;
  quantity: number;
  amountInCart: number;
  storeId: string;
  /** A weighed line's weight in its unit of measure (amountInUom); absent for a line counted in units. */
  amountInUom?: number;
};

export type FreshRefusal = {
  ok: false;
  refusal: Refusal<FreshErrorCode>;
  modal: FreshErrorModal;
  /** The cart (or order) as it stands, so the page can sync its stepper (GRO-030). */
  items: FreshItemView[];
};

export type FreshAddResult =
  | {
      ok: true;
      items: FreshItemView[];
      count: number;
      storefrontUrl: string | null;
      storeSheet: StoreSheetView | null;
      refreshGlowLabel: boolean;
    }
  | FreshRefusal;

/** Thrown inside an add's transaction to roll it back and answer the refusal. */
export class FreshRefused extends Error {
  constructor(
    readonly code: FreshErrorCode,
    readonly detail: { title: string; available?: number; limit?: number },
  ) {
    super(code);
  }
}

const freshItemView = (line: FreshLine): FreshItemView => ({
  ASIN: line.asin,
  itemId: line.id,
  quantity: line.quantity,
  amountInCart: line.amountMilli !== null ? line.amountMilli / 1000 : line.quantity,
  storeId: line.storeId,
  ...(line.amountMilli !== null ? { amountInUom: line.amountMilli / 1000 } : {}),
});

/** The regular offer a grocery product is sold at in the marketplace, with the product's title. */
export async function groceryOffer(
  db: Db,
  asin: string,
  marketplaceId: string,
): Promise<{ title: string; offer: OfferRow | null } | null> {
  const found = await findProductWithOffers(db, asin, marketplaceId);
  if (!found) return null;
  const offer =
    found.offers.find((o) => o.condition_type === 'NEW' && o.buyable === 1) ??
    found.offers.find((o) => o.condition_type === 'NEW') ??
    null;
  return { title: found.product.title, offer };
}

export type FreshAddInput = {
  owner: CartOwner;
  customerId: string | null;
  marketplaceId: string;
  asin: string;
  storeId: string;
  brandId: string;
  offerListingDiscriminator: string;
  quantity: number;
  /** The weight asked for a weighed product (its unit of measure), GRO-004's amountInUom. */
  amountInUom?: number | undefined;
  setQuantity: boolean;
  isStepper: boolean;
  shouldRenderSheet: boolean;
  now: number;
};

/** The listing, store and offer an add names, checked against each other; throws FreshRefused. */
async function checkedItem(db: Db, input: Omit<FreshAddInput, 'quantity' | 'setQuantity'>) {
  const listing = await findGroceryListing(db, input.asin);
  const product = await groceryOffer(db, input.asin, input.marketplaceId);
  const title = product?.title ?? input.asin;
  if (!listing || !product) throw new FreshRefused('ITEM_NOT_AVAILABLE', { title });
  if (
    listing.brandId !== input.brandId ||
    listing.offerListingDiscriminator !== input.offerListingDiscriminator
  ) {
    throw new FreshRefused('INVALID_INPUT', { title });
  }
  const store = listing.stores.find((s) => s.storeId === input.storeId);
  if (!store) throw new FreshRefused('ITEM_NOT_AVAILABLE', { title });
  return { listing, store, title, offer: product.offer };
}

/** The store introduction sheet's data (GRO-026), shared by the add answer and the sheet call. */
export function storeSheetView(
  listing: Pick<GroceryListing, 'brandId'>,
  store: { storeId: string; name: string; deliveryMessage: string },
  productTitle: string,
  options: {
    deliveryMessage?: string | undefined;
    newAddress?: { id: string; label: string } | null;
    isDelivery?: boolean;
  } = {},
): StoreSheetView {
  return {
    storeId: store.storeId,
    brandId: listing.brandId,
    storeName: store.name,
    deliveryMessage: options.deliveryMessage || store.deliveryMessage,
    storefrontUrl: storefrontUrl({ brandId: listing.brandId, storeId: store.storeId }),
    newAddressId: options.newAddress?.id ?? null,
    newAddressLabel: options.newAddress?.label ?? null,
    isDelivery: options.isDelivery ?? true,
    productTitle,
  };
}

/**
 * GRO-017: adds to (or, with setQuantityFlag, sets the quantity in) the owner's fresh cart, never the
 * retail cart, in one transaction: the item must be sold by the store named, the store must deliver to
 * the shopper's address, and the line stays within stock and the order limit. A first add in a store
 * introduces it: its sheet (asked with shouldRenderSIS) or its store front, by the store's choice.
 */
export async function addToFreshCart(db: Db, input: FreshAddInput): Promise<FreshAddResult> {
  try {
    return await db.transaction().execute(async (trx) => {
      const { listing, store, title, offer } = await checkedItem(trx, input);
      const destination = await groceryDestination(trx, input.customerId);
      if (!storeServes(store.postalCodePrefixes, destination.address?.postalCode ?? null)) {
        throw new FreshRefused('ITEM_NOT_AVAILABLE', { title });
      }
      if (!input.setQuantity && input.quantity === 0) throw new FreshRefused('INVALID_INPUT', { title });
      const cartId = await ensureCart(trx, input.owner, input.marketplaceId, 'FRESH', input.now);
      const lines = await findFreshLines(trx, input.owner, input.marketplaceId);
      const line = lines.find((l) => l.asin === input.asin);
      const firstInStore = !lines.some((l) => l.storeId === store.storeId);
      // A weighed product (decision 0047) is one line of a weight: the add's amountInUom is added to it
      // (or sets it), priced by weight at checkout.
      const weighed = isWeighed(listing.unitOfMeasure);
      const amountMilli = weighed
        ? freshLineTarget(
            line?.amountMilli ?? 0,
            toMilli(input.amountInUom ?? input.quantity),
            input.setQuantity,
          )
        : null;
      if (amountMilli !== null && amountMilli !== 0 && checkWeighedAmount(amountMilli)) {
        throw new FreshRefused('INVALID_INPUT', { title });
      }
      const target =
        amountMilli !== null
          ? Math.min(amountMilli, 1)
          : freshLineTarget(line?.quantity ?? 0, input.quantity, input.setQuantity);
      const problem = checkFreshLine(
        offer
          ? {
              stock: offer.stock,
              buyable: offer.buyable === 1,
              maxOrderQuantity: offer.max_order_quantity,
              minOrderQuantity: offer.min_order_quantity,
            }
          : null,
        target,
      );
      if (problem) throw new FreshRefused(problem.code, { title, ...problem });
      if (target === 0) {
        if (line) await deleteCartLine(trx, cartId, line.id);
      } else if (line) {
        await updateCartLine(trx, line.id, {
          quantity: target,
          additional_parameters: null,
          custom_attributes: null,
        });
        if (line.storeId !== store.storeId)
          await recordFreshLineStore(trx, line.id, store.storeId, listing.brandId);
        if (amountMilli !== null) await setFreshLineAmount(trx, line.id, amountMilli);
      } else if (offer) {
        const id = newCartItemId();
        await insertCartLine(trx, {
          id,
          cart_id: cartId,
          asin: input.asin,
          offer_id: offer.id,
          quantity: target,
          additional_parameters: null,
          custom_attributes: null,
          associated_item_id: null,
          added_at: input.now,
        });
        await recordFreshLineStore(trx, id, store.storeId, listing.brandId);
        if (amountMilli !== null) await setFreshLineAmount(trx, id, amountMilli);
      }
      // A customer who never chose an address has it chosen by their first add; the page's
      // delivery label is refreshed (GRO-003 reload).
      const refreshGlowLabel = !input.isStepper && destination.address !== null && !destination.chosen;
      if (refreshGlowLabel && input.customerId && destination.address) {
        await selectGroceryAddress(trx, input.customerId, destination.address.id, input.now);
      }
      const introduce = firstInStore && target > 0 && !input.isStepper;
      const after = await findFreshLines(trx, input.owner, input.marketplaceId);
      return {
        ok: true as const,
        items: after.map(freshItemView),
        count: await countCartUnits(trx, input.owner, input.marketplaceId, ['FRESH']),
        storefrontUrl: introduce && store.introduction === 'storefront' ? storefrontUrl(store) : null,
        storeSheet:
          introduce && store.introduction === 'sheet' && input.shouldRenderSheet
            ? storeSheetView(listing, store, title, {
                newAddress: destination.address
                  ? { id: destination.address.id, label: addressLabel(destination.address) }
                  : null,
              })
            : null,
        refreshGlowLabel,
      };
    });
  } catch (error) {
    if (!(error instanceof FreshRefused)) throw error;
    return refusal(db, input, error, 'cart');
  }
}

/** The refusal answer: the code, its modal, and the fresh cart as it stands (the transaction rolled back). */
export async function refusal(
  db: Db,
  who: { owner: CartOwner; marketplaceId: string },
  error: FreshRefused,
  kind: 'cart' | 'order',
  items?: FreshItemView[],
): Promise<FreshRefusal> {
  const modal = freshErrorModal(error.code, { ...error.detail, kind });
  return {
    ok: false,
    refusal: { code: error.code, message: modal.errorMessage },
    modal,
    items: items ?? (await findFreshLines(db, who.owner, who.marketplaceId)).map(freshItemView),
  };
}

export type MultiAddInput = Omit<
  FreshAddInput,
  'asin' | 'quantity' | 'setQuantity' | 'isStepper' | 'shouldRenderSheet' | 'offerListingDiscriminator'
> & { items: { asin: string; quantity: number; offerListingDiscriminator: string }[] };

/** GRO-024: several items to the fresh cart at once: all of them, or none (one transaction). */
export async function addManyToFreshCart(db: Db, input: MultiAddInput): Promise<FreshAddResult> {
  try {
    return await db.transaction().execute(async (trx) => {
      const destination = await groceryDestination(trx, input.customerId);
      const cartId = await ensureCart(trx, input.owner, input.marketplaceId, 'FRESH', input.now);
      for (const item of input.items) {
        const { listing, store, title, offer } = await checkedItem(trx, {
          ...input,
          asin: item.asin,
          offerListingDiscriminator: item.offerListingDiscriminator,
          isStepper: false,
          shouldRenderSheet: false,
        });
        if (!storeServes(store.postalCodePrefixes, destination.address?.postalCode ?? null)) {
          throw new FreshRefused('ITEM_NOT_AVAILABLE', { title });
        }
        const lines = await findFreshLines(trx, input.owner, input.marketplaceId);
        const line = lines.find((l) => l.asin === item.asin);
        const target = (line?.quantity ?? 0) + item.quantity;
        const problem = checkFreshLine(
          offer
            ? {
                stock: offer.stock,
                buyable: offer.buyable === 1,
                maxOrderQuantity: offer.max_order_quantity,
                minOrderQuantity: offer.min_order_quantity,
              }
            : null,
          target,
        );
        if (problem || !offer)
          throw new FreshRefused(problem?.code ?? 'PRICE_UNAVAILABLE', { title, ...problem });
        if (line) {
          await updateCartLine(trx, line.id, {
            quantity: target,
            additional_parameters: null,
            custom_attributes: null,
          });
          await recordFreshLineStore(trx, line.id, store.storeId, listing.brandId);
        } else {
          const id = newCartItemId();
          await insertCartLine(trx, {
            id,
            cart_id: cartId,
            asin: item.asin,
            offer_id: offer.id,
            quantity: target,
            additional_parameters: null,
            custom_attributes: null,
            associated_item_id: null,
            added_at: input.now,
          });
          await recordFreshLineStore(trx, id, store.storeId, listing.brandId);
        }
      }
      const after = await findFreshLines(trx, input.owner, input.marketplaceId);
      return {
        ok: true as const,
        items: after.map(freshItemView),
        count: await countCartUnits(trx, input.owner, input.marketplaceId, ['FRESH']),
        storefrontUrl: null,
        storeSheet: null,
        refreshGlowLabel: false,
      };
    });
  } catch (error) {
    if (!(error instanceof FreshRefused)) throw error;
    return refusal(db, input, error, 'cart');
  }
}

/** GRO-023: units in the owner's fresh cart. */
export function freshCartCount(db: Db, owner: CartOwner, marketplaceId: string): Promise<number> {
  return countCartUnits(db, owner, marketplaceId, ['FRESH']);
}
