/** TI-007: a page's price as the widget's `buyingPrice` (minor units of a two-decimal currency), or null. */
export function buyingPriceOf(price: { amount: number } | null | undefined): number | null {
  return price ? Math.round(price.amount * 100) : null;
}
