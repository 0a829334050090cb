// Paying in monthly installments from the buy box (BB-018..020).

export type InstallmentsView = { hiddenInput: boolean; quantityControls: 'installments' | 'default' };

/** Checked adds the hidden installments-check input and swaps the quantity controls (BB-018/019). */
export function installmentsChanged(checked: boolean): InstallmentsView {
  return checked
    ? { hiddenInput: true, quantityControls: 'installments' }
    : { hiddenInput: false, quantityControls: 'default' };
}

/** The program id to send, only while the installments box is checked (BB-020). */
export function installmentsProgramIdToSend(
  checked: boolean,
  programId: string | null | undefined,
): string | undefined {
  return checked && programId ? programId : undefined;
}

/** Each monthly payment in minor units, rounded up so that months × payment covers the price. */
export function monthlyPayment(priceMinor: number, months: number): number {
  if (!Number.isInteger(months) || months < 1) throw new RangeError(`months must be a whole number above 0`);
  if (!Number.isInteger(priceMinor) || priceMinor < 0) {
    throw new RangeError('priceMinor must be a whole number of minor units, at least 0');
  }
  return Math.ceil(priceMinor / months);
}
