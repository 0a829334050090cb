// Which price a quantity pays and how available an offer is at that quantity.

/**
 * A quantity tier: from `minimumQuantity` units every unit costs `priceMinor`, or, when
 * `percentOffBasisPoints` is set, the offer's base price less that many hundredths of a percent (a
 * unit price that may fall between two cents: it is kept exact and rounded once per line).
 * A hidden (uncompetitive) tier never prices a line.
 */
export type Tier = {
  minimumQuantity: number;
  priceMinor: number;
  hidden: boolean;
  percentOffBasisPoints?: number | null;
};

const LIMITED_STOCK_THRESHOLD = 20;

/** Exact unit prices are integers in 1/UNIT_SCALE of a minor unit, so no float ever holds money. */
const UNIT_SCALE = 10_000;

/** The exact unit price of a tier, in 1/UNIT_SCALE minor units. */
export function tierUnitScaled(basePriceMinor: number, tier: Tier): number {
  if (tier.percentOffBasisPoints !== null && tier.percentOffBasisPoints !== undefined) {
    return basePriceMinor * (UNIT_SCALE - tier.percentOffBasisPoints);
  }
  return tier.priceMinor * UNIT_SCALE;
}

/** The visible tier that prices `quantity` (the cheapest one reached), or undefined when the base price does. */
export function tierFor(basePriceMinor: number, tiers: readonly Tier[], quantity: number): Tier | undefined {
  let best: Tier | undefined;
  let bestScaled = basePriceMinor * UNIT_SCALE;
  for (const tier of tiers) {
    if (tier.hidden || tier.minimumQuantity > quantity) continue;
    const scaled = tierUnitScaled(basePriceMinor, tier);
    if (
      scaled < bestScaled ||
      (scaled === bestScaled && best && tier.minimumQuantity > best.minimumQuantity)
    ) {
      best = tier;
      bestScaled = scaled;
    }
  }
  return best;
}

/** The exact unit price `quantity` pays, in 1/UNIT_SCALE minor units: its tier's, else the base price. */
export function unitPriceScaledFor(basePriceMinor: number, tiers: readonly Tier[], quantity: number): number {
  const tier = tierFor(basePriceMinor, tiers, quantity);
  return tier ? tierUnitScaled(basePriceMinor, tier) : basePriceMinor * UNIT_SCALE;
}

/** `numerator / denominator` rounded half to even, exactly (BigInt), for non-negative integers. */
function divideHalfEven(numerator: number | bigint, denominator: number | bigint): number {
  const n = BigInt(numerator);
  const d = BigInt(denominator);
  const quotient = n / d;
  const twice = (n % d) * 2n;
  const rounded = twice > d || (twice === d && quotient % 2n === 1n) ? quotient + 1n : quotient;
  return Number(rounded);
}

/** A line's total in minor units: exact unit price × quantity, rounded half-even once (never per unit). */
export function lineTotalMinor(unitScaled: number, quantity: number): number {
  return divideHalfEven(BigInt(unitScaled) * BigInt(quantity), UNIT_SCALE);
}

/** The unit price as the shopper reads it: the exact price rounded half-even to the minor unit. */
export function displayUnitMinor(unitScaled: number): number {
  return divideHalfEven(unitScaled, UNIT_SCALE);
}

/** The unit price for `quantity` in minor units (rounded half-even): the cheapest visible tier reached, else the base price. */
export function unitPriceFor(basePriceMinor: number, tiers: readonly Tier[], quantity: number): number {
  return displayUnitMinor(unitPriceScaledFor(basePriceMinor, tiers, quantity));
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
