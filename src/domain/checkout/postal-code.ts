/** A US ZIP code (5 digits, optionally ZIP+4); the store ships within the US. */
export const US_ZIP = /^\d{5}(-\d{4})?$/;

export function isUsZip(value: string): boolean {
  return US_ZIP.test(value.trim());
}
