import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { DEFAULT_MARKETPLACE_ID, MARKETPLACE_IDS, MARKETPLACES, marketplaceById } from '../marketplaces';
import {
  formatMarketplacePrice,
  formatNumber,
  formatPrice,
  fromMinorUnits,
  isValidPrice,
  type PriceFormatConfig,
  roundHalfEven,
  toMinorUnits,
  toPrice,
  validatePriceFormatConfig,
} from './price-format';

const usd: PriceFormatConfig = {
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a dollar sign before the {} price placeholder.
  priceFormat: '${}',
  decimalSeparator: '.',
  fractionDigits: 2,
  groupingSeparator: ',',
  groupingDigits: 3,
  secondaryGroupingDigits: 3,
  minGroupingDigits: 1,
  currencyOfPreference: 'USD',
};

const priceFormatOf = (id: string) => {
  const marketplace = marketplaceById(id);
  if (!marketplace) throw new Error(`test setup: no marketplace ${id}`);
  return marketplace.priceFormat;
};

const expectInvalid = (overrides: Record<string, unknown>, field: string) =>
  expect(() => validatePriceFormatConfig({ ...usd, ...overrides })).toThrow(field);

describe('price format rules', () => {
  test('PRICE-001 a price has amount, currencyCode and displayString', () => {
    const price = toPrice(4999, 'USD', usd);
    expect(price).toStrictEqual({ amount: 49.99, currencyCode: 'USD', displayString: '$49.99' });
    expect(Object.keys(price).sort()).toEqual(['amount', 'currencyCode', 'displayString']);
  });

  test('PRICE-002 a price format config has the eight fields, each one checked', () => {
    expect(validatePriceFormatConfig(usd)).toBe(usd);
    for (const field of Object.keys(usd)) {
      const { [field as keyof PriceFormatConfig]: _, ...missing } = usd;
      expect(() => validatePriceFormatConfig(missing)).toThrow(field);
    }
    expect(() => validatePriceFormatConfig(null)).toThrow('price format config');
  });

  test('PRICE-003 a priceFormat without the {} placeholder is invalid', () => {
    expectInvalid({ priceFormat: '$' }, 'priceFormat');
    expectInvalid({ priceFormat: '{ }' }, 'priceFormat');
    expectInvalid({ priceFormat: '' }, 'priceFormat');
    expect(() => formatPrice({ amount: 1, currencyCode: 'USD' }, { ...usd, priceFormat: 'USD' })).toThrow(
      'priceFormat',
    );
  });

  test('PRICE-004 an empty decimal or grouping separator is invalid', () => {
    expectInvalid({ decimalSeparator: '' }, 'decimalSeparator');
    expectInvalid({ groupingSeparator: '' }, 'groupingSeparator');
    expect(validatePriceFormatConfig({ ...usd, groupingSeparator: ' ' }).groupingSeparator).toBe(' ');
  });

  test('PRICE-005 fraction, grouping or secondary grouping digits below 0 are invalid', () => {
    for (const field of ['fractionDigits', 'groupingDigits', 'secondaryGroupingDigits']) {
      expectInvalid({ [field]: -1 }, field);
      expectInvalid({ [field]: 1.5 }, field);
      expectInvalid({ [field]: Number.NaN }, field);
      expect(() => validatePriceFormatConfig({ ...usd, [field]: 0 })).not.toThrow();
    }
  });

  test('PRICE-006 minGroupingDigits below 1 is invalid', () => {
    expectInvalid({ minGroupingDigits: 0 }, 'minGroupingDigits');
    expectInvalid({ minGroupingDigits: -3 }, 'minGroupingDigits');
    expect(() => validatePriceFormatConfig({ ...usd, minGroupingDigits: 1 })).not.toThrow();
  });

  test('PRICE-007 a currency code that is not 3 uppercase letters is invalid', () => {
    for (const code of ['usd', 'US', 'USDX', 'U5D', '', ' USD']) {
      expectInvalid({ currencyOfPreference: code }, 'currencyOfPreference');
    }
  });

  test('PRICE-008 a price needs a finite amount of at least 0 and a 3-uppercase-letter currency', () => {
    expect(isValidPrice({ amount: 0, currencyCode: 'USD' })).toBe(true);
    expect(isValidPrice({ amount: 49.99, currencyCode: 'EUR' })).toBe(true);
    expect(isValidPrice({ amount: -0.01, currencyCode: 'USD' })).toBe(false);
    expect(isValidPrice({ amount: Number.NaN, currencyCode: 'USD' })).toBe(false);
    expect(isValidPrice({ amount: Number.POSITIVE_INFINITY, currencyCode: 'USD' })).toBe(false);
    expect(isValidPrice({ amount: '5', currencyCode: 'USD' })).toBe(false);
    expect(isValidPrice({ amount: 5, currencyCode: 'usd' })).toBe(false);
    expect(isValidPrice({ amount: 5, currencyCode: undefined })).toBe(false);
    expect(() => formatPrice({ amount: -1, currencyCode: 'USD' }, usd)).toThrow('invalid price');
    expect(() => formatPrice({ amount: 1, currencyCode: 'US' }, usd)).toThrow('invalid price');
  });

  test('PRICE-009 rounds half-even to the fraction digits', () => {
    expect(roundHalfEven(2.345, 2)).toBe(2.34);
    expect(roundHalfEven(2.355, 2)).toBe(2.36);
    expect(roundHalfEven(0.125, 2)).toBe(0.12);
    expect(roundHalfEven(2.675, 2)).toBe(2.68);
    expect(roundHalfEven(2.3451, 2)).toBe(2.35);
    expect(roundHalfEven(1.5, 0)).toBe(2);
    expect(roundHalfEven(2.5, 0)).toBe(2);
    expect(roundHalfEven(9.995, 2)).toBe(10);
    expect(roundHalfEven(-2.5, 0)).toBe(-2);
    expect(roundHalfEven(1e-7, 2)).toBe(0);
    expect(roundHalfEven(1e21, 2)).toBe(1e21);
    expect(formatPrice({ amount: 2.345, currencyCode: 'USD' }, usd)).toBe('$2.34');
    expect(formatPrice({ amount: 2.355, currencyCode: 'USD' }, usd)).toBe('$2.36');
    expect(() => roundHalfEven(1, -1)).toThrow('fractionDigits');
    expect(() => roundHalfEven(Number.NaN, 2)).toThrow('finite');
  });

  test('PRICE-010 a currency other than the preferred one shows as code plus amount', () => {
    expect(formatPrice({ amount: 12.5, currencyCode: 'EUR' }, usd)).toBe('EUR 12.50');
    expect(formatPrice({ amount: 1234.5, currencyCode: 'USD' }, priceFormatOf('A1PA6795UKMFR9'))).toBe(
      'USD 1.234,50',
    );
    // The yen keeps its own zero decimals even on a store that shows two.
    expect(formatPrice({ amount: 1235, currencyCode: 'JPY' }, usd)).toBe('JPY 1,235');
    expect(toPrice(1235, 'JPY', usd)).toEqual({
      amount: 1235,
      currencyCode: 'JPY',
      displayString: 'JPY 1,235',
    });
  });

  test('PRICE-011 the number format defaults to 0 decimals with a comma thousand separator', () => {
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(1234.5)).toBe('1,234');
    expect(formatNumber(1235.5)).toBe('1,236');
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(0)).toBe('0');
  });
});

describe('number grouping', () => {
  test('later groups use the secondary size, so 3/2 writes Indian style', () => {
    expect(formatNumber(1234567, { secondaryGroupingDigits: 2 })).toBe('12,34,567');
    expect(formatNumber(1234567.891, { secondaryGroupingDigits: 2, fractionDigits: 2 })).toBe('12,34,567.89');
  });

  test('grouping starts only at groupingDigits + minGroupingDigits integer digits', () => {
    expect(formatNumber(1234, { minGroupingDigits: 2 })).toBe('1234');
    expect(formatNumber(12345, { minGroupingDigits: 2 })).toBe('12,345');
    expect(formatNumber(1234, { minGroupingDigits: 1 })).toBe('1,234');
  });

  test('a group size of 0 turns grouping off, a secondary size of 0 repeats the first', () => {
    expect(formatNumber(1234567, { groupingDigits: 0 })).toBe('1234567');
    expect(formatNumber(1234567, { groupingDigits: 2, secondaryGroupingDigits: 0 })).toBe('1,23,45,67');
  });

  test('separators and fraction digits come from the options', () => {
    expect(formatNumber(1234.5, { fractionDigits: 2, groupingSeparator: '.', decimalSeparator: ',' })).toBe(
      '1.234,50',
    );
    expect(formatNumber(-1234.5, { fractionDigits: 1 })).toBe('-1,234.5');
    expect(formatNumber(-0.001, { fractionDigits: 2 })).toBe('0.00');
  });
});

describe('minor units', () => {
  test('decimal amounts become integer minor units and back without float drift', () => {
    expect(toMinorUnits(49.99, 2)).toBe(4999);
    expect(toMinorUnits(0.1 + 0.2, 2)).toBe(30);
    expect(toMinorUnits(1.005, 2)).toBe(100);
    expect(toMinorUnits(1.015, 2)).toBe(102);
    expect(toMinorUnits(1235, 0)).toBe(1235);
    expect(fromMinorUnits(4999, 2)).toBe(49.99);
    expect(fromMinorUnits(1, 2)).toBe(0.01);
    expect(fromMinorUnits(1235, 0)).toBe(1235);
    expect(() => fromMinorUnits(1.5, 2)).toThrow('integer');
    expect(() => toMinorUnits(1e300, 2)).toThrow('too large');
  });

  test('minor units survive a round trip through the decimal amount', () => {
    // A double holds any decimal of up to 15 significant digits, far beyond any price.
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e15 - 1 }), fc.integer({ min: 0, max: 4 }), (minor, digits) => {
        expect(toMinorUnits(fromMinorUnits(minor, digits), digits)).toBe(minor);
      }),
    );
  });
});

describe('marketplaces', () => {
  test('each marketplace writes its prices its own way', () => {
    expect(formatMarketplacePrice(4999, 'ATVPDKIKX0DER')).toBe('$49.99');
    expect(formatMarketplacePrice(123456, 'ATVPDKIKX0DER')).toBe('$1,234.56');
    expect(formatMarketplacePrice(123456, 'A1F83G8C2ARO7P')).toBe('£1,234.56');
    expect(formatMarketplacePrice(123456, 'A2EUQ1WTGCTBG2')).toBe('$1,234.56');
    expect(formatMarketplacePrice(123456, 'A1PA6795UKMFR9')).toBe('1.234,56 €');
    expect(formatMarketplacePrice(1235, 'A1VC38T7YXB528')).toBe('￥1,235');
    expect(formatMarketplacePrice(0, 'A1VC38T7YXB528')).toBe('￥0');
    expect(formatMarketplacePrice(99, 'A1PA6795UKMFR9')).toBe('0,99 €');
  });

  test('a decimal yen amount rounds half-even to whole yen', () => {
    const jp = priceFormatOf('A1VC38T7YXB528');
    expect(formatPrice({ amount: 1234.5, currencyCode: 'JPY' }, jp)).toBe('￥1,234');
    expect(formatPrice({ amount: 1235.5, currencyCode: 'JPY' }, jp)).toBe('￥1,236');
  });

  test('the table has five valid marketplaces keyed by id, with US the default', () => {
    expect(Object.keys(MARKETPLACES).sort()).toEqual([...MARKETPLACE_IDS].sort());
    for (const id of MARKETPLACE_IDS) {
      const marketplace = MARKETPLACES[id];
      expect(marketplace.marketplaceId).toBe(id);
      expect(marketplace.priceFormat.currencyOfPreference).toBe(marketplace.currencyCode);
      expect(() => validatePriceFormatConfig(marketplace.priceFormat)).not.toThrow();
    }
    expect(marketplaceById(DEFAULT_MARKETPLACE_ID)?.countryCode).toBe('us');
    expect(marketplaceById('A1VC38T7YXB528')?.language).toBe('ja-JP');
    expect(marketplaceById('nope')).toBeUndefined();
    expect(marketplaceById('toString')).toBeUndefined();
    expect(() => formatMarketplacePrice(1, 'nope')).toThrow('unknown marketplaceId');
  });
});

const decimalsOf = (n: number) => (String(n).split('.')[1] ?? '').length;

const validConfig = fc.record({
  priceFormat: fc.constantFrom(usd.priceFormat, '{} €', '￥{}', 'CHF {}', '{}'),
  decimalSeparator: fc.constantFrom('.', ','),
  fractionDigits: fc.integer({ min: 0, max: 4 }),
  groupingSeparator: fc.constantFrom(',', '.', ' ', '\u202f', "'"),
  groupingDigits: fc.integer({ min: 0, max: 4 }),
  secondaryGroupingDigits: fc.integer({ min: 0, max: 4 }),
  minGroupingDigits: fc.integer({ min: 1, max: 3 }),
  currencyOfPreference: fc.constantFrom('USD', 'EUR', 'GBP', 'CHF', 'INR'),
});

// Each breaks exactly one of PRICE-003..007 and names the field it breaks.
const breakage = fc.oneof(
  fc
    .string()
    .filter((s) => !s.includes('{}'))
    .map((priceFormat) => ({ field: 'priceFormat', value: priceFormat })),
  fc.constantFrom('decimalSeparator', 'groupingSeparator').map((field) => ({ field, value: '' })),
  fc
    .tuple(
      fc.constantFrom('fractionDigits', 'groupingDigits', 'secondaryGroupingDigits'),
      fc.oneof(fc.integer({ max: -1 }), fc.double({ noInteger: true })),
    )
    .map(([field, value]) => ({ field, value })),
  fc
    .oneof(fc.integer({ max: 0 }), fc.double({ noInteger: true, max: 1 }))
    .map((value) => ({ field: 'minGroupingDigits', value })),
  fc
    .string()
    .filter((s) => !/^[A-Z]{3}$/.test(s))
    .map((value) => ({ field: 'currencyOfPreference', value })),
);

describe('properties', () => {
  test('PRICE-009 rounding leaves at most fractionDigits decimals and moves at most half a unit', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1e9, noNaN: true }),
        fc.integer({ min: 0, max: 6 }),
        (amount, digits) => {
          const rounded = roundHalfEven(amount, digits);
          expect(decimalsOf(rounded)).toBeLessThanOrEqual(digits);
          const halfUnit = 0.5 * 10 ** -digits;
          expect(Math.abs(rounded - amount)).toBeLessThanOrEqual(halfUnit + amount * Number.EPSILON * 4);
        },
      ),
    );
  });

  test('PRICE-009 an exact tie on a decimal goes to the even neighbour', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e6 }), fc.integer({ min: 0, max: 3 }), (units, digits) => {
        const tie = Number(`${units}5e-${digits + 1}`);
        const expected = units % 2 === 0 ? units : units + 1;
        expect(roundHalfEven(tie, digits)).toBe(Number(`${expected}e-${digits}`));
      }),
    );
  });

  test('a price formatted in any marketplace reads back as the half-even rounded amount', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...MARKETPLACE_IDS),
        fc.double({ min: 0, max: 1e10, noNaN: true }),
        (id, amount) => {
          const config = MARKETPLACES[id].priceFormat;
          const shown = formatPrice({ amount, currencyCode: config.currencyOfPreference }, config);
          const number = shown
            .split('')
            .filter((ch) => /\d/.test(ch) || ch === config.decimalSeparator)
            .join('')
            .replace(config.decimalSeparator, '.');
          expect(Number(number)).toBe(roundHalfEven(amount, config.fractionDigits));
          if (config.fractionDigits > 0) expect(number.split('.')[1]).toHaveLength(config.fractionDigits);
        },
      ),
    );
  });

  test('grouping never changes the digits and every group has its configured size', () => {
    fc.assert(
      fc.property(
        fc.maxSafeNat(),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 3 }),
        (n, primary, secondary, min) => {
          const text = formatNumber(n, {
            groupingDigits: primary,
            secondaryGroupingDigits: secondary,
            minGroupingDigits: min,
            groupingSeparator: ' ',
          });
          expect(text.replaceAll(' ', '')).toBe(String(n));
          const groups = text.split(' ');
          if (String(n).length < primary + min) {
            expect(groups).toHaveLength(1);
            return;
          }
          expect(groups.at(-1)).toHaveLength(primary);
          for (const middle of groups.slice(1, -1)) expect(middle).toHaveLength(secondary);
          expect(groups[0]?.length).toBeGreaterThan(0);
          expect(groups[0]?.length).toBeLessThanOrEqual(secondary);
        },
      ),
    );
  });

  test('PRICE-003..007 a config that breaks any rule always throws, naming the field', () => {
    fc.assert(
      fc.property(validConfig, breakage, (config, { field, value }) => {
        expect(() => validatePriceFormatConfig(config)).not.toThrow();
        expect(() => validatePriceFormatConfig({ ...config, [field]: value })).toThrow(field);
        expect(() =>
          formatPrice(
            { amount: 1, currencyCode: config.currencyOfPreference },
            { ...config, [field]: value },
          ),
        ).toThrow(field);
      }),
    );
  });
});

describe('toPrice from minor units', () => {
  test('PRICE-001 writes the same display string as formatPrice of the amount, for any config and currency', () => {
    fc.assert(
      fc.property(
        validConfig,
        fc.integer({ min: 0, max: 1e15 - 1 }),
        fc.constantFrom('USD', 'EUR', 'JPY', 'GBP', 'INR'),
        (config, minor, currencyCode) => {
          const price = toPrice(minor, currencyCode, config);
          expect(price.displayString).toBe(formatPrice({ amount: price.amount, currencyCode }, config));
        },
      ),
    );
  });

  test('PRICE-008 a negative amount or a bad currency still throws as formatPrice does', () => {
    expect(() => toPrice(-1, 'USD', usd)).toThrow('invalid price');
    expect(() => toPrice(100, 'usd', usd)).toThrow('invalid price');
    expect(() => toPrice(100, 'USD', { ...usd, decimalSeparator: '' })).toThrow('decimalSeparator');
  });
});
