import type { Kysely } from 'kysely';
import { safeSourceUrl } from '../../../domain/grocery/cart-conflicts';
import { amountLabel, freshLineTotalMinor, slotLabel } from '../../../domain/grocery/delivery-slots';
import type { GroceryPageData } from '../../../shared/contracts/pages/grocery-page';
import type { Marketplace } from '../../../shared/marketplaces';
import { toPrice } from '../../../shared/money/price-format';
import type { CartOwner } from '../../db/repositories/cart-repository';
import { findFreshOrder, findFreshOrderItems } from '../../db/repositories/fresh-order-repository';
import {
  findGroceryListing,
  findGroceryStores,
  findStoreProducts,
} from '../../db/repositories/grocery-catalog-repository';
import { findProductWithOffers } from '../../db/repositories/product-repository';
import type { Database } from '../../db/schema';
import { conflictSummary } from './cart-conflicts';
import { groceryOffer } from './fresh-cart';
import { addressLabel, groceryDestination } from './grocery-shopper';

type Db = Kysely<Database>;
type View = GroceryPageData['view'];

const when = (at: number, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', ...options }).format(new Date(at));

/** A store front: the store and what it sells, or null for a store (or brand) the catalog does not have. */
export async function storefrontView(
  db: Db,
  storeId: string,
  brandId: string,
  marketplace: Marketplace,
): Promise<Extract<View, { kind: 'storefront' }> | null> {
  const store = (await findGroceryStores(db, [storeId])).get(storeId);
  if (!store || store.brandId !== brandId) return null;
  const products = [];
  for (const asin of await findStoreProducts(db, storeId)) {
    const [found, listing] = await Promise.all([
      findProductWithOffers(db, asin, marketplace.marketplaceId),
      findGroceryListing(db, asin),
    ]);
    const offer = (await groceryOffer(db, asin, marketplace.marketplaceId))?.offer;
    if (!found || !offer || !listing) continue;
    products.push({
      asin,
      title: found.product.title,
      price: toPrice(offer.price_minor, offer.currency_code, marketplace.priceFormat),
      image: found.product.images[0]?.src ?? null,
      unit: listing.unitOfMeasure,
    });
  }
  return {
    kind: 'storefront',
    storeId,
    storeName: store.name,
    deliveryMessage: store.deliveryMessage,
    products,
  };
}

/** A scheduled fresh order, for its customer only (anyone else: null, the page is not found). */
export async function freshOrderView(
  db: Db,
  orderId: string,
  customerId: string | null,
  marketplace: Marketplace,
  now: number,
): Promise<Extract<View, { kind: 'fresh-order' }> | null> {
  const order = await findFreshOrder(db, orderId);
  if (!order || !customerId || order.customerId !== customerId) return null;
  const store = (await findGroceryStores(db, [order.storeId])).get(order.storeId);
  const items = await findFreshOrderItems(db, order.id);
  const money = (minor: number) => toPrice(minor, marketplace.currencyCode, marketplace.priceFormat);
  const units = new Map(
    await Promise.all(
      items.map(
        async (item) =>
          [item.asin, (await findGroceryListing(db, item.asin))?.unitOfMeasure ?? 'lb'] as const,
      ),
    ),
  );
  const rows = await Promise.all(
    items.map(async (item) => ({
      asin: item.asin,
      title:
        (await findProductWithOffers(db, item.asin, marketplace.marketplaceId))?.product.title ?? item.asin,
      quantity: item.quantity,
      amountLabel:
        item.amountMilli != null ? amountLabel(item.amountMilli, units.get(item.asin) ?? 'lb') : null,
      price: money(freshLineTotalMinor(item.unitPriceMinor, item.quantity, item.amountMilli ?? null)),
    })),
  );
  return {
    kind: 'fresh-order',
    orderId: order.id,
    storeName: store?.name ?? order.storeId,
    deliveryLabel: slotLabel(order.deliveryStart, order.deliveryEnd),
    cutoffLabel: when(order.cutoffAt, { weekday: 'long', hour: 'numeric', minute: '2-digit' }),
    open: order.cutoffAt > now,
    items: rows,
    subtotal: money(
      items.reduce(
        (sum, item) =>
          sum + freshLineTotalMinor(item.unitPriceMinor, item.quantity, item.amountMilli ?? null),
        0,
      ),
    ),
  };
}

/** GRO-022: the substitute page: the conflicts as they stand, and the page to return to. */
export async function substituteView(
  db: Db,
  who: { owner: CartOwner; customerId: string | null; marketplaceId: string },
  query: { sourceUrl?: string | undefined; ref?: string | undefined },
): Promise<Extract<View, { kind: 'substitute' }>> {
  const summary = await conflictSummary(db, who);
  const destination = await groceryDestination(db, who.customerId);
  return {
    kind: 'substitute',
    sourceUrl: safeSourceUrl(query.sourceUrl),
    ref: query.ref && /^[A-Za-z0-9_.:-]{1,128}$/.test(query.ref) ? query.ref : 'atfc_cc',
    addressLabel: destination.address ? addressLabel(destination.address) : null,
    conflicts: summary.conflicts.map((c) => ({
      asin: c.asin,
      title: c.title,
      storeName: c.storeName,
      substituteStoreName: c.substituteStoreName,
    })),
  };
}
