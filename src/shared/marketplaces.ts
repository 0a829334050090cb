import type { PriceFormatConfig } from './money/price-format';

// Plain data (no zod, no node:*) so the page bundle and the server share one table. The rows match the
// `marketplaces` table seeded by migration 0001; price formats follow each storefront's own display.

export const MARKETPLACE_IDS = [
  'ATVPDKIKX0DER',
  'A1F83G8C2ARO7P',
  'A2EUQ1WTGCTBG2',
  'A1PA6795UKMFR9',
  'A1VC38T7YXB528',
] as const;
export type MarketplaceId = (typeof MARKETPLACE_IDS)[number];

export const DEFAULT_MARKETPLACE_ID = 'ATVPDKIKX0DER' satisfies MarketplaceId;

export type Marketplace = Readonly<{
  marketplaceId: MarketplaceId;
  countryCode: 'us' | 'gb' | 'ca' | 'de' | 'jp';
  currencyCode: string;
  language: string;
  name: string;
  priceFormat: Readonly<PriceFormatConfig>;
}>;

// biome-ignore lint/suspicious/noTemplateCurlyInString: a dollar sign before the {} price placeholder.
const dollarFormat = '${}';

const englishGrouping = {
  decimalSeparator: '.',
  groupingSeparator: ',',
  groupingDigits: 3,
  secondaryGroupingDigits: 3,
  minGroupingDigits: 1,
} as const;

export const MARKETPLACES: Readonly<Record<MarketplaceId, Marketplace>> = Object.freeze({
  ATVPDKIKX0DER: {
    marketplaceId: 'ATVPDKIKX0DER',
    countryCode: 'us',
    currencyCode: 'USD',
    language: 'en-US',
    name: 'United States',
    priceFormat: {
      ...englishGrouping,
      priceFormat: dollarFormat,
      fractionDigits: 2,
      currencyOfPreference: 'USD',
    },
  },
  A1F83G8C2ARO7P: {
    marketplaceId: 'A1F83G8C2ARO7P',
    countryCode: 'gb',
    currencyCode: 'GBP',
    language: 'en-GB',
    name: 'United Kingdom',
    priceFormat: { ...englishGrouping, priceFormat: '£{}', fractionDigits: 2, currencyOfPreference: 'GBP' },
  },
  A2EUQ1WTGCTBG2: {
    marketplaceId: 'A2EUQ1WTGCTBG2',
    countryCode: 'ca',
    currencyCode: 'CAD',
    language: 'en-CA',
    name: 'Canada',
    priceFormat: {
      ...englishGrouping,
      priceFormat: dollarFormat,
      fractionDigits: 2,
      currencyOfPreference: 'CAD',
    },
  },
  A1PA6795UKMFR9: {
    marketplaceId: 'A1PA6795UKMFR9',
    countryCode: 'de',
    currencyCode: 'EUR',
    language: 'de-DE',
    name: 'Germany',
    priceFormat: {
      ...englishGrouping,
      priceFormat: '{} €',
      decimalSeparator: ',',
      groupingSeparator: '.',
      fractionDigits: 2,
      currencyOfPreference: 'EUR',
    },
  },
  A1VC38T7YXB528: {
    marketplaceId: 'A1VC38T7YXB528',
    countryCode: 'jp',
    currencyCode: 'JPY',
    language: 'ja-JP',
    name: 'Japan',
    // Yen has no minor unit, so amounts in minor units are whole yen (buy box §9: zero decimals for JPY).
    priceFormat: { ...englishGrouping, priceFormat: '￥{}', fractionDigits: 0, currencyOfPreference: 'JPY' },
  },
});

/** The marketplace with this id, or undefined for an id the store does not serve. */
export function marketplaceById(id: string): Marketplace | undefined {
  return Object.hasOwn(MARKETPLACES, id) ? MARKETPLACES[id as MarketplaceId] : undefined;
}
