import type { Kysely } from 'kysely';
import { shopperMessage } from '../../../domain/cart/cart-line-rules';
import {
  type AddressProblem,
  checkShippingAddress,
  type ShippingAddress,
} from '../../../domain/checkout/shipping-address';
import { totalAfterDiscounts } from '../../../domain/pricing/coupon-discounts';
import type { CheckoutPageData } from '../../../shared/contracts/pages/checkout-page';
import type { OrderConfirmationPageData } from '../../../shared/contracts/pages/order-confirmation-page';
import type { Marketplace } from '../../../shared/marketplaces';
import { toPrice } from '../../../shared/money/price-format';
import type { CartOwner } from '../../db/repositories/cart-repository';
import { findLastShippingAddress, findOrder } from '../../db/repositories/order-repository';
import type { Customer } from '../../db/repositories/session-repository';
import type { Database } from '../../db/schema';
import { cartCouponDiscounts, cartLineViews, discountViews } from '../cart/cart-lines';
import { settleDealsInCart } from '../deals/claim-deal';
import { buyNowLineView } from './order-lines';
import { type OrderLine, placeOrder } from './place-order';

type Db = Kysely<Database>;

export type BuyNowItem = { asin: string; offerListingId: string; quantity: number };

const DELIVERY_DAYS = 2;

/** The address a checkout starts from: the customer's last order's, else their name and ZIP. */
export async function startingAddress(db: Db, customer: Customer): Promise<ShippingAddress> {
  return (
    (await findLastShippingAddress(db, customer.id)) ?? {
      fullName: customer.name,
      line1: '',
      city: '',
      state: '',
      postalCode: customer.postalCode ?? '',
    }
  );
}

/**
 * What the checkout page shows of the order: the buy now item alone, or the retail cart (its deals
 * brought up to `now` first). Undefined when the buy now item names no offer.
 */
export async function checkoutOrder(
  db: Db,
  input: {
    marketplace: Marketplace;
    buyNow: BuyNowItem | null;
    owner: () => Promise<CartOwner>;
    now: number;
  },
): Promise<
  | Pick<CheckoutPageData, 'source' | 'buyNow' | 'lines' | 'subtotal' | 'itemCount' | 'discounts' | 'total'>
  | undefined
> {
  const { marketplace, buyNow } = input;
  const money = (minor: number) => toPrice(minor, marketplace.currencyCode, marketplace.priceFormat);
  if (buyNow) {
    const one = await buyNowLineView(db, marketplace.marketplaceId, buyNow);
    if (!one) return undefined;
    const discounts = await cartCouponDiscounts(db, await input.owner(), [
      { asin: one.line.asin, lineTotalMinor: one.subtotalMinor },
    ]);
    return {
      source: 'buy-now',
      buyNow,
      lines: [one.line],
      subtotal: money(one.subtotalMinor),
      itemCount: one.line.quantity,
      discounts: discountViews(discounts, marketplace),
      total: money(totalAfterDiscounts(one.subtotalMinor, discounts)),
    };
  }
  const owner = await input.owner();
  await settleDealsInCart(db, owner, marketplace.marketplaceId, input.now);
  const cart = await cartLineViews(db, owner, marketplace);
  return {
    source: 'cart',
    buyNow: null,
    lines: cart.lines,
    subtotal: money(cart.subtotalMinor),
    itemCount: cart.itemCount,
    discounts: discountViews(cart.discounts, marketplace),
    total: money(cart.totalMinor),
  };
}

export type CheckoutOutcome =
  | { ok: true; orderId: string }
  | {
      ok: false;
      status: number;
      address: ShippingAddress;
      problems: AddressProblem[];
      error: string | null;
    };

/**
 * Places the checkout's order (the buy now item, or the retail cart as priced now) to the address
 * given, once every field of it is valid. A refusal says what the checkout page shows again.
 */
export async function placeCheckoutOrder(
  db: Db,
  input: {
    customer: Customer;
    owner: () => Promise<CartOwner>;
    marketplace: Marketplace;
    buyNow: BuyNowItem | null;
    address: Partial<Record<keyof ShippingAddress, unknown>>;
    now: number;
  },
): Promise<CheckoutOutcome> {
  const { address, problems } = checkShippingAddress(input.address);
  if (problems.length) return { ok: false, status: 400, address, problems, error: null };
  let lines: OrderLine[];
  if (input.buyNow) {
    lines = [input.buyNow];
  } else {
    const cart = await cartLineViews(db, await input.owner(), input.marketplace);
    lines = cart.lines.map((l) => ({
      asin: l.asin,
      offerListingId: l.offerListingId,
      quantity: l.quantity,
      cartLineId: l.id,
    }));
  }
  const result = await placeOrder(db, {
    customerId: input.customer.id,
    marketplaceId: input.marketplace.marketplaceId,
    lines,
    address,
    via: input.buyNow ? 'buy-now' : 'cart',
    now: input.now,
  });
  if (!result.ok) {
    return { ok: false, status: result.status, address, problems: [], error: shopperMessage(result.problem) };
  }
  return { ok: true, orderId: result.orderId };
}

/** The confirmation page's order, or undefined when it is missing or someone else's. */
export async function orderConfirmation(
  db: Db,
  input: { customerId: string; orderId: string | undefined; marketplace: Marketplace },
): Promise<Omit<OrderConfirmationPageData, 'page' | 'shopper'> | undefined> {
  const found = input.orderId ? await findOrder(db, input.orderId) : undefined;
  // Someone else's order is as unknown as a missing one.
  if (!found || found.order.customer_id !== input.customerId) return undefined;
  const { marketplace } = input;
  const money = (minor: number) => toPrice(minor, marketplace.currencyCode, marketplace.priceFormat);
  const delivery = new Date(found.order.created_at + DELIVERY_DAYS * 24 * 60 * 60 * 1000);
  return {
    orderId: found.order.id,
    lines: found.items.map((item) => ({
      id: item.id,
      asin: item.asin,
      offerListingId: item.offer_id,
      title: item.title,
      image: item.image ? { url: item.image.src, altText: item.image.alt } : null,
      unitPrice: money(item.unit_price_minor),
      lineTotal: money(item.unit_price_minor * item.quantity),
      quantity: item.quantity,
      minQuantity: 1,
      maxQuantity: item.quantity,
    })),
    subtotal: money(found.order.subtotal_minor),
    discounts: found.discounts.map((d) => ({ description: d.description, amount: money(d.amount_minor) })),
    total: money(
      totalAfterDiscounts(
        found.order.subtotal_minor,
        found.discounts.map((d) => ({
          promotionId: d.promotion_id,
          description: d.description,
          amountMinor: d.amount_minor,
        })),
      ),
    ),
    address: found.order.shipping_address ?? { fullName: '', line1: '', city: '', state: '', postalCode: '' },
    deliveryEstimate: delivery.toLocaleDateString('en-US', {
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    }),
  };
}
