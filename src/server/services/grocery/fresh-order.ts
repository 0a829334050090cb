import type { Kysely } from 'kysely';
import { checkWeighedAmount, isWeighed, toMilli } from '../../../domain/grocery/delivery-slots';
import { checkFreshLine, freshLineTarget } from '../../../domain/grocery/fresh-cart';
import { countCartUnits } from '../../db/repositories/cart-repository';
import {
  type FreshOrderItem,
  findFreshOrderItems,
  findUpcomingFreshOrders,
  lockOpenFreshOrder,
  setFreshOrderItem,
} from '../../db/repositories/fresh-order-repository';
import { findGroceryListing } from '../../db/repositories/grocery-catalog-repository';
import { takeStock } from '../../db/repositories/order-repository';
import type { Database } from '../../db/schema';
import type { Refusal } from '../refusal';
import { type FreshAddInput, type FreshItemView, FreshRefused, groceryOffer, refusal } from './fresh-cart';
import { freshOrderUrl, groceryDestination } from './grocery-shopper';

type Db = Kysely<Database>;

export type FreshOrderResult =
  | { ok: true; orderId: string; ogsUrl: string; items: FreshItemView[]; cartCount: number }
  | { ok: false; refusal: Refusal<'sign_in_required'> }
  | Awaited<ReturnType<typeof refusal>>;

const orderItemView =
  (orderId: string, storeId: string) =>
  (item: FreshOrderItem): FreshItemView => ({
    ASIN: item.asin,
    itemId: `${orderId}:${item.asin}`,
    quantity: item.quantity,
    amountInCart: item.amountMilli != null ? item.amountMilli / 1000 : item.quantity,
    storeId,
    ...(item.amountMilli != null ? { amountInUom: item.amountMilli / 1000 } : {}),
  });

/**
 * GRO-019: adds an item to the customer's scheduled fresh order from the store named, the soonest one
 * whose cut-off is still ahead. The order's row is locked, the units come out of stock with one guarded
 * update (an order is a sale), and the price is the one of the moment. An order only grows here.
 */
export async function addToFreshOrder(
  db: Db,
  input: Omit<FreshAddInput, 'isStepper' | 'shouldRenderSheet'>,
): Promise<FreshOrderResult> {
  if (!input.customerId) {
    return {
      ok: false,
      refusal: { code: 'sign_in_required', message: 'sign in to add to a scheduled order' },
    };
  }
  const customerId = input.customerId;
  let orderView: { id: string; storeId: string } | null = null;
  try {
    return await db.transaction().execute(async (trx) => {
      const listing = await findGroceryListing(trx, input.asin);
      const product = await groceryOffer(trx, input.asin, input.marketplaceId);
      const title = product?.title ?? input.asin;
      if (!listing || !product) throw new FreshRefused('ITEM_NOT_AVAILABLE', { title });
      if (
        listing.brandId !== input.brandId ||
        listing.offerListingDiscriminator !== input.offerListingDiscriminator
      ) {
        throw new FreshRefused('INVALID_INPUT', { title });
      }
      if (!listing.stores.some((s) => s.storeId === input.storeId))
        throw new FreshRefused('ITEM_NOT_AVAILABLE', { title });
      const destination = await groceryDestination(trx, customerId);
      if (!destination.address) throw new FreshRefused('ADDRESS_NOT_SELECTED', { title });
      const orders = (await findUpcomingFreshOrders(trx, customerId, input.now)).filter(
        (o) => o.storeId === input.storeId,
      );
      const open = orders.find((o) => o.cutoffAt > input.now);
      const closed = orders[0];
      if (!open && closed) orderView = { id: closed.id, storeId: closed.storeId };
      if (!open) throw new FreshRefused(orders.length ? 'ORDER_CUTOFF_PASSED' : 'INVALID_INPUT', { title });
      const order = await lockOpenFreshOrder(trx, open.id);
      if (!order || order.cutoffAt <= input.now) throw new FreshRefused('ORDER_CUTOFF_PASSED', { title });
      orderView = { id: order.id, storeId: order.storeId };
      const items = await findFreshOrderItems(trx, order.id);
      const held = items.find((i) => i.asin === input.asin);
      // A weighed item (decision 0047) is one line whose weight grows; it never shrinks here either.
      const heldMilli = held?.amountMilli ?? 0;
      const amountMilli = isWeighed(listing.unitOfMeasure)
        ? freshLineTarget(heldMilli, toMilli(input.amountInUom ?? input.quantity), input.setQuantity)
        : null;
      if (amountMilli !== null && (amountMilli <= heldMilli || checkWeighedAmount(amountMilli))) {
        throw new FreshRefused('INVALID_INPUT', { title });
      }
      const target =
        amountMilli !== null ? 1 : freshLineTarget(held?.quantity ?? 0, input.quantity, input.setQuantity);
      if (amountMilli === null && target <= (held?.quantity ?? 0))
        throw new FreshRefused('INVALID_INPUT', { title });
      const offer = product.offer;
      const problem = checkFreshLine(
        offer
          ? {
              stock: offer.stock + (held?.quantity ?? 0),
              buyable: offer.buyable === 1,
              maxOrderQuantity: offer.max_order_quantity,
              minOrderQuantity: offer.min_order_quantity,
            }
          : null,
        target,
      );
      if (problem || !offer)
        throw new FreshRefused(problem?.code ?? 'PRICE_UNAVAILABLE', { title, ...problem });
      const adding = target - (held?.quantity ?? 0);
      if (adding > 0 && !(await takeStock(trx, offer.id, adding))) {
        throw new FreshRefused('ITEM_PARTIALLY_AVAILABLE', { title, available: offer.stock });
      }
      await setFreshOrderItem(
        trx,
        order.id,
        {
          asin: input.asin,
          offerId: offer.id,
          quantity: target,
          unitPriceMinor: held?.unitPriceMinor ?? offer.price_minor,
          amountMilli,
        },
        input.now,
      );
      return {
        ok: true as const,
        orderId: order.id,
        ogsUrl: freshOrderUrl(order.id),
        items: (await findFreshOrderItems(trx, order.id)).map(orderItemView(order.id, order.storeId)),
        cartCount: await countCartUnits(trx, input.owner, input.marketplaceId, ['FRESH']),
      };
    });
  } catch (error) {
    if (!(error instanceof FreshRefused)) throw error;
    const view = orderView as { id: string; storeId: string } | null;
    const items = view
      ? (await findFreshOrderItems(db, view.id)).map(orderItemView(view.id, view.storeId))
      : [];
    return refusal(db, input, error, 'order', items);
  }
}
