import type { Kysely } from 'kysely';
import { groupUnderParents } from '../../../domain/cart/cart-line-order';
import {
  type CouponDiscount,
  couponDiscounts,
  discountLabel,
  totalAfterDiscounts,
} from '../../../domain/pricing/coupon-discounts';
import { type PricedLines, priceCartLines } from '../../../domain/pricing/price-cart-lines';
import { recycleAndSaveDiscounts } from '../../../domain/trade-in/recycle-and-save';
import type { DiscountView, OrderLineView } from '../../../shared/contracts/pages/order-lines';
import type { Marketplace } from '../../../shared/marketplaces';
import { toPrice } from '../../../shared/money/price-format';
import { findServiceKinds } from '../../db/repositories/add-on-service-repository';
import { findUnusedCoupons } from '../../db/repositories/buy-box-repository';
import {
  type CartLine,
  type CartOwner,
  type CartType,
  listCartLines,
} from '../../db/repositories/cart-repository';
import { findTiers, tiersOf } from '../../db/repositories/product-repository';
import { findPlanAsins } from '../../db/repositories/protection-plan-repository';
import { findUnusedRecycleAndSaveClaims } from '../../db/repositories/recycle-and-save-repository';
import type { Database } from '../../db/schema';
import { bundleSavingsOf } from '../bundles/cart-savings';

type Db = Kysely<Database>;

/** The owner's cart lines priced now from their offers and quantity tiers (priceCartLines). */
export async function pricedCartLines(
  db: Db,
  owner: CartOwner,
  marketplaceId: string,
  cartTypes: readonly CartType[],
): Promise<PricedLines<CartLine & { basePriceMinor: number }>> {
  const lines = await listCartLines(db, owner, marketplaceId, cartTypes);
  const tiers = await findTiers(db, [...new Set(lines.map((line) => line.offer_id))]);
  return priceCartLines(
    lines.map((line) => ({
      ...line,
      basePriceMinor: line.price_minor,
      tiers: tiersOf(tiers.filter((tier) => tier.offer_id === line.offer_id)),
    })),
  );
}

/**
 * What a signed-in customer's own promotions take off these lines: the coupons they clipped (decision
 * 0014) and the recycle-and-save promotions they claimed (decision 0051). An anonymous shopper has
 * neither (both need an account).
 */
export async function cartCouponDiscounts(
  db: Db,
  owner: CartOwner,
  lines: readonly { asin: string; unitPriceMinor: number; lineTotalMinor: number }[],
): Promise<CouponDiscount[]> {
  if (owner.type !== 'customer' || lines.length === 0) return [];
  const [coupons, claims] = await Promise.all([
    findUnusedCoupons(db, owner.id),
    findUnusedRecycleAndSaveClaims(db, owner.id),
  ]);
  return [...couponDiscounts(lines, coupons), ...recycleAndSaveDiscounts(lines, claims)];
}

/** The discounts as the pages show them. */
export function discountViews(
  discounts: readonly CouponDiscount[],
  marketplace: Marketplace,
): DiscountView[] {
  return discounts.map((discount) => ({
    description: discount.description,
    label: discountLabel(discount),
    amount: toPrice(discount.amountMinor, marketplace.currencyCode, marketplace.priceFormat),
  }));
}

export type CartLineViews = {
  lines: OrderLineView[];
  subtotalMinor: number;
  itemCount: number;
  discounts: CouponDiscount[];
  totalMinor: number;
};

/**
 * The lines of the retail cart as the cart and checkout pages show them, priced now from the offers:
 * each page item first with its accessories and protection plan under it (decision 0014), and the
 * customer's coupons for the products in it.
 */
export async function cartLineViews(
  db: Db,
  owner: CartOwner,
  marketplace: Marketplace,
): Promise<CartLineViews> {
  const priced = await pricedCartLines(db, owner, marketplace.marketplaceId, ['RETAIL']);
  const asins = [...new Set(priced.lines.map((line) => line.asin))];
  // Plans and add-on services follow their device: no quantity choice of their own (decision 0018).
  const [planAsins, serviceKinds] = await Promise.all([
    findPlanAsins(db, asins),
    findServiceKinds(db, asins),
  ]);
  const kindOf = (asin: string): 'installation' | 'protection' | undefined =>
    planAsins.has(asin)
      ? 'protection'
      : serviceKinds.has(asin)
        ? serviceKinds.get(asin) === 'protection'
          ? 'protection'
          : 'installation'
        : undefined;
  const money = (minor: number, currency: string) => toPrice(minor, currency, marketplace.priceFormat);
  const discounts = [
    ...(await bundleSavingsOf(db, priced.lines)),
    ...(await cartCouponDiscounts(db, owner, priced.lines)),
  ];
  const lines = priced.lines.map((line) => ({
    id: line.id,
    asin: line.asin,
    offerListingId: line.offer_id,
    title: line.title,
    image: line.image ? { url: line.image.src, altText: line.image.alt } : null,
    unitPrice: money(line.unitPriceMinor, line.currency_code),
    lineTotal: money(line.lineTotalMinor, line.currency_code),
    quantity: line.quantity,
    minQuantity: line.min_order_quantity,
    maxQuantity: Math.min(line.max_order_quantity ?? 999, 999, Math.max(line.stock, line.quantity)),
    parentLineId: line.associated_item_id,
    protectionPlan: kindOf(line.asin) !== undefined,
    ...(kindOf(line.asin) ? { serviceKind: kindOf(line.asin) } : {}),
    seller: line.merchant_name,
  }));
  return {
    subtotalMinor: priced.subtotalMinor,
    itemCount: priced.itemCount,
    discounts,
    totalMinor: totalAfterDiscounts(priced.subtotalMinor, discounts),
    lines: groupUnderParents(lines.map((line) => ({ ...line, parentLineId: line.parentLineId ?? null }))),
  };
}
