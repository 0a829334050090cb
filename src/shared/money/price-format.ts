import { marketplaceById } from '../marketplaces';
import { groupInteger } from './group-digits';

// Isomorphic: the server renders prices with this module and the page re-renders them with it, so it
// must not import node:*, React or the database. Money is stored as integer minor units (cents).

/** PRICE-002: how one marketplace writes a price; `priceFormat` holds a `{}` where the number goes. */
export type PriceFormatConfig = {
  priceFormat: string;
  decimalSeparator: string;
  fractionDigits: number;
  groupingSeparator: string;
  groupingDigits: number;
  secondaryGroupingDigits: number;
  minGroupingDigits: number;
  currencyOfPreference: string;
};

/** PRICE-001: an amount in major units, its ISO currency code and the string the shopper sees. */
export type Price = { amount: number; currencyCode: string; displayString: string };

export type NumberFormatOptions = Partial<
  Pick<
    PriceFormatConfig,
    | 'fractionDigits'
    | 'groupingSeparator'
    | 'decimalSeparator'
    | 'groupingDigits'
    | 'secondaryGroupingDigits'
    | 'minGroupingDigits'
  >
>;

const CURRENCY_CODE = /^[A-Z]{3}$/;

const isCount = (value: unknown, min: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min;

/** PRICE-003..007: returns the config when valid, else throws an Error naming every bad field. */
export function validatePriceFormatConfig(config: unknown): PriceFormatConfig {
  if (typeof config !== 'object' || config === null) {
    throw new Error('invalid price format config: expected an object');
  }
  const c = config as Record<keyof PriceFormatConfig, unknown>;
  const problems: string[] = [];
  if (typeof c.priceFormat !== 'string' || !c.priceFormat.includes('{}')) {
    problems.push('priceFormat must contain the {} placeholder');
  }
  for (const field of ['decimalSeparator', 'groupingSeparator'] as const) {
    if (typeof c[field] !== 'string' || c[field] === '') problems.push(`${field} must be a non-empty string`);
  }
  for (const field of ['fractionDigits', 'groupingDigits', 'secondaryGroupingDigits'] as const) {
    if (!isCount(c[field], 0)) problems.push(`${field} must be an integer of at least 0`);
  }
  if (!isCount(c.minGroupingDigits, 1)) problems.push('minGroupingDigits must be an integer of at least 1');
  if (typeof c.currencyOfPreference !== 'string' || !CURRENCY_CODE.test(c.currencyOfPreference)) {
    problems.push('currencyOfPreference must be 3 uppercase letters');
  }
  if (problems.length) throw new Error(`invalid price format config: ${problems.join('; ')}`);
  return c as PriceFormatConfig;
}

/** PRICE-008: true when the amount is a finite number of at least 0 and the currency is 3 uppercase letters. */
export function isValidPrice(price: { amount: unknown; currencyCode: unknown }): boolean {
  return (
    typeof price.amount === 'number' &&
    Number.isFinite(price.amount) &&
    price.amount >= 0 &&
    typeof price.currencyCode === 'string' &&
    CURRENCY_CODE.test(price.currencyCode)
  );
}

/** Buy box §9: JPY has no minor unit, every other currency the store sells has two decimals. */
export function currencyFractionDigits(currencyCode: string): number {
  return currencyCode === 'JPY' ? 0 : 2;
}

type RoundedDecimal = { negative: boolean; integer: string; fraction: string };

// Rounds the shortest decimal string that reads back as `amount` (what String() prints), not the binary
// double: 2.675 is stored as 2.67499999…, but whoever wrote 2.675 meant 2.675, so it rounds to 2.68.
function roundDecimal(amount: number, fractionDigits: number): RoundedDecimal {
  if (!Number.isFinite(amount)) throw new RangeError(`amount must be a finite number, got ${amount}`);
  if (!isCount(fractionDigits, 0)) {
    throw new RangeError(`fractionDigits must be an integer of at least 0, got ${fractionDigits}`);
  }
  const match = /^(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(Math.abs(amount)));
  if (!match) throw new RangeError(`cannot read ${amount} as a decimal`);
  const [, whole = '', decimals = '', exponent = '0'] = match;
  let digits = whole + decimals;
  let pointAt = whole.length + Number(exponent);
  if (pointAt < 1) {
    digits = '0'.repeat(1 - pointAt) + digits;
    pointAt = 1;
  }
  const keepLength = pointAt + fractionDigits;
  digits = digits.padEnd(keepLength, '0');
  let kept = digits.slice(0, keepLength);
  const dropped = digits.slice(keepLength);
  const first = dropped.charAt(0);
  const pastHalf = /[1-9]/.test(dropped.slice(1));
  const lastKeptOdd = Number(kept.charAt(kept.length - 1)) % 2 === 1;
  if (first > '5' || (first === '5' && (pastHalf || lastKeptOdd))) {
    const bumped = (BigInt(kept) + 1n).toString().padStart(kept.length, '0');
    if (bumped.length > kept.length) pointAt += 1;
    kept = bumped;
  }
  const integer = kept.slice(0, pointAt).replace(/^0+(?=\d)/, '');
  const fraction = kept.slice(pointAt);
  const isZero = !/[1-9]/.test(kept);
  return { negative: amount < 0 && !isZero, integer, fraction };
}

/** PRICE-009: rounds half-even to `fractionDigits` decimals, exactly as the amount reads in decimal. */
export function roundHalfEven(amount: number, fractionDigits: number): number {
  const { negative, integer, fraction } = roundDecimal(amount, fractionDigits);
  return Number(`${negative ? '-' : ''}${integer}${fraction ? `.${fraction}` : ''}`);
}

/**
 * PRICE-011: formats a number rounded half-even; by default 0 decimals and a comma every 3 digits.
 * The first group from the right has `groupingDigits`, the others `secondaryGroupingDigits` (3/2 gives
 * 12,34,567), and grouping starts once the integer part has `groupingDigits + minGroupingDigits` digits.
 */
export function formatNumber(amount: number, options: NumberFormatOptions = {}): string {
  const {
    fractionDigits = 0,
    groupingSeparator = ',',
    decimalSeparator = '.',
    groupingDigits = 3,
    secondaryGroupingDigits = 3,
    minGroupingDigits = 1,
  } = options;
  for (const [name, value, min] of [
    ['groupingDigits', groupingDigits, 0],
    ['secondaryGroupingDigits', secondaryGroupingDigits, 0],
    ['minGroupingDigits', minGroupingDigits, 1],
  ] as const) {
    if (!isCount(value, min))
      throw new RangeError(`${name} must be an integer of at least ${min}, got ${value}`);
  }
  const { negative, integer, fraction } = roundDecimal(amount, fractionDigits);
  const grouped = groupInteger(
    integer,
    groupingSeparator,
    groupingDigits,
    secondaryGroupingDigits,
    minGroupingDigits,
  );
  return `${negative ? '-' : ''}${grouped}${fraction ? `${decimalSeparator}${fraction}` : ''}`;
}

// A currency the config does not prefer keeps its own decimals (JPY 0, else 2), so a yen price on the
// US store reads 'JPY 1,235', not 'JPY 1,235.00'.
const digitsFor = (currencyCode: string, config: PriceFormatConfig) =>
  currencyCode === config.currencyOfPreference ? config.fractionDigits : currencyFractionDigits(currencyCode);

/**
 * PRICE-009/010: the display string for a price: rounded half-even and put into `priceFormat`, or,
 * for a currency other than `currencyOfPreference`, the currency code then the number ('EUR 12.50').
 * Throws on an invalid config (PRICE-003..007) or price (PRICE-008).
 */
export function formatPrice(
  price: { amount: number; currencyCode: string },
  config: PriceFormatConfig,
): string {
  validatePriceFormatConfig(config);
  if (!isValidPrice(price)) {
    throw new Error(
      `invalid price: amount must be a finite number of at least 0 and currencyCode 3 uppercase letters, got ${JSON.stringify(price.amount)} ${JSON.stringify(price.currencyCode)}`,
    );
  }
  const number = formatNumber(price.amount, {
    ...config,
    fractionDigits: digitsFor(price.currencyCode, config),
  });
  if (price.currencyCode !== config.currencyOfPreference) return `${price.currencyCode} ${number}`;
  return config.priceFormat.replace('{}', () => number);
}

/** Integer minor units (cents) for a decimal amount, rounded half-even; 49.99 with 2 digits is 4999. */
export function toMinorUnits(amount: number, fractionDigits: number): number {
  const { negative, integer, fraction } = roundDecimal(amount, fractionDigits);
  const minor = Number(`${negative ? '-' : ''}${integer}${fraction}`);
  if (!Number.isSafeInteger(minor)) throw new RangeError(`${amount} is too large to hold in minor units`);
  return minor;
}

/** The decimal amount for integer minor units; 4999 with 2 digits is 49.99 (the nearest double to it). */
export function fromMinorUnits(minor: number, fractionDigits: number): number {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`minor units must be a safe integer, got ${minor}`);
  if (!isCount(fractionDigits, 0)) {
    throw new RangeError(`fractionDigits must be an integer of at least 0, got ${fractionDigits}`);
  }
  // Parsing `4999e-2` gives the double nearest 49.99; dividing by 10 ** digits can be one ulp off.
  const amount = Number(`${minor}e-${fractionDigits}`);
  return amount === 0 ? 0 : amount;
}

/** PRICE-001: a Price from integer minor units (whole yen for JPY), with its display string. */
export function toPrice(amountMinor: number, currencyCode: string, config: PriceFormatConfig): Price {
  const fractionDigits = digitsFor(currencyCode, config);
  const amount = fromMinorUnits(amountMinor, fractionDigits);
  if (amountMinor < 0 || !CURRENCY_CODE.test(currencyCode)) {
    // Invalid prices throw with formatPrice's message.
    return { amount, currencyCode, displayString: formatPrice({ amount, currencyCode }, config) };
  }
  validatePriceFormatConfig(config);
  // Minor units already hold the decimal digits at the precision the price is written with, so no
  // rounding is needed: the same string formatPrice makes for the amount, without reading the amount
  // back as a decimal (prices are formatted many times per page).
  const digits = String(amountMinor).padStart(fractionDigits + 1, '0');
  const integer = digits.slice(0, digits.length - fractionDigits);
  const fraction = digits.slice(digits.length - fractionDigits);
  const grouped = groupInteger(
    integer,
    config.groupingSeparator,
    config.groupingDigits,
    config.secondaryGroupingDigits,
    config.minGroupingDigits,
  );
  const number = fraction ? `${grouped}${config.decimalSeparator}${fraction}` : grouped;
  const displayString =
    currencyCode === config.currencyOfPreference
      ? config.priceFormat.replace('{}', () => number)
      : `${currencyCode} ${number}`;
  return { amount, currencyCode, displayString };
}

/** The display string for minor units in a marketplace's own currency; throws for an unknown marketplace. */
export function formatMarketplacePrice(amountMinor: number, marketplaceId: string): string {
  const marketplace = marketplaceById(marketplaceId);
  if (!marketplace) throw new Error(`unknown marketplaceId ${marketplaceId}`);
  return toPrice(amountMinor, marketplace.currencyCode, marketplace.priceFormat).displayString;
}
