import type { Kysely } from 'kysely';
import {
  freshLineTotalMinor,
  minimumShortfallMinor,
  slotDayAndHours,
  slotLabel,
  timeLabel,
} from '../../../domain/grocery/delivery-slots';
import type { FreshCartSection, FreshLineView } from '../../../shared/contracts/grocery';
import type { GroceryPageData } from '../../../shared/contracts/pages/grocery-page';
import type { Notice } from '../../../shared/contracts/pages/shopper';
import type { Marketplace } from '../../../shared/marketplaces';
import { toPrice } from '../../../shared/money/price-format';
import { findCustomerFreshOrders, findFreshOrderItems } from '../../db/repositories/fresh-order-repository';
import { findGroceryStores } from '../../db/repositories/grocery-catalog-repository';
import { findStoreSlotSettings } from '../../db/repositories/grocery-slot-repository';
import type { Database } from '../../db/schema';
import { type FreshShopper, type PricedFreshLine, pricedFreshLines, storeWindows } from './fresh-checkout';
import { addressLabel, freshOrderUrl, groceryDestination } from './grocery-shopper';

type Db = Kysely<Database>;

export const FRESH_CHECKOUT_PATH = '/alm/checkout';

const moneyOf = (marketplace: Marketplace) => (minor: number) =>
  toPrice(minor, marketplace.currencyCode, marketplace.priceFormat);

function lineView(line: PricedFreshLine, marketplace: Marketplace): FreshLineView {
  const money = moneyOf(marketplace);
  return {
    id: line.id,
    asin: line.asin,
    title: line.title,
    image: line.image,
    quantity: line.quantity,
    amountLabel: line.amountLabel,
    unitPrice: `${money(line.unitPriceMinor).displayString} / ${line.unitOfMeasure}`,
    lineTotal: money(line.totalMinor),
  };
}

/** The fresh cart's section of the cart page (decision 0047): null when the fresh cart is empty. */
export async function freshCartSection(
  db: Db,
  who: FreshShopper,
  marketplace: Marketplace,
): Promise<FreshCartSection | null> {
  const lines = await pricedFreshLines(db, who);
  if (lines.length === 0) return null;
  const money = moneyOf(marketplace);
  const storeIds = [...new Set(lines.map((line) => line.storeId))];
  const stores = await Promise.all(
    storeIds.map(async (storeId) => {
      const settings = await findStoreSlotSettings(db, storeId);
      const own = lines.filter((line) => line.storeId === storeId);
      const subtotal = own.reduce((sum, line) => sum + line.totalMinor, 0);
      const minimum = settings?.minimumOrderMinor ?? 0;
      const shortfall = minimumShortfallMinor(subtotal, minimum);
      return {
        storeId,
        storeName: settings?.name ?? storeId,
        lines: own.map((line) => lineView(line, marketplace)),
        itemCount: own.reduce((sum, line) => sum + line.quantity, 0),
        subtotal: money(subtotal),
        minimum: money(minimum),
        shortfall: shortfall > 0 ? money(shortfall) : null,
        checkoutHref: `${FRESH_CHECKOUT_PATH}?${new URLSearchParams({ storeId })}`,
      };
    }),
  );
  return { itemCount: stores.reduce((sum, store) => sum + store.itemCount, 0), stores };
}

/** The fresh checkout of one store's lines, or null when the fresh cart has none from it. */
export async function freshCheckoutView(
  db: Db,
  who: FreshShopper,
  storeId: string | undefined,
  marketplace: Marketplace,
  now: number,
  extra: { notice: Notice | null; csrfToken: string },
): Promise<Extract<GroceryPageData['view'], { kind: 'fresh-checkout' }> | null> {
  const section = await freshCartSection(db, who, marketplace);
  const store =
    section?.stores.find((s) => s.storeId === storeId) ?? (storeId ? undefined : section?.stores[0]);
  const settings = store ? await findStoreSlotSettings(db, store.storeId) : undefined;
  if (!store || !settings) return null;
  const destination = await groceryDestination(db, who.customerId);
  const { windows, held } = await storeWindows(db, store.storeId, who.owner, settings.slotCapacity, now);
  return {
    kind: 'fresh-checkout',
    storeId: store.storeId,
    storeName: store.storeName,
    addressLabel: destination.address ? addressLabel(destination.address) : null,
    lines: store.lines,
    itemCount: store.itemCount,
    subtotal: store.subtotal,
    minimum: store.minimum,
    shortfall: store.shortfall,
    windows: windows.map(({ start, end, label, placesLeft, held: isHeld }) => ({
      start,
      label,
      ...slotDayAndHours(start, end),
      placesLeft,
      held: isHeld,
    })),
    held: held
      ? {
          token: held.token,
          label: slotLabel(held.slotStart, held.slotEnd),
          expiresLabel: timeLabel(held.expiresAt),
        }
      : null,
    ...extra,
  };
}

/** The customer's fresh orders for the account page, each with its delivery window. */
export async function accountFreshOrders(db: Db, customerId: string, marketplace: Marketplace, now: number) {
  const orders = await findCustomerFreshOrders(db, customerId);
  const stores = await findGroceryStores(db, [...new Set(orders.map((o) => o.storeId))]);
  const money = moneyOf(marketplace);
  return Promise.all(
    orders.map(async (order) => {
      const items = await findFreshOrderItems(db, order.id);
      return {
        orderId: order.id,
        storeName: stores.get(order.storeId)?.name ?? order.storeId,
        slotLabel: slotLabel(order.deliveryStart, order.deliveryEnd),
        itemCount: items.reduce((sum, item) => sum + item.quantity, 0),
        subtotal: money(
          items.reduce(
            (sum, item) =>
              sum + freshLineTotalMinor(item.unitPriceMinor, item.quantity, item.amountMilli ?? null),
            0,
          ),
        ),
        href: freshOrderUrl(order.id),
        open: order.cutoffAt > now,
      };
    }),
  );
}
