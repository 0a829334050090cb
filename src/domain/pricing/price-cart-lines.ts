import { displayUnitMinor, lineTotalMinor, type Tier, unitPriceScaledFor } from './quantity-pricing';

/** A cart or order line as pricing reads it: the offer's base price, its quantity tiers and the quantity. */
export type LineToPrice = { basePriceMinor: number; tiers: readonly Tier[]; quantity: number };

export type PricedLine = { unitPriceMinor: number; lineTotalMinor: number };

export type PricedLines<L> = {
  lines: (L & PricedLine)[];
  subtotalMinor: number;
  itemCount: number;
};

/**
 * Prices every line of a cart, checkout or order the same way, in integer minor units: the unit price
 * is the quantity's tier price (else the base price), kept exact, and the line total is unit × quantity
 * rounded half-even once per line, never per unit (STYLE: tier prices); `unitPriceMinor` is the unit
 * price as shown (rounded), and the subtotal is the sum of the line totals.
 */
export function priceCartLines<L extends LineToPrice>(lines: readonly L[]): PricedLines<L> {
  let subtotalMinor = 0;
  let itemCount = 0;
  const priced = lines.map((line) => {
    const unitScaled = unitPriceScaledFor(line.basePriceMinor, line.tiers, line.quantity);
    const unitPriceMinor = displayUnitMinor(unitScaled);
    const total = lineTotalMinor(unitScaled, line.quantity);
    subtotalMinor += total;
    itemCount += line.quantity;
    return { ...line, unitPriceMinor, lineTotalMinor: total };
  });
  return { lines: priced, subtotalMinor, itemCount };
}
