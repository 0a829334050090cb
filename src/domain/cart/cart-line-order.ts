// The order a cart shows its lines in (decision 0014): each page item first, with the accessories and
// the protection plan bought with it under it, whatever order they were added in.

type Groupable = { id: string; parentLineId: string | null; protectionPlan: boolean };

/**
 * Lines in cart order (oldest first) regrouped: every line without a parent in the cart, in its own
 * order, followed by its accessories (in their order) and then its plans. A line whose parent is gone
 * stands on its own where it is.
 */
export function groupUnderParents<L extends Groupable>(lines: readonly L[]): L[] {
  const ids = new Set(lines.map((line) => line.id));
  const isChild = (line: L) => line.parentLineId !== null && ids.has(line.parentLineId);
  const grouped: L[] = [];
  for (const line of lines) {
    if (isChild(line)) continue;
    const children = lines.filter((child) => isChild(child) && child.parentLineId === line.id);
    grouped.push(
      line,
      ...children.filter((child) => !child.protectionPlan),
      ...children.filter((child) => child.protectionPlan),
    );
  }
  return grouped;
}
