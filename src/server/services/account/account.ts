import type { Kysely } from 'kysely';
import type { AccountPageData } from '../../../shared/contracts/pages/account-page';
import type { Marketplace } from '../../../shared/marketplaces';
import { toPrice } from '../../../shared/money/price-format';
import { findSavedCheckout } from '../../db/repositories/customer-repository';
import { findCustomerOrders } from '../../db/repositories/order-repository';
import type { Customer } from '../../db/repositories/session-repository';
import type { Database } from '../../db/schema';
import { accountFreshOrders } from '../grocery/fresh-views';
import { accountTradeIns } from '../trade-in/trade-in';

export const ACCOUNT_PATH = '/gp/css/homepage.html';
const THANK_YOU_PATH = '/gp/buy/thankyou/handlers/display.html';

/** What the account page shows: the customer, their saved checkout details and their latest orders. */
export async function accountOverview(
  db: Kysely<Database>,
  customer: Customer,
  marketplace: Marketplace,
  now: number,
): Promise<
  Pick<
    AccountPageData,
    'name' | 'email' | 'address' | 'paymentMethod' | 'orders' | 'freshOrders' | 'giftCardBalance' | 'tradeIns'
  >
> {
  const [saved, orders, freshOrders, tradeIns] = await Promise.all([
    findSavedCheckout(db, customer.id),
    findCustomerOrders(db, customer.id),
    accountFreshOrders(db, customer.id, marketplace, now),
    accountTradeIns(db, customer.id),
  ]);
  return {
    name: customer.name,
    email: customer.email,
    address: saved.address,
    paymentMethod: saved.paymentMethod,
    freshOrders,
    ...tradeIns,
    orders: orders.map((order) => ({
      orderId: order.id,
      placedOn: new Date(order.created_at).toLocaleDateString(marketplace.language, {
        year: 'numeric',
        month: 'long',
        day: 'numeric',
        timeZone: 'UTC',
      }),
      itemCount: order.item_count,
      total: toPrice(order.total_minor ?? order.subtotal_minor, order.currency_code, marketplace.priceFormat),
      href: `${THANK_YOU_PATH}?orderId=${encodeURIComponent(order.id)}`,
    })),
  };
}
