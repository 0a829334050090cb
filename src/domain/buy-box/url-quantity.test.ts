import { describe, expect, test } from 'vitest';
import {
  initialQuantity,
  parseQtyParam,
  quantityAdjustment,
  quantityUrl,
  reloadParams,
  reloadUrl,
  shouldClickQuantityTooltip,
} from './url-quantity';

describe('parseQtyParam', () => {
  test('DP-012 an integer from 1 to 999 is the quantity', () => {
    expect(parseQtyParam('5')).toBe(5);
    expect(parseQtyParam('1')).toBe(1);
    expect(parseQtyParam('999')).toBe(999);
    expect(parseQtyParam('007')).toBe(7);
  });

  test('DP-012 anything else gives 1', () => {
    for (const value of [
      '0',
      '1000',
      '2.5',
      'abc',
      ' 7',
      '7 ',
      '-3',
      '+3',
      '1e2',
      '0x10',
      '',
      null,
      undefined,
    ]) {
      expect(parseQtyParam(value)).toBe(1);
    }
  });
});

describe('quantityUrl', () => {
  test('DP-009 replaces qty and keeps the other parameters and the hash', () => {
    expect(quantityUrl('/dp/B0TESTSPK1?ref_=nav&qty=2&psc=1#reviews', 4)).toBe(
      '/dp/B0TESTSPK1?ref_=nav&qty=4&psc=1#reviews',
    );
  });

  test('DP-009 adds qty when the address has none', () => {
    expect(quantityUrl('/dp/B0TESTSPK1', 3)).toBe('/dp/B0TESTSPK1?qty=3');
    expect(quantityUrl('/dp/B0TESTSPK1#top', 3)).toBe('/dp/B0TESTSPK1?qty=3#top');
    expect(quantityUrl('https://shop.example/dp/B0TESTSPK1?smid=X', 2)).toBe(
      'https://shop.example/dp/B0TESTSPK1?smid=X&qty=2',
    );
  });

  test("DP-009 other parameters keep their exact encoding (the vas parameter's quoted JSON)", () => {
    const url = '/dp/B0TESTSPK1?vas=\'{"vw":"A1"}\'&qty=1';
    expect(quantityUrl(url, 2)).toBe('/dp/B0TESTSPK1?vas=\'{"vw":"A1"}\'&qty=2');
  });

  test('DP-009 a repeated qty collapses to one entry in the place of the first', () => {
    expect(quantityUrl('/dp/X?qty=1&a=b&qty=9', 5)).toBe('/dp/X?qty=5&a=b');
  });

  test('DP-012 a quantity the address cannot hold is written as 1', () => {
    expect(quantityUrl('/dp/X', 0)).toBe('/dp/X?qty=1');
    expect(quantityUrl('/dp/X', 1000)).toBe('/dp/X?qty=1');
  });
});

describe('reloadParams', () => {
  test('DP-010 a reload carries qty, psc=1, ref_, sbo and smid', () => {
    const params = reloadParams(new URLSearchParams('th=1'), {
      qty: 3,
      psc: true,
      ref: 'bbt_limit_order',
      sbo: 'SBO123',
      smid: 'ATVPDKIKX0DER',
    });
    expect(params.toString()).toBe('th=1&qty=3&psc=1&ref_=bbt_limit_order&sbo=SBO123&smid=ATVPDKIKX0DER');
  });

  test('DP-010 values left out keep the current ones; psc false and empty strings remove them', () => {
    const current = new URLSearchParams('qty=2&psc=1&ref_=old&smid=M1');
    const params = reloadParams(current, { psc: false, ref: '' });
    expect(params.toString()).toBe('qty=2&smid=M1');
    expect(current.toString()).toBe('qty=2&psc=1&ref_=old&smid=M1');
  });

  test('DP-010 a reload address keeps its path, the other parameters and the hash', () => {
    expect(
      reloadUrl('https://shop.test/dp/B0TEST0001?sbo=S1&smid=M1&qty=2#top', { qty: 12, psc: true }),
    ).toBe('/dp/B0TEST0001?sbo=S1&smid=M1&qty=12&psc=1#top');
    expect(reloadUrl('/dp/B0TEST0001', { qty: 4, psc: true })).toBe('/dp/B0TEST0001?qty=4&psc=1');
  });
});

describe('shouldClickQuantityTooltip', () => {
  test('DP-011 only bmsmSlotRedirect=1 clicks the quantity-updated tooltip', () => {
    expect(shouldClickQuantityTooltip(new URLSearchParams('bmsmSlotRedirect=1'))).toBe(true);
    expect(shouldClickQuantityTooltip(new URLSearchParams('bmsmSlotRedirect=0'))).toBe(false);
    expect(shouldClickQuantityTooltip(new URLSearchParams('qty=2'))).toBe(false);
  });
});

describe('initialQuantity', () => {
  const offer = { hasFreeFormPicker: true, min: 1, max: 30 };

  test('BB-008 qty pre-sets the quantity when a free-form picker exists', () => {
    expect(initialQuantity(new URLSearchParams('qty=4'), offer)).toBe(4);
    expect(initialQuantity(new URLSearchParams('qty=4'), { ...offer, hasFreeFormPicker: false })).toBe(1);
  });

  test('BB-009 the default quantity is 1', () => {
    expect(initialQuantity(new URLSearchParams(''), offer)).toBe(1);
    expect(initialQuantity(new URLSearchParams('qty=abc'), offer)).toBe(1);
  });

  test('BB-008 the quantity is kept within the offer limits', () => {
    expect(initialQuantity(new URLSearchParams('qty=50'), offer)).toBe(30);
    expect(initialQuantity(new URLSearchParams('qty=1'), { ...offer, min: 3 })).toBe(3);
    expect(initialQuantity(new URLSearchParams(''), { hasFreeFormPicker: false, min: 3, max: 999 })).toBe(3);
  });
});

describe('quantityAdjustment', () => {
  const batteries = { hasFreeFormPicker: true, min: 1, max: 5 };
  const adjustment = (query: string, picker = batteries) =>
    quantityAdjustment(new URLSearchParams(query), picker);

  test('decision 0017: a qty used as it is needs no note', () => {
    expect(adjustment('')).toBeNull();
    expect(adjustment('qty=3')).toBeNull();
    expect(adjustment('qty=05')).toBeNull();
    expect(adjustment('qty=9', { ...batteries, hasFreeFormPicker: false })).toBeNull();
  });

  test('DP-012: a qty that is not an integer from 1 to 999 is unreadable (and becomes 1)', () => {
    for (const qty of ['abc', '0', '1000', '2.5', '-3', ''])
      expect(adjustment(`qty=${qty}`)).toBe('unreadable');
  });

  test('decision 0017: above the per-order limit, or below the minimum order quantity, says which', () => {
    expect(adjustment('qty=9')).toBe('limit');
    expect(adjustment('qty=1', { hasFreeFormPicker: true, min: 3, max: 999 })).toBe('minimum');
  });
});
