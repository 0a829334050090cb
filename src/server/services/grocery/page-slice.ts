import type { Kysely } from 'kysely';
import type { GroceryView } from '../../../shared/contracts/grocery';
import { STEPPER_DEBOUNCE_MS } from '../../../shared/grocery-constants';
import { toPrice } from '../../../shared/money/price-format';
import { findFreshLines } from '../../db/repositories/fresh-cart-repository';
import { findUpcomingFreshOrders } from '../../db/repositories/fresh-order-repository';
import { revertHeldUpAddressChange } from '../../db/repositories/grocery-address-repository';
import { findGroceryListing } from '../../db/repositories/grocery-catalog-repository';
import { findHeldSlot } from '../../db/repositories/grocery-slot-repository';
import { findProductWithOffers } from '../../db/repositories/product-repository';
import type { Database } from '../../db/schema';
import type { ProductPageContext } from '../products/page-context';
import { groceryOffer } from './fresh-cart';
import { addressLabel, groceryDestination, storeFor } from './grocery-shopper';
import { findRepeatItemView } from './repeat-delivery';

const dateTime = (at: number, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', ...options }).format(new Date(at));

/**
 * Critical for grocery products (the grocery buy box is above the fold): the store that delivers to
 * the shopper, their fresh cart line, scheduled order, held slot and repeat item. One key lookup for
 * any other product, which gets null.
 */
export async function grocerySlice(
  db: Kysely<Database>,
  context: Pick<ProductPageContext, 'marketplace' | 'product' | 'offer' | 'customer' | 'owner' | 'now'>,
): Promise<GroceryView | null> {
  const listing = await findGroceryListing(db, context.product.asin);
  if (!listing || !context.offer) return null;
  const { marketplace, customer, owner, now } = context;
  // Back on the page from the cart conflicts without resolving them (their "Go back" or the browser's
  // Back): the address change they held up is undone, and the store follows (decision 0048).
  if (customer) await revertHeldUpAddressChange(db, customer.id, now);
  const destination = await groceryDestination(db, customer?.id ?? null);
  const store = storeFor(listing.stores, destination.address);
  const [lines, orders, slot, repeatItem, companions] = await Promise.all([
    findFreshLines(db, owner, marketplace.marketplaceId),
    customer ? findUpcomingFreshOrders(db, customer.id, now) : Promise.resolve([]),
    findHeldSlot(db, owner, now),
    customer && listing.repeatDelivery ? findRepeatItemView(db, customer.id, context.product.asin) : null,
    Promise.all(
      listing.boughtTogether.map(async (asin) => {
        const [companion, companionListing] = await Promise.all([
          groceryOffer(db, asin, marketplace.marketplaceId),
          findGroceryListing(db, asin),
        ]);
        const images = companion
          ? (await findProductWithOffers(db, asin, marketplace.marketplaceId))?.product.images
          : [];
        return companion?.offer &&
          companionListing &&
          store &&
          companionListing.stores.some((s) => s.storeId === store.storeId)
          ? {
              asin,
              title: companion.title,
              price: toPrice(
                companion.offer.price_minor,
                companion.offer.currency_code,
                marketplace.priceFormat,
              ),
              image: images?.[0]?.src ?? null,
              offerListingDiscriminator: companionListing.offerListingDiscriminator,
            }
          : null;
      }),
    ),
  ]);
  const line = lines.find((l) => l.asin === context.product.asin);
  const order = store ? orders.find((o) => o.storeId === store.storeId && o.cutoffAt > now) : undefined;
  return {
    asin: context.product.asin,
    brandId: listing.brandId,
    offerListingDiscriminator: listing.offerListingDiscriminator,
    unitOfMeasure: listing.unitOfMeasure,
    store: store
      ? { storeId: store.storeId, name: store.name, deliveryMessage: store.deliveryMessage }
      : null,
    signedIn: customer !== null,
    address: destination.address
      ? { addressId: destination.address.id, label: addressLabel(destination.address) }
      : null,
    inCart: line
      ? {
          itemId: line.id,
          quantity: line.quantity,
          amountInUom: line.amountMilli !== null ? line.amountMilli / 1000 : null,
        }
      : null,
    minOrderQuantity: context.offer.minOrderQuantity,
    maxOrderQuantity: context.offer.maxOrderQuantity,
    stepperDebounceTime: STEPPER_DEBOUNCE_MS,
    freshOrder: order
      ? {
          orderId: order.id,
          deliveryLabel: `${dateTime(order.deliveryStart, { weekday: 'long', month: 'long', day: 'numeric' })}, ${dateTime(order.deliveryStart, { hour: 'numeric', minute: '2-digit' })}–${dateTime(order.deliveryEnd, { hour: 'numeric', minute: '2-digit' })}`,
          cutoffLabel: dateTime(order.cutoffAt, { weekday: 'long', hour: 'numeric', minute: '2-digit' }),
        }
      : null,
    slotToken: slot?.token ?? null,
    repeatDelivery: listing.repeatDelivery ? { item: repeatItem } : null,
    boughtTogether: companions.filter((c) => c !== null),
  };
}
