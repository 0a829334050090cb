import {
  displayUnitMinor,
  lineTotalMinor,
  type Tier,
  tierFor,
  tierUnitScaled,
  unitPriceScaledFor,
} from '../pricing/quantity-pricing';

// What a quantity of one offer costs, what the next tier would give, and how the price is built:
// the same exact arithmetic as priceCartLines, so the page, the product call and the cart agree.

export type OfferPricing = {
  basePriceMinor: number;
  listPriceMinor: number | null;
  tiers: readonly Tier[];
  /** Business-only offer types show their price as a business price. */
  businessPrice: boolean;
};

/** The next tier up from `quantity` that lowers the unit price (beyond the peers: the picker's ladder). */
export type QuantityLadder = {
  /** The quantity that reaches the tier. */
  quantity: number;
  moreUnits: number;
  unitPriceMinor: number;
  /** What `quantity` units cost less at the tier than at the current unit price. */
  savingsMinor: number;
};

/**
 * The tier the shopper reaches next by buying more, when it is cheaper per unit and `quantity + more`
 * is still orderable (`maxOrderable`); null at the best tier.
 */
export function nextTierLadder(
  offer: Pick<OfferPricing, 'basePriceMinor' | 'tiers'>,
  quantity: number,
  maxOrderable: number,
): QuantityLadder | null {
  const current = unitPriceScaledFor(offer.basePriceMinor, offer.tiers, quantity);
  const next = offer.tiers
    .filter((t) => !t.hidden && t.minimumQuantity > quantity && t.minimumQuantity <= maxOrderable)
    .sort((a, b) => a.minimumQuantity - b.minimumQuantity)
    .find((t) => unitPriceScaledFor(offer.basePriceMinor, offer.tiers, t.minimumQuantity) < current);
  if (!next) return null;
  const target = next.minimumQuantity;
  const atTier = unitPriceScaledFor(offer.basePriceMinor, offer.tiers, target);
  return {
    quantity: target,
    moreUnits: target - quantity,
    unitPriceMinor: displayUnitMinor(atTier),
    savingsMinor: lineTotalMinor(current, target) - lineTotalMinor(atTier, target),
  };
}

export type ExplanationRow = {
  kind: 'list' | 'price' | 'business' | 'savings' | 'tier' | 'coupon';
  label: string;
  /** Minor units; negative for what comes off. */
  amountMinor: number;
};

export type PriceExplanation = {
  quantity: number;
  rows: ExplanationRow[];
  /** The sum of the rows: what the cart charges for the line, after the coupon. */
  totalMinor: number;
  /** The line total before the coupon (the cart line's total). */
  lineTotalMinor: number;
};

/**
 * Beyond the peers ("How this price is built"): the parts of what `quantity` units cost, from the
 * list price down, each the difference of two line totals so that they add up exactly to the line
 * the cart prices (priceCartLines) less a clipped coupon (taken once, never more than the line).
 */
export function explainPrice(
  offer: OfferPricing,
  quantity: number,
  coupon: { description: string; amountMinor: number } | null,
): PriceExplanation {
  const base = offer.basePriceMinor * quantity;
  const tier = tierFor(offer.basePriceMinor, offer.tiers, quantity);
  const line = tier ? lineTotalMinor(tierUnitScaled(offer.basePriceMinor, tier), quantity) : base;
  const rows: ExplanationRow[] = [];
  const list =
    offer.listPriceMinor !== null && offer.listPriceMinor > offer.basePriceMinor
      ? offer.listPriceMinor * quantity
      : null;
  if (list !== null) {
    rows.push({ kind: 'list', label: 'List price', amountMinor: list });
    rows.push({
      kind: offer.businessPrice ? 'business' : 'savings',
      label: offer.businessPrice ? 'Business price' : 'Our price',
      amountMinor: base - list,
    });
  } else {
    rows.push({
      kind: offer.businessPrice ? 'business' : 'price',
      label: offer.businessPrice ? 'Business price' : 'Price',
      amountMinor: base,
    });
  }
  if (tier && line !== base) {
    rows.push({
      kind: 'tier',
      label: `Quantity discount (${tier.minimumQuantity}+ units)`,
      amountMinor: line - base,
    });
  }
  let total = line;
  if (coupon && coupon.amountMinor > 0 && line > 0) {
    const off = Math.min(coupon.amountMinor, line);
    rows.push({ kind: 'coupon', label: `Coupon: ${coupon.description}`, amountMinor: -off });
    total -= off;
  }
  return { quantity, rows, totalMinor: total, lineTotalMinor: line };
}

/** The ladder's words: "Buy 12 more for $8.40 each (save $14.40)". */
export function ladderMessage(moreUnits: number, unitPriceText: string, savingsText: string): string {
  return `Buy ${moreUnits} more for ${unitPriceText} each (save ${savingsText})`;
}
