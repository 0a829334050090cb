import { describe, expect, test } from 'vitest';
import { isValidAddItemsAnswer } from './cart-answer';

const cartAnswer = {
  type: 'cart.add-items/v1',
  entity: {
    items: [{ id: 'C1', asin: 'B000000001', offerListingId: 'OL-1', quantity: 1 }],
    count: { type: 'cart.count/v1', entity: { items: 1 } },
  },
};

describe('cart answers the page can use', () => {
  test('CART-022 a well-formed cart answer is valid; failing any one condition makes it invalid', () => {
    expect(isValidAddItemsAnswer(cartAnswer)).toBe(true);
    for (const broken of [
      null,
      'added',
      { ...cartAnswer, type: 'cart.items/v1' },
      { ...cartAnswer, entity: { ...cartAnswer.entity, items: [] } },
      { ...cartAnswer, entity: { ...cartAnswer.entity, items: [{ asin: 'B000000001', quantity: 1 }] } },
      { ...cartAnswer, entity: { items: cartAnswer.entity.items } },
      { ...cartAnswer, entity: { items: cartAnswer.entity.items, count: { entity: { items: 1 } } } },
      {
        ...cartAnswer,
        entity: { items: cartAnswer.entity.items, count: { type: 'cart.count/v1', entity: {} } },
      },
    ]) {
      expect(isValidAddItemsAnswer(broken)).toBe(false);
    }
  });
});
