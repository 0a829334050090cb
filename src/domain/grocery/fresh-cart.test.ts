import { describe, expect, test } from 'vitest';
import {
  afterFreshAdd,
  checkFreshLine,
  freshErrorModal,
  freshFailureAction,
  freshLineTarget,
  missingStoreSheetParams,
  multiAddAllowed,
  ORDERING_SERVICE_REDIRECT_MS,
  storeServes,
} from './fresh-cart';

const offer = { stock: 10, buyable: true, maxOrderQuantity: 6, minOrderQuantity: 1 };
const answer = {
  storefrontUrl: null,
  shouldRedirectToOgs: false,
  ogsUrl: null,
  refreshGlowLabel: false,
  storeIntroductionSheetHtml: null,
};

describe('fresh cart rules', () => {
  test('GRO-029 a line is checked against stock and limits, each refusal with its error code', () => {
    expect(checkFreshLine(offer, 3)).toBeNull();
    expect(checkFreshLine(offer, 0)).toBeNull();
    expect(checkFreshLine(offer, 7)).toEqual({ code: 'QUANTITY_OVERFLOW', limit: 6 });
    expect(checkFreshLine({ ...offer, stock: 2 }, 3)).toEqual({
      code: 'ITEM_PARTIALLY_AVAILABLE',
      available: 2,
    });
    expect(checkFreshLine({ ...offer, stock: 0 }, 1)).toEqual({ code: 'ITEM_NOT_AVAILABLE' });
    expect(checkFreshLine({ ...offer, buyable: false }, 1)).toEqual({ code: 'ITEM_NOT_AVAILABLE' });
    expect(checkFreshLine(null, 1)).toEqual({ code: 'PRICE_UNAVAILABLE' });
    expect(checkFreshLine(offer, -1)).toEqual({ code: 'INVALID_INPUT' });
    expect(checkFreshLine(offer, 1.5)).toEqual({ code: 'INVALID_INPUT' });
    expect(checkFreshLine({ ...offer, maxOrderQuantity: null, stock: 500 }, 100)).toEqual({
      code: 'QUANTITY_OVERFLOW',
      limit: 99,
    });
  });

  test('GRO-029 every error code has a modal with header, message and footer', () => {
    for (const code of [
      'ITEM_NOT_AVAILABLE',
      'ITEM_PARTIALLY_AVAILABLE',
      'ADDRESS_NOT_SELECTED',
      'INVALID_INPUT',
      'QUANTITY_OVERFLOW',
      'PRICE_UNAVAILABLE',
      'ORDER_CUTOFF_PASSED',
      'INTERNAL_ERROR',
    ] as const) {
      const modal = freshErrorModal(code, { title: 'Bananas', available: 2, limit: 6, kind: 'cart' });
      expect(modal.header, code).toBe('Item was not added to the cart');
      expect(modal.errorMessage.length, code).toBeGreaterThan(10);
      expect(modal.footer.length, code).toBeGreaterThan(5);
    }
    expect(freshErrorModal('QUANTITY_OVERFLOW', { title: 'Milk', limit: 6, kind: 'order' })).toMatchObject({
      header: 'Item was not added to the order',
      errorMessage: 'You can have at most 6 of Milk in your order.',
    });
  });

  test('SL-015 setQuantityFlag makes the quantity absolute; otherwise it adds to what is held', () => {
    expect(freshLineTarget(2, 3, false)).toBe(5);
    expect(freshLineTarget(2, 3, true)).toBe(3);
    expect(freshLineTarget(2, 0, true)).toBe(0);
  });

  test('a store delivers to the postal codes whose first three digits it lists, or everywhere when it lists none', () => {
    expect(storeServes(['981'], '98109')).toBe(true);
    expect(storeServes(['981'], '94105')).toBe(false);
    expect(storeServes([], '94105')).toBe(true);
    expect(storeServes(['981'], null)).toBe(true);
  });

  test('GRO-015 the store sheet needs asin, brandId, offerListingDiscriminator and storeId', () => {
    expect(
      missingStoreSheetParams({ asin: 'B0X', brandId: 'B', offerListingDiscriminator: 'D', storeId: 'S' }),
    ).toEqual([]);
    expect(missingStoreSheetParams({ asin: 'B0X', brandId: '', storeId: null })).toEqual([
      'brandId',
      'offerListingDiscriminator',
      'storeId',
    ]);
  });

  test('GRO-003 GRO-008 after an add: the ordering service after 3 s, the store front, the sheet, a reload, or stay', () => {
    expect(ORDERING_SERVICE_REDIRECT_MS).toBe(3000);
    expect(afterFreshAdd({ ...answer, shouldRedirectToOgs: true, ogsUrl: '/fom/orders/1' })).toEqual({
      kind: 'ordering-service',
      url: '/fom/orders/1',
      delayMs: 3000,
    });
    expect(afterFreshAdd({ ...answer, storefrontUrl: '/alm/storefront?x' })).toEqual({
      kind: 'storefront',
      url: '/alm/storefront?x',
    });
    expect(afterFreshAdd({ ...answer, storeIntroductionSheetHtml: '<div></div>' })).toEqual({
      kind: 'store-sheet',
      html: '<div></div>',
    });
    expect(afterFreshAdd({ ...answer, refreshGlowLabel: true })).toEqual({ kind: 'reload' });
    expect(afterFreshAdd(answer)).toEqual({ kind: 'stay' });
  });

  test('GRO-013 GRO-014 a multi add goes out only with items and an enabled button', () => {
    expect(multiAddAllowed([{ asin: 'A' }], false)).toBe(true);
    expect(multiAddAllowed([], false)).toBe(false);
    expect(multiAddAllowed([{ asin: 'A' }], true)).toBe(false);
  });

  test('GRO-031 GRO-032 GRO-033 a failure: 401 and 403 reload, a 400 with the server modal shows it, else the generic modal', () => {
    expect(freshFailureAction(403, false)).toBe('reload');
    expect(freshFailureAction(401, true)).toBe('reload');
    expect(freshFailureAction(400, true)).toBe('server-modal');
    expect(freshFailureAction(400, false)).toBe('generic-modal');
    expect(freshFailureAction(500, false)).toBe('generic-modal');
    expect(freshFailureAction(0, false)).toBe('generic-modal');
  });
});
