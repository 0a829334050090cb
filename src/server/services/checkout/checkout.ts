import type { Kysely } from 'kysely';
import { groupUnderParents } from '../../../domain/cart/cart-line-order';
import { shopperMessage } from '../../../domain/cart/cart-line-rules';
import {
  orderSummary,
  PAY_ON_DELIVERY,
  type SummaryLine,
  withGiftCard,
} from '../../../domain/checkout/order-summary';
import {
  type AddressProblem,
  checkShippingAddress,
  type ShippingAddress,
} from '../../../domain/checkout/shipping-address';
import { discountLabel, totalAfterDiscounts } from '../../../domain/pricing/coupon-discounts';
import type { PriceDto } from '../../../shared/contracts/common';
import type { CheckoutPageData } from '../../../shared/contracts/pages/checkout-page';
import type { OrderConfirmationPageData } from '../../../shared/contracts/pages/order-confirmation-page';
import type { Marketplace } from '../../../shared/marketplaces';
import { toPrice } from '../../../shared/money/price-format';
import { checkoutOptionHooks, confirmationNoteHooks } from '../../areas/areas';
import { findServiceAsins } from '../../db/repositories/add-on-service-repository';
import type { CartOwner } from '../../db/repositories/cart-repository';
import { findSavedCheckout, saveCheckoutDetails } from '../../db/repositories/customer-repository';
import { giftCardBalance, giftCardPaidForOrder } from '../../db/repositories/gift-card-repository';
import { findLastShippingAddress, findOrder } from '../../db/repositories/order-repository';
import { findPlanAsins } from '../../db/repositories/protection-plan-repository';
import type { Customer } from '../../db/repositories/session-repository';
import type { Database } from '../../db/schema';
import { cartCouponDiscounts, cartLineViews, discountViews } from '../cart/cart-lines';
import type { LineRefusalCode } from '../cart/line-refused';
import { settleDealsInCart } from '../deals/claim-deal';
import { buyNowLineView } from './order-lines';
import { type OrderLine, placeOrder } from './place-order';

type Db = Kysely<Database>;

export type BuyNowItem = { asin: string; offerListingId: string; quantity: number };

const DELIVERY_DAYS = 2;

/** What checkout says when 1-Click could not order at once (decision 0015). */
export const ONE_CLICK_SETUP_NOTICE =
  '1-Click needs a saved shipping address and payment method. Check your address below and place your order here; we save the address for next time.';

/** The address a checkout starts from: the saved one, else the last order's, else their name and ZIP. */
export async function startingAddress(db: Db, customer: Customer): Promise<ShippingAddress> {
  return (
    (await findSavedCheckout(db, customer.id)).address ??
    (await findLastShippingAddress(db, customer.id)) ?? {
      fullName: customer.name,
      line1: '',
      city: '',
      state: '',
      postalCode: customer.postalCode ?? '',
    }
  );
}

type CheckoutOrderView = Pick<
  CheckoutPageData,
  | 'source'
  | 'buyNow'
  | 'lines'
  | 'subtotal'
  | 'itemCount'
  | 'discounts'
  | 'summary'
  | 'total'
  | 'paymentMethod'
  | 'giftCardBalance'
  | 'options'
>;

/** The summary lines and total as the pages show them. */
function summaryView(
  summary: { lines: readonly SummaryLine[]; totalMinor: number },
  marketplace: Marketplace,
): Pick<CheckoutPageData, 'summary' | 'total'> {
  const money = (minor: number) => toPrice(minor, marketplace.currencyCode, marketplace.priceFormat);
  return {
    summary: summary.lines.map((line) => ({
      kind: line.kind,
      label: line.label,
      // A discount reads "-$5.00" whatever the format's sign for negative amounts.
      amount: line.amountMinor < 0 ? negative(money(-line.amountMinor)) : money(line.amountMinor),
    })),
    total: money(summary.totalMinor),
  };
}

/**
 * What the checkout page shows of the order: the buy now item alone, or the retail cart (its deals
 * brought up to `now` first), with shipping and estimated tax to `address` and how it is paid.
 * Undefined when the buy now item names no offer.
 */
export async function checkoutOrder(
  db: Db,
  input: {
    marketplace: Marketplace;
    customer: Customer;
    address: ShippingAddress;
    buyNow: BuyNowItem | null;
    owner: () => Promise<CartOwner>;
    now: number;
  },
): Promise<CheckoutOrderView | undefined> {
  const { marketplace, buyNow } = input;
  const money = (minor: number) => toPrice(minor, marketplace.currencyCode, marketplace.priceFormat);
  const paymentMethod = (await findSavedCheckout(db, input.customer.id)).paymentMethod ?? PAY_ON_DELIVERY;
  // The balance is offered (checked by default): the summary shows what it pays and what is left.
  const balanceMinor = await giftCardBalance(db, input.customer.id);
  const giftCard = { giftCardBalance: balanceMinor > 0 ? money(balanceMinor) : null };
  const totals = (
    itemsMinor: number,
    discounts: readonly { promotionId: string; description: string; amountMinor: number }[],
  ) =>
    summaryView(
      withGiftCard(
        orderSummary({
          itemsMinor,
          discounts: discounts.map((d) => ({ label: discountLabel(d), amountMinor: d.amountMinor })),
          prime: input.customer.isPrime,
          state: input.address.state,
        }),
        balanceMinor,
      ),
      marketplace,
    );
  if (buyNow) {
    const one = await buyNowLineView(db, marketplace.marketplaceId, buyNow, input.customer.isBusiness);
    if (!one) return undefined;
    const discounts = await cartCouponDiscounts(db, await input.owner(), [
      {
        asin: one.line.asin,
        unitPriceMinor: Math.floor(one.subtotalMinor / Math.max(1, one.line.quantity)),
        lineTotalMinor: one.subtotalMinor,
      },
    ]);
    return {
      source: 'buy-now',
      buyNow,
      lines: [one.line],
      subtotal: money(one.subtotalMinor),
      itemCount: one.line.quantity,
      discounts: discountViews(discounts, marketplace),
      ...totals(one.subtotalMinor, discounts),
      paymentMethod,
      ...giftCard,
      options: [],
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
    ...totals(cart.subtotalMinor, cart.discounts),
    paymentMethod,
    ...giftCard,
    options: await checkoutOptions(
      db,
      input.customer.id,
      cart.lines.map((line) => line.id),
    ),
  };
}

/** What the areas offer at checkout for these cart lines (ServerArea.checkoutOptions). */
async function checkoutOptions(db: Db, customerId: string, cartLineIds: readonly string[]) {
  const offered = [];
  for (const hook of checkoutOptionHooks()) offered.push(...(await hook(db, { customerId, cartLineIds })));
  return offered;
}

export type CheckoutOutcome =
  | { ok: true; orderId: string }
  | {
      ok: false;
      /** `invalid_address` when a field of the address is wrong, else the refused line's code. */
      refusal: LineRefusalCode | 'invalid_address';
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
    /** Pay what the gift-card balance covers first. */
    useGiftCard?: boolean;
    now: number;
    /** Options areas offered at checkout and the shopper chose (passed to the order hooks). */
    options?: Readonly<Record<string, string>>;
    /** The request's idempotency key, recorded with the order (place-order). */
    requestKey?: string | undefined;
  },
): Promise<CheckoutOutcome> {
  const { address, problems } = checkShippingAddress(input.address);
  if (problems.length) return { ok: false, refusal: 'invalid_address', address, problems, error: null };
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
      parentCartLineId: l.parentLineId ?? null,
    }));
  }
  const saved = await findSavedCheckout(db, input.customer.id);
  const result = await placeOrder(db, {
    customerId: input.customer.id,
    marketplaceId: input.marketplace.marketplaceId,
    lines,
    address,
    paymentMethod: saved.paymentMethod ?? PAY_ON_DELIVERY,
    prime: input.customer.isPrime,
    via: input.buyNow ? 'buy-now' : 'cart',
    useGiftCard: input.useGiftCard ?? false,
    now: input.now,
    options: input.options ?? {},
    requestKey: input.requestKey,
  });
  if (!result.ok) {
    const { refusal } = result;
    return { ok: false, refusal: refusal.code, address, problems: [], error: shopperMessage(refusal) };
  }
  // The first address a shopper orders to becomes their saved one (1-Click's destination).
  if (!saved.address) await saveCheckoutDetails(db, input.customer.id, { address }, { replace: false });
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
  const asins = [...new Set(found.items.map((item) => item.asin))];
  const [plans, services] = await Promise.all([findPlanAsins(db, asins), findServiceAsins(db, asins)]);
  const followers = new Set([...plans, ...services]);
  return {
    orderId: found.order.id,
    lines: groupUnderParents(
      found.items.map((item) => ({
        id: item.id,
        asin: item.asin,
        offerListingId: item.offer_id,
        title: item.title,
        image: item.image ? { url: item.image.src, altText: item.image.alt } : null,
        unitPrice: money(item.unit_price_minor),
        lineTotal: money(item.line_total_minor ?? item.unit_price_minor * item.quantity),
        quantity: item.quantity,
        minQuantity: 1,
        maxQuantity: item.quantity,
        // A service or plan bought with a device shows under it (decision 0018).
        parentLineId: item.parent_item_id,
        protectionPlan: item.parent_item_id !== null && followers.has(item.asin),
      })),
    ),
    subtotal: money(found.order.subtotal_minor),
    discounts: found.discounts.map((d) => ({
      description: d.description,
      label: discountLabel({ promotionId: d.promotion_id, description: d.description }),
      amount: money(d.amount_minor),
    })),
    ...summaryView(
      withGiftCard(
        storedSummary(found.order, found.discounts),
        await giftCardPaidForOrder(db, found.order.id),
      ),
      marketplace,
    ),
    paymentMethod: found.order.payment_method,
    address: found.order.shipping_address ?? { fullName: '', line1: '', city: '', state: '', postalCode: '' },
    deliveryEstimate: delivery.toLocaleDateString('en-US', {
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    }),
    notes: await confirmationNotes(db, { orderId: found.order.id, customerId: input.customerId }),
  };
}

/** What the areas add to the confirmation page (ServerArea.confirmationNotes), in the areas' order. */
async function confirmationNotes(db: Db, order: { orderId: string; customerId: string }) {
  const notes: string[] = [];
  for (const hook of confirmationNoteHooks()) notes.push(...(await hook(db, order)));
  return notes;
}

/** An order's summary as it was charged (orders from before totals were kept: items and coupons only). */
function storedSummary(
  order: { subtotal_minor: number; shipping_minor: number; tax_minor: number; total_minor: number | null },
  discounts: readonly { promotion_id: string; description: string; amount_minor: number }[],
): { lines: SummaryLine[]; totalMinor: number } {
  const lines: SummaryLine[] = [{ kind: 'items', label: 'Items:', amountMinor: order.subtotal_minor }];
  for (const d of discounts)
    lines.push({
      kind: 'discount',
      label: discountLabel({ promotionId: d.promotion_id, description: d.description }),
      amountMinor: -d.amount_minor,
    });
  if (order.total_minor === null) {
    const coupons = discounts.map((d) => ({
      promotionId: d.promotion_id,
      description: d.description,
      amountMinor: d.amount_minor,
    }));
    return { lines, totalMinor: totalAfterDiscounts(order.subtotal_minor, coupons) };
  }
  lines.push({ kind: 'shipping', label: 'Shipping & handling:', amountMinor: order.shipping_minor });
  lines.push({ kind: 'tax', label: 'Estimated tax to be collected:', amountMinor: order.tax_minor });
  return { lines, totalMinor: order.total_minor };
}

const negative = (price: PriceDto): PriceDto => ({
  ...price,
  amount: -price.amount,
  displayString: `-${price.displayString}`,
});
