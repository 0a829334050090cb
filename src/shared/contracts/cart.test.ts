import { describe, expect, test } from 'vitest';
import { addItemsResponse } from './cart';

const isValid = (body: unknown) => addItemsResponse.safeParse(body).success;

const validResponse = () => ({
  type: 'cart.add-items/v1',
  entity: {
    items: [{ id: 'C1', asin: 'B0TESTSPK1', offerListingId: 'OL', quantity: 1 }],
    count: { type: 'cart.count/v1', entity: { items: 1 } },
  },
});

describe('cart add-items answer', () => {
  test('CART-022 a response is valid only with type cart.add-items/v1, an item with an id and a cart.count/v1 count', () => {
    expect(isValid(validResponse())).toBe(true);
    expect(isValid({ ...validResponse(), type: 'cart.items/v1' })).toBe(false);
    const noItems = validResponse();
    noItems.entity.items = [];
    expect(isValid(noItems)).toBe(false);
    const noId = validResponse();
    noId.entity.items = [{ id: '', asin: 'A', offerListingId: 'O', quantity: 1 }];
    expect(isValid(noId)).toBe(false);
    const badCount = validResponse();
    badCount.entity.count = { type: 'cart.summary/v1', entity: { items: 1 } };
    expect(isValid(badCount)).toBe(false);
    const noCountItems = validResponse() as { entity: { count: unknown } };
    noCountItems.entity.count = { type: 'cart.count/v1', entity: {} };
    expect(isValid(noCountItems)).toBe(false);
    expect(isValid(null)).toBe(false);
  });
});
