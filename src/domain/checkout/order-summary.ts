// What an order costs beyond its items: shipping and estimated sales tax, and the summary lines a
// checkout, an order and its confirmation show (docs/decisions/0015-order-totals-and-1-click.md).

/** Orders of at least this much (after discounts) ship free; Prime members' orders always do. */
const FREE_SHIPPING_MINIMUM_MINOR = 3500;
const STANDARD_SHIPPING_MINOR = 599;

// State base sales-tax rates in thousandths of a percent (7.25% → 7250); local taxes are not added,
// which is why the checkout says "estimated". States without a sales tax are 0, as is any unknown code.
const STATE_TAX_RATES: Record<string, number> = {
  AL: 4000,
  AK: 0,
  AZ: 5600,
  AR: 6500,
  CA: 7250,
  CO: 2900,
  CT: 6350,
  DE: 0,
  DC: 6000,
  FL: 6000,
  GA: 4000,
  HI: 4000,
  ID: 6000,
  IL: 6250,
  IN: 7000,
  IA: 6000,
  KS: 6500,
  KY: 6000,
  LA: 5000,
  ME: 5500,
  MD: 6000,
  MA: 6250,
  MI: 6000,
  MN: 6875,
  MS: 7000,
  MO: 4225,
  MT: 0,
  NE: 5500,
  NV: 6850,
  NH: 0,
  NJ: 6625,
  NM: 4875,
  NY: 4000,
  NC: 4750,
  ND: 5000,
  OH: 5750,
  OK: 4500,
  OR: 0,
  PA: 6000,
  RI: 7000,
  SC: 6000,
  SD: 4200,
  TN: 7000,
  TX: 6250,
  UT: 6100,
  VT: 6000,
  VA: 5300,
  WA: 6500,
  WV: 6000,
  WI: 5000,
  WY: 4000,
};

/** The shipping charge for items worth `itemsMinor` (after discounts). */
export function shippingChargeMinor(input: { itemsMinor: number; prime: boolean }): number {
  if (input.itemsMinor <= 0) return 0;
  return input.prime || input.itemsMinor >= FREE_SHIPPING_MINIMUM_MINOR ? 0 : STANDARD_SHIPPING_MINOR;
}

/** Estimated sales tax on `taxableMinor` shipped to `state` (2-letter code), rounded half up once. */
export function estimatedTaxMinor(input: { taxableMinor: number; state: string }): number {
  const rate = STATE_TAX_RATES[input.state.trim().toUpperCase()] ?? 0;
  if (input.taxableMinor <= 0 || rate === 0) return 0;
  return Math.round((input.taxableMinor * rate) / 100_000);
}

export type SummaryLineKind = 'items' | 'discount' | 'shipping' | 'tax' | 'giftCard';
/** One line of an order summary; a discount's amount is negative. */
export type SummaryLine = { kind: SummaryLineKind; label: string; amountMinor: number };

/**
 * The order summary: items, each discount, shipping, estimated tax (on the items after discounts;
 * shipping is not taxed), and the total. Discounts never take the items below zero.
 */
export function orderSummary(input: {
  itemsMinor: number;
  discounts?: readonly { label: string; amountMinor: number }[];
  prime: boolean;
  state: string;
}): { lines: SummaryLine[]; shippingMinor: number; taxMinor: number; totalMinor: number } {
  const lines: SummaryLine[] = [{ kind: 'items', label: 'Items:', amountMinor: input.itemsMinor }];
  let afterDiscounts = input.itemsMinor;
  for (const discount of input.discounts ?? []) {
    const amount = Math.min(Math.abs(discount.amountMinor), afterDiscounts);
    afterDiscounts -= amount;
    lines.push({ kind: 'discount', label: discount.label, amountMinor: -amount });
  }
  const shippingMinor = shippingChargeMinor({ itemsMinor: afterDiscounts, prime: input.prime });
  const taxMinor = estimatedTaxMinor({ taxableMinor: afterDiscounts, state: input.state });
  lines.push({ kind: 'shipping', label: 'Shipping & handling:', amountMinor: shippingMinor });
  lines.push({ kind: 'tax', label: 'Estimated tax to be collected:', amountMinor: taxMinor });
  return { lines, shippingMinor, taxMinor, totalMinor: afterDiscounts + shippingMinor + taxMinor };
}

/**
 * A summary with the gift card's part taken off: a "Gift card:" line and the total left to charge to the
 * payment method (the gift card never pays more than the total).
 */
export function withGiftCard<S extends { lines: SummaryLine[]; totalMinor: number }>(
  summary: S,
  giftCardMinor: number,
): S {
  const paid = Math.min(Math.max(giftCardMinor, 0), summary.totalMinor);
  if (paid === 0) return summary;
  return {
    ...summary,
    lines: [...summary.lines, { kind: 'giftCard', label: 'Gift card:', amountMinor: -paid }],
    totalMinor: summary.totalMinor - paid,
  };
}

/** How an order is paid when the account has no saved payment method (the store takes no card data). */
export const PAY_ON_DELIVERY = 'Pay on delivery';
