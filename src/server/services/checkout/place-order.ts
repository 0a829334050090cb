import type { Kysely } from 'kysely';
import { offerVisibleTo } from '../../../domain/business/business-offers';
import { checkCartLine } from '../../../domain/cart/cart-line-rules';
import { orderSummary } from '../../../domain/checkout/order-summary';
import type { ShippingAddress } from '../../../domain/checkout/shipping-address';
import {
  couponDiscounts,
  discountLabel,
  RECYCLE_AND_SAVE_PREFIX,
  totalAfterDiscounts,
} from '../../../domain/pricing/coupon-discounts';
import { priceCartLines } from '../../../domain/pricing/price-cart-lines';
import { recycleAndSaveDiscounts } from '../../../domain/trade-in/recycle-and-save';
import { giftCardPayment } from '../../../domain/trade-in/trade-in';
import { orderPlacedHooks } from '../../areas/areas';
import { findUnusedCoupons, markCouponUsed } from '../../db/repositories/buy-box-repository';
import { deleteOrderedCartLine } from '../../db/repositories/cart-repository';
import { isBusinessCustomer } from '../../db/repositories/customer-repository';
import { orderHeldUnits } from '../../db/repositories/deal-repository';
import {
  giftCardBalance,
  giftCardPaidForOrder,
  reverseGiftCard,
} from '../../db/repositories/gift-card-repository';
import {
  findOrderByRequestKey,
  insertOrder,
  newOrderId,
  recordOrderRequestKey,
  takeStock,
} from '../../db/repositories/order-repository';
import { findOffer, findTiers, tiersOf } from '../../db/repositories/product-repository';
import {
  findUnusedRecycleAndSaveClaims,
  markRecycleAndSaveUsed,
} from '../../db/repositories/recycle-and-save-repository';
import type { Database } from '../../db/schema';
import { bundleSavingsOf } from '../bundles/cart-savings';
import { type LineRefusal, LineRefused } from '../cart/line-refused';

export type OrderLine = {
  asin: string;
  offerListingId: string;
  quantity: number;
  cartLineId?: string;
  /** The cart line this one was bought with (a service under its device), kept on the order. */
  parentCartLineId?: string | null;
};

export type PlaceOrderResult =
  | { ok: true; orderId: string; subtotalMinor: number; totalMinor: number; giftCardMinor: number }
  | { ok: false; refusal: LineRefusal };

/**
 * Places an order in one transaction: prices come from the offers (and quantity tiers) now, each
 * line's stock is taken by a guarded update, the cart lines it came from are removed. If any line
 * cannot be had, nothing is written.
 */
export async function placeOrder(
  db: Kysely<Database>,
  order: {
    customerId: string;
    marketplaceId: string;
    lines: readonly OrderLine[];
    address: ShippingAddress;
    /** The payment method's label, stored with the order. */
    paymentMethod: string;
    /** Prime members' orders ship free. */
    prime: boolean;
    via: 'cart' | 'buy-now' | 'one-click';
    /** Pay what the gift-card balance covers (trade-in credit, decision 0053); the rest by the payment method. */
    useGiftCard?: boolean;
    now: number;
    /** Checkout options areas offered and the shopper chose, passed to the areas' order hooks. */
    options?: Readonly<Record<string, string>>;
    /**
     * The request's idempotency key: recorded with the order, in its transaction, so a retry whose kept
     * answer was lost (the process died after the commit) gets this order back instead of a second one.
     */
    requestKey?: string | undefined;
  },
): Promise<PlaceOrderResult> {
  if (order.requestKey) {
    const placed = await findOrderByRequestKey(db, order.customerId, order.requestKey);
    if (placed) {
      const subtotalMinor = Number(placed.subtotal_minor);
      return {
        ok: true,
        orderId: placed.id,
        subtotalMinor,
        totalMinor: subtotalMinor - Number(placed.discounts_minor ?? 0),
        giftCardMinor: await giftCardPaidForOrder(db, placed.id),
      };
    }
  }
  if (order.lines.length === 0) {
    return {
      ok: false,
      refusal: { code: 'empty_order', message: 'there is nothing to order', field: 'items' },
    };
  }
  try {
    return await db.transaction().execute(async (trx) => {
      const orderId = newOrderId();
      // Bundles ordered whole keep their saving (read before the ordered cart lines go below).
      const bundleSavings = await bundleSavingsOf(
        trx,
        order.lines.flatMap((line) =>
          line.cartLineId ? [{ id: line.cartLineId, quantity: line.quantity }] : [],
        ),
      );
      const bought = [];
      let currency = 'USD';
      let business: Promise<boolean> | undefined;
      for (const [index, line] of order.lines.entries()) {
        const offer = await findOffer(trx, line.offerListingId);
        if (!offer || offer.marketplace_id !== order.marketplaceId) {
          throw new LineRefused({
            code: 'offer_not_found',
            message: `no offer ${line.offerListingId}`,
            field: `items.${index}`,
          });
        }
        // Business prices are for business customers only (decision 0022); asked once per order.
        if (!offerVisibleTo(offer.condition_type, false)) {
          business ??= isBusinessCustomer(trx, order.customerId);
          if (!(await business)) {
            throw new LineRefused({
              code: 'business_customers_only',
              message: `offer ${offer.id} is sold to business customers only`,
              field: `items.${index}`,
            });
          }
        }
        const problem = checkCartLine(
          {
            asin: offer.asin,
            buyable: offer.buyable === 1,
            // Stock is taken below by a guarded update; here only the order limits are checked.
            stock: Number.MAX_SAFE_INTEGER,
            minOrderQuantity: offer.min_order_quantity,
            maxOrderQuantity: offer.max_order_quantity,
          },
          line.asin,
          line.quantity,
        );
        if (problem)
          throw new LineRefused({
            ...problem,
            field: `items.${index}`,
          });
        // A deal line is bought only under its live hold, which becomes ordered units for good.
        if (
          offer.condition_type === 'LIGHTNING_DEAL' &&
          !(line.cartLineId && (await orderHeldUnits(trx, line.cartLineId, line.quantity, order.now)))
        ) {
          throw new LineRefused({
            code: 'deal_hold_expired',
            message: `the deal price for asin ${offer.asin} is no longer held for you`,
            field: `items.${index}`,
          });
        }
        if (!(await takeStock(trx, offer.id, line.quantity))) {
          // The guarded update is the stock check: fewer units left than ordered (another order may have
          // taken them), a conflict with the stock as it is now rather than a request over a limit.
          throw new LineRefused({
            code: 'stock_ran_out',
            message: `not enough stock left of asin ${offer.asin} for ${line.quantity}`,
            field: `items.${index}`,
          });
        }
        const tiers = await findTiers(trx, [offer.id]);
        currency = offer.currency_code;
        bought.push({
          asin: offer.asin,
          offerId: offer.id,
          basePriceMinor: offer.price_minor,
          tiers: tiersOf(tiers),
          quantity: line.quantity,
        });
        if (line.cartLineId) await deleteOrderedCartLine(trx, line.cartLineId);
      }
      // Priced as the cart and checkout priced the same lines.
      const priced = priceCartLines(bought);
      const subtotal = priced.subtotalMinor;
      // The customer's clipped coupons for products in this order come off it, each by the guarded
      // update that marks it used: one a concurrent order took first is not taken off twice.
      const discounts = [...bundleSavings];
      for (const discount of couponDiscounts(priced.lines, await findUnusedCoupons(trx, order.customerId))) {
        if (await markCouponUsed(trx, order.customerId, discount.promotionId, orderId))
          discounts.push(discount);
      }
      // So do their claimed recycle-and-save promotions (decision 0051), guarded the same way.
      const claims = await findUnusedRecycleAndSaveClaims(trx, order.customerId);
      for (const discount of recycleAndSaveDiscounts(priced.lines, claims)) {
        const asin = discount.promotionId.slice(RECYCLE_AND_SAVE_PREFIX.length);
        if (await markRecycleAndSaveUsed(trx, order.customerId, asin, orderId)) discounts.push(discount);
      }
      const summary = orderSummary({
        itemsMinor: subtotal,
        discounts: discounts.map((d) => ({ label: discountLabel(d), amountMinor: d.amountMinor })),
        prime: order.prime,
        state: order.address.state,
      });
      const itemIds = order.lines.map((_line, index) => `${orderId}-${index + 1}`);
      const parentOf = (index: number) => {
        const parent = order.lines[index]?.parentCartLineId;
        const at = parent ? order.lines.findIndex((l) => l.cartLineId === parent) : -1;
        return at >= 0 ? (itemIds[at] ?? null) : null;
      };
      const items = priced.lines.map((line, index) => ({
        id: itemIds[index] ?? `${orderId}-${index + 1}`,
        order_id: orderId,
        asin: line.asin,
        offer_id: line.offerId,
        quantity: line.quantity,
        unit_price_minor: line.unitPriceMinor,
        parent_item_id: parentOf(index),
        // Exact even when unit × quantity is not a whole cent (a percent tier): rounded once per line.
        line_total_minor: line.lineTotalMinor,
      }));
      await insertOrder(
        trx,
        {
          id: orderId,
          marketplace_id: order.marketplaceId,
          customer_id: order.customerId,
          session_owner: null,
          status: 'PLACED',
          subtotal_minor: subtotal,
          currency_code: currency,
          created_at: order.now,
          shipping_address: order.address,
          placed_via: order.via,
          payment_method: order.paymentMethod,
          shipping_minor: summary.shippingMinor,
          tax_minor: summary.taxMinor,
          total_minor: summary.totalMinor,
        },
        items,
        discounts.map((d) => ({
          order_id: orderId,
          promotion_id: d.promotionId,
          description: d.description,
          amount_minor: d.amountMinor,
        })),
      );
      // The gift card pays what its balance covers of the total, taken in this transaction by the guarded
      // debit (a parallel checkout never takes the balance below zero; it pays what is left, perhaps nothing).
      const giftCardMinor = order.useGiftCard
        ? await reverseGiftCard(trx, {
            customerId: order.customerId,
            amountMinor: giftCardPayment(await giftCardBalance(trx, order.customerId), summary.totalMinor),
            currencyCode: currency,
            reason: 'orderPayment',
            orderId,
            now: order.now,
          })
        : 0;
      if (order.requestKey) {
        await recordOrderRequestKey(trx, {
          customerId: order.customerId,
          requestKey: order.requestKey,
          orderId,
          now: order.now,
        });
      }
      // Every area that keeps something of an order writes it here, in the order's transaction.
      for (const hook of orderPlacedHooks()) {
        await hook(trx, {
          orderId,
          customerId: order.customerId,
          now: order.now,
          lines: order.lines,
          options: order.options ?? {},
        });
      }
      return {
        ok: true as const,
        orderId,
        giftCardMinor,
        subtotalMinor: subtotal,
        // The items after coupons (decision 0014); shipping and tax are in the order's total_minor.
        totalMinor: totalAfterDiscounts(subtotal, discounts),
      };
    });
  } catch (error) {
    if (error instanceof LineRefused) return { ok: false, refusal: error.refusal };
    throw error;
  }
}
