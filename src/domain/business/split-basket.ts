// The limited-availability split (BIZ-003): a quantity no single seller can supply, spread over the
// sellers that can, cheapest unit price first.

export type SplitCandidate = {
  id: string;
  /** Units the offer can supply in one order: its stock within its order limit. */
  available: number;
  minOrderQuantity: number;
  /** The exact unit price (1/UNIT_SCALE minor units) of buying `quantity` units of this offer. */
  unitScaledAt: (quantity: number) => number;
};

export type SplitPlan = { lines: { id: string; quantity: number }[]; shortBy: number };

/**
 * Spreads `quantity` over the offers: each step takes, from the offer whose unit price is lowest for
 * what it would take, as much as it can (never under its minimum order quantity), until the quantity
 * is covered or no offer is left; `shortBy` is what no seller can supply.
 */
export function splitQuantity(candidates: readonly SplitCandidate[], quantity: number): SplitPlan {
  const left = [...candidates];
  const lines: SplitPlan['lines'] = [];
  let remaining = quantity;
  while (remaining > 0) {
    let best: { candidate: SplitCandidate; take: number; unit: number } | undefined;
    for (const candidate of left) {
      const take = Math.min(remaining, candidate.available);
      if (take < 1 || take < candidate.minOrderQuantity) continue;
      const unit = candidate.unitScaledAt(take);
      if (!best || unit < best.unit) best = { candidate, take, unit };
    }
    if (!best) break;
    lines.push({ id: best.candidate.id, quantity: best.take });
    remaining -= best.take;
    left.splice(left.indexOf(best.candidate), 1);
  }
  return { lines, shortBy: remaining };
}
