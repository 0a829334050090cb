// The smart-home badge (SH-*): compatible devices picked with checkboxes, their running total and one
// add button for all of them.

import {
  currencyFractionDigits,
  formatNumber,
  type PriceFormatConfig,
  validatePriceFormatConfig,
} from '../../shared/money/price-format';

/** What the add button says, from page state (SH-005). `{count}` is the number of devices checked. */
export type SmartHomeButtonMessages = { add: string; adding: string; added: string; failed: string };

/** The widget's page state: it starts only with all three parts (SH-005). */
export type SmartHomeConfig = {
  currencyCode: string;
  priceFormat: PriceFormatConfig;
  buttonMessages: SmartHomeButtonMessages;
};

const MESSAGE_KEYS = ['add', 'adding', 'added', 'failed'] as const;

/**
 * SH-005: the widget's config when the page state holds a currency code, a valid price format and
 * every button message; null (the widget does not start) otherwise, with the reason.
 */
export function smartHomeConfig(
  state: unknown,
): { ok: true; config: SmartHomeConfig } | { ok: false; reason: string } {
  if (typeof state !== 'object' || state === null) return { ok: false, reason: 'no page state' };
  const { currencyCode, priceFormat, buttonMessages } = state as Record<string, unknown>;
  if (typeof currencyCode !== 'string' || !/^[A-Z]{3}$/.test(currencyCode)) {
    return { ok: false, reason: 'no currency code' };
  }
  let format: PriceFormatConfig;
  try {
    format = validatePriceFormatConfig(priceFormat);
  } catch {
    return { ok: false, reason: 'no price format' };
  }
  if (typeof buttonMessages !== 'object' || buttonMessages === null) {
    return { ok: false, reason: 'no button messages' };
  }
  const messages = buttonMessages as Record<string, unknown>;
  if (!MESSAGE_KEYS.every((key) => typeof messages[key] === 'string' && messages[key] !== '')) {
    return { ok: false, reason: 'no button messages' };
  }
  return {
    ok: true,
    config: { currencyCode, priceFormat: format, buttonMessages: messages as SmartHomeButtonMessages },
  };
}

/** SH-003: the add button is enabled only with at least one device checked. */
export const smartHomeAddEnabled = (checkedCount: number) => checkedCount > 0;

/** SH-004: the total price shows only with at least one device checked. */
export const smartHomeTotalShown = (checkedCount: number) => checkedCount > 0;

/** SH-006/007: the total's decimals: none for JPY, two for every other currency. */
export const smartHomeFractionDigits = (currencyCode: string) => (currencyCode === 'JPY' ? 0 : 2);

/**
 * The running total of the checked devices' prices (decimal amounts), as the shopper reads it: summed in
 * minor units, written with the number format (precision 0 and a comma every three digits unless the
 * format says otherwise, S1 §9) at the currency's decimals, inside the marketplace's price format.
 */
export function smartHomeTotal(prices: readonly number[], config: SmartHomeConfig): string {
  const digits = smartHomeFractionDigits(config.currencyCode);
  const scale = 10 ** currencyFractionDigits(config.currencyCode);
  const minor = prices.reduce((sum, price) => sum + Math.round(price * scale), 0);
  const number = formatNumber(minor / scale, {
    fractionDigits: digits,
    groupingSeparator: config.priceFormat.groupingSeparator,
    decimalSeparator: config.priceFormat.decimalSeparator,
  });
  return config.currencyCode === config.priceFormat.currencyOfPreference
    ? config.priceFormat.priceFormat.replace('{}', () => number)
    : `${config.currencyCode} ${number}`;
}

/** The button's words for `count` checked devices. */
/** A button message with its count; with none ticked the count is left out ("Add to Cart", not "Add 0 to Cart"). */
export const smartHomeMessage = (message: string, count: number) =>
  count === 0 ? message.replace(/\s*\{count\}/g, '') : message.replaceAll('{count}', String(count));
