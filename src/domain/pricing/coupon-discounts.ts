// A clipped product coupon (BB-028..032) comes off the order it is used on: decision 0014.

/** A coupon the customer clipped and has not used on an order yet, with the products it is for. */
export type ClippedCoupon = {
  promotionId: string;
  /** The products whose coupon carries this promotion id (usually one). */
  asins: readonly string[];
  amountOffMinor: number;
  description: string;
};

/** One coupon taken off an order: shown as its own line under the items. */
export type CouponDiscount = { promotionId: string; description: string; amountMinor: number };

/**
 * The coupons that apply to these priced lines: a coupon applies while one of its products is among
 * the lines, once per order whatever the quantity (it is once per customer), and never takes more off
 * than that product's lines cost. Coupons of products not in the order wait for a later order.
 */
export function couponDiscounts(
  lines: readonly { asin: string; lineTotalMinor: number }[],
  coupons: readonly ClippedCoupon[],
): CouponDiscount[] {
  const discounts: CouponDiscount[] = [];
  for (const coupon of coupons) {
    const productTotal = lines
      .filter((line) => coupon.asins.includes(line.asin))
      .reduce((sum, line) => sum + line.lineTotalMinor, 0);
    const amountMinor = Math.min(Math.max(coupon.amountOffMinor, 0), productTotal);
    if (amountMinor > 0) {
      discounts.push({ promotionId: coupon.promotionId, description: coupon.description, amountMinor });
    }
  }
  return discounts;
}

/** Discounts that are not coupons carry this prefix in their promotion id: a bundle's saving (BDL). */
export const BUNDLE_SAVING_PREFIX = 'bundle:';
/** A recycle-and-save promotion's discount (RS): its promotion id is this prefix and the product's ASIN. */
export const RECYCLE_AND_SAVE_PREFIX = 'recycle-and-save:';

/** How a discount line reads: a coupon says it is one; a bundle's saving carries its own words. */
export function discountLabel(discount: { promotionId: string; description: string }): string {
  if (discount.promotionId.startsWith(BUNDLE_SAVING_PREFIX)) return discount.description;
  if (discount.promotionId.startsWith(RECYCLE_AND_SAVE_PREFIX))
    return `Recycle and save: ${discount.description}`;
  return `Coupon: ${discount.description}`;
}

/** What the order costs after its coupons: the subtotal less every discount, never below zero. */
export function totalAfterDiscounts(subtotalMinor: number, discounts: readonly CouponDiscount[]): number {
  return Math.max(0, subtotalMinor - discounts.reduce((sum, d) => sum + d.amountMinor, 0));
}
