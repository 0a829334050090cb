import { describe, expect, test } from 'vitest';
import { MARKETPLACES } from '../../shared/marketplaces';
import { formatNumber } from '../../shared/money/price-format';
import {
  type SmartHomeConfig,
  smartHomeAddEnabled,
  smartHomeConfig,
  smartHomeFractionDigits,
  smartHomeMessage,
  smartHomeTotal,
  smartHomeTotalShown,
} from './smart-home';

const messages = { add: 'Add {count} to Cart', adding: 'Adding…', added: 'Added', failed: 'Failed' };
const us: SmartHomeConfig = {
  currencyCode: 'USD',
  priceFormat: MARKETPLACES.ATVPDKIKX0DER.priceFormat,
  buttonMessages: messages,
};
const jp: SmartHomeConfig = {
  currencyCode: 'JPY',
  priceFormat: MARKETPLACES.A1VC38T7YXB528.priceFormat,
  buttonMessages: messages,
};

describe('smart-home badge', () => {
  test('SH-003 the add button is disabled at zero checked and enabled otherwise', () => {
    expect(smartHomeAddEnabled(0)).toBe(false);
    expect(smartHomeAddEnabled(1)).toBe(true);
    expect(smartHomeAddEnabled(3)).toBe(true);
  });

  test('SH-004 the total price is hidden at zero checked', () => {
    expect(smartHomeTotalShown(0)).toBe(false);
    expect(smartHomeTotalShown(2)).toBe(true);
  });

  test('SH-005 the widget does not start without currency code, price format and button messages', () => {
    const state = { currencyCode: 'USD', priceFormat: us.priceFormat, buttonMessages: messages };
    expect(smartHomeConfig(state)).toEqual({ ok: true, config: state });
    expect(smartHomeConfig({ ...state, currencyCode: undefined })).toEqual({
      ok: false,
      reason: 'no currency code',
    });
    expect(smartHomeConfig({ ...state, currencyCode: 'usd' })).toMatchObject({ ok: false });
    expect(smartHomeConfig({ ...state, priceFormat: undefined })).toEqual({
      ok: false,
      reason: 'no price format',
    });
    expect(smartHomeConfig({ ...state, priceFormat: { priceFormat: 'no placeholder' } })).toMatchObject({
      ok: false,
    });
    expect(smartHomeConfig({ ...state, buttonMessages: undefined })).toEqual({
      ok: false,
      reason: 'no button messages',
    });
    expect(smartHomeConfig({ ...state, buttonMessages: { ...messages, failed: '' } })).toMatchObject({
      ok: false,
    });
    expect(smartHomeConfig(null)).toMatchObject({ ok: false });
  });

  test('SH-006 the total uses zero decimals for JPY', () => {
    expect(smartHomeFractionDigits('JPY')).toBe(0);
    expect(smartHomeTotal([2980, 1480], jp)).toBe('￥4,460');
    expect(smartHomeTotal([123456], jp)).toBe('￥123,456');
  });

  test('SH-007 the total uses two decimals for every other currency', () => {
    for (const code of ['USD', 'GBP', 'EUR', 'CAD']) expect(smartHomeFractionDigits(code)).toBe(2);
    expect(smartHomeTotal([24.99, 14.99, 59.99], us)).toBe('$99.97');
    expect(smartHomeTotal([1000, 234.5], us)).toBe('$1,234.50');
    // Summed in cents: no 0.1 + 0.2 drift.
    expect(smartHomeTotal([0.1, 0.2], us)).toBe('$0.30');
  });

  test('the number format defaults to precision 0 with a comma every three digits (S1 §9)', () => {
    expect(formatNumber(1234567.8)).toBe('1,234,568');
  });

  test('the button names how many devices it adds', () => {
    expect(smartHomeMessage('Add {count} to Cart', 3)).toBe('Add 3 to Cart');
    // SH-003: with nothing ticked the (disabled) button reads without a zero count.
    expect(smartHomeMessage('Add {count} to Cart', 0)).toBe('Add to Cart');
  });
});
