// What a rounded unit price means for its line (decision 0045); no imports, so any page can read it cheaply.
/**
 * Whether a line's unit price, as shown (rounded to the minor unit), does not multiply out to the
 * line's total, which is priced from the exact unit price and rounded once (decision 0045): then the
 * page says the unit price is rounded. Amounts are in major units; hundredths keep them whole.
 */
export function unitPriceShownRounded(unitAmount: number, quantity: number, totalAmount: number): boolean {
  return Math.round(unitAmount * 100) * quantity !== Math.round(totalAmount * 100);
}
