// Digit grouping, apart from the price format rules so that a page showing counts loads only this.

/**
 * Groups an integer's digits: the first group from the right has `primary` digits, the others
 * `secondary`, and grouping starts once the integer has `primary + min` digits. Sizes follow ICU: a
 * primary size of 0 turns grouping off and a secondary size of 0 repeats the primary one, so 0
 * (allowed by PRICE-005) has a meaning instead of looping forever.
 */
export function groupInteger(
  integer: string,
  separator: string,
  primary: number,
  secondary: number,
  min: number,
): string {
  if (primary === 0 || integer.length < primary + min) return integer;
  const step = secondary === 0 ? primary : secondary;
  const groups = [integer.slice(-primary)];
  for (let end = integer.length - primary; end > 0; end -= step) {
    groups.unshift(integer.slice(Math.max(0, end - step), end));
  }
  return groups.join(separator);
}

/**
 * A count as the store writes it (ratings): a whole number with a comma every 3 digits, as
 * `toLocaleString('en-US')` writes it. Written out because a page's first `toLocaleString` loads the
 * browser's number formatting data, a long task on a phone (total blocking time).
 */
export function formatCount(count: number): string {
  const whole = Math.trunc(count);
  return `${whole < 0 ? '-' : ''}${groupInteger(String(Math.abs(whole)), ',', 3, 3, 1)}`;
}
