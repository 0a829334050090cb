import { describe, expect, test } from 'vitest';
import { buyBoxActions, CLIENT_ROUTES } from './buy-box-page';

describe('buy-box actions', () => {
  test('BB-001 signed-in and signed-out shoppers can both add to cart and buy now', () => {
    for (const signedIn of [true, false]) {
      expect(buyBoxActions(signedIn)).toEqual(expect.arrayContaining(['add-to-cart', 'buy-now']));
    }
  });

  test('BB-003 forms for add to cart, buy now, one click, installments and mobile installments', () => {
    expect(buyBoxActions(true)).toEqual([
      'add-to-cart',
      'buy-now',
      'one-click',
      'installments',
      'mobile-installments',
    ]);
  });

  test('BB-001 one click is offered only to signed-in shoppers', () => {
    expect(buyBoxActions(false)).toEqual(['add-to-cart', 'buy-now', 'installments', 'mobile-installments']);
  });
});

describe('client routes', () => {
  test('BB-002 DP-001 the page defines no client routes', () => {
    expect(CLIENT_ROUTES).toEqual([]);
    expect(CLIENT_ROUTES).toHaveLength(0);
  });
});
