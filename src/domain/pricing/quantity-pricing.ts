// Which price a quantity pays and how available an offer is at that quantity.

export type Tier = { minimumQuantity: number; priceMinor: number; hidden: boolean };

export const LIMITED_STOCK_THRESHOLD = 20;

/** The unit price for `quantity`: the visible tier with the largest minimum at or below it, else the base price. */
export function unitPriceFor(basePriceMinor: number, tiers: readonly Tier[], quantity: number): number {
  let best: Tier | undefined;
  for (const tier of tiers) {
    if (tier.hidden || tier.minimumQuantity > quantity) continue;
    if (!best || tier.minimumQuantity > best.minimumQuantity) best = tier;
  }
  return best ? best.priceMinor : basePriceMinor;
}

export type Availability = { type: 'IN_STOCK' | 'LIMITED_STOCK' | 'OUT_OF_STOCK'; displayString: string };

/** OUT_OF_STOCK when the offer cannot supply `quantity`; LIMITED_STOCK names how many are left when few are. */
export function availabilityFor(stock: number, buyable: boolean, quantity: number): Availability {
  if (!buyable || stock < 1 || stock < quantity) {
    return {
      type: 'OUT_OF_STOCK',
      displayString: stock > 0 && buyable ? `Only ${stock} available` : 'Currently unavailable',
    };
  }
  if (stock < LIMITED_STOCK_THRESHOLD) {
    return { type: 'LIMITED_STOCK', displayString: `Only ${stock} left in stock - order soon.` };
  }
  return { type: 'IN_STOCK', displayString: 'In Stock' };
}

/** Whole percent saved against the list price, or 0 when there is no saving. */
export function savingsPercent(priceMinor: number, listPriceMinor: number | null): number {
  if (!listPriceMinor || listPriceMinor <= priceMinor) return 0;
  return Math.round(((listPriceMinor - priceMinor) / listPriceMinor) * 100);
}
