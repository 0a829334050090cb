// Recycle-and-save (RS): a discount on the product a page shows, claimed once per customer and taken
// off the next order that holds the product (decision 0051).

import type { CouponDiscount } from '../pricing/coupon-discounts';
import { RECYCLE_AND_SAVE_PREFIX } from '../pricing/coupon-discounts';

/** What the promotion takes off one unit: a whole percentage of its price, rounded down to the cent. */
export function recycleAndSaveSavingMinor(unitPriceMinor: number, percentOff: number): number {
  if (unitPriceMinor <= 0 || percentOff <= 0) return 0;
  return Math.floor((unitPriceMinor * Math.min(percentOff, 100)) / 100);
}

/** A promotion the customer claimed and no order has used yet. */
export type ClaimedRecycleAndSave = { asin: string; percentOff: number; description: string };

/**
 * The claimed promotions that come off these priced lines: each once, off one unit of its product,
 * while the product is among the lines; never more than the product's lines cost.
 */
export function recycleAndSaveDiscounts(
  lines: readonly { asin: string; unitPriceMinor: number; lineTotalMinor: number }[],
  claims: readonly ClaimedRecycleAndSave[],
): CouponDiscount[] {
  return claims.flatMap((claim) => {
    const productLines = lines.filter((line) => line.asin === claim.asin);
    const first = productLines[0];
    if (!first) return [];
    const total = productLines.reduce((sum, line) => sum + line.lineTotalMinor, 0);
    const amountMinor = Math.min(recycleAndSaveSavingMinor(first.unitPriceMinor, claim.percentOff), total);
    return amountMinor > 0
      ? [
          {
            promotionId: `${RECYCLE_AND_SAVE_PREFIX}${claim.asin}`,
            description: claim.description,
            amountMinor,
          },
        ]
      : [];
  });
}
