import { describe, expect, test } from 'vitest';
import {
  belowMinimumOrder,
  emptyDropdownForMinimumOrder,
  purchaseLocked,
  purchaseProblemFrom,
  quantityOptionChosen,
  quantityOptions,
  readQuantityRestriction,
  restrictionMessage,
} from './quantity-restriction';

describe('quantity restriction data', () => {
  test('BB-021 carries popoverTitle, message, moq, cspMessage and cspMOQ', () => {
    expect(
      readQuantityRestriction({
        popoverTitle: 'Quantity limit',
        message: 'Limited to 5 per order.',
        moq: 2,
        cspMessage: 'Business customers order at least 10.',
        cspMOQ: 10,
      }),
    ).toEqual({
      popoverTitle: 'Quantity limit',
      message: 'Limited to 5 per order.',
      moq: 2,
      cspMessage: 'Business customers order at least 10.',
      cspMOQ: 10,
    });
  });

  test('BB-021 optional fields default to null and data without a title or message is ignored', () => {
    expect(readQuantityRestriction({ popoverTitle: 'Quantity limit', message: 'm', moq: 0 })).toEqual({
      popoverTitle: 'Quantity limit',
      message: 'm',
      moq: null,
      cspMessage: null,
      cspMOQ: null,
    });
    expect(readQuantityRestriction({ message: 'm' })).toBeNull();
    expect(readQuantityRestriction(null)).toBeNull();
    expect(readQuantityRestriction('Quantity limit')).toBeNull();
  });
});

describe('quantityOptions', () => {
  test('BB-022 a restricted product gets a last option that opens the restriction popover', () => {
    const options = quantityOptions({ min: 1, max: 5, restricted: true });
    expect(options.map((o) => o.label)).toEqual(['1', '2', '3', '4', '5', '5+']);
    expect(options.filter((o) => o.opensRestriction)).toEqual([
      { value: 6, label: '5+', opensRestriction: true },
    ]);
    expect(options.at(-1)?.opensRestriction).toBe(true);
  });

  test('BB-022 an unrestricted product has only the quantities', () => {
    const options = quantityOptions({ min: 3, max: 6, restricted: false });
    expect(options.map((o) => o.value)).toEqual([3, 4, 5, 6]);
    expect(options.some((o) => o.opensRestriction)).toBe(false);
  });

  test('BB-022 limits that make no dropdown are refused', () => {
    expect(() => quantityOptions({ min: 0, max: 5, restricted: false })).toThrow(RangeError);
    expect(() => quantityOptions({ min: 5, max: 4, restricted: false })).toThrow(RangeError);
  });

  test('BB-022 choosing the last option opens the popover and keeps the quantity', () => {
    const options = quantityOptions({ min: 1, max: 5, restricted: true });
    const [first] = options;
    const last = options.at(-1);
    if (!first || !last) throw new Error('expected options');
    expect(quantityOptionChosen(last, 2)).toEqual({ quantity: 2, openRestriction: true });
    expect(quantityOptionChosen(first, 2)).toEqual({ quantity: 1, openRestriction: false });
  });
});

describe('restrictionMessage', () => {
  test('BB-023 MAX_QUANTITY_PLUS_ONE becomes the least quantity over the limit', () => {
    expect(
      restrictionMessage(
        "This item is limited to 5 per order. You can't buy MAX_QUANTITY_PLUS_ONE or more.",
        5,
      ),
    ).toBe("This item is limited to 5 per order. You can't buy 6 or more.");
  });
});

describe('minimum order quantity', () => {
  test('BB-024 a product sold in quantities of at least 3 starts with an empty dropdown that locks the buy buttons', () => {
    expect(emptyDropdownForMinimumOrder(3)).toBe(true);
    expect(purchaseLocked(null)).toBe(true);
  });

  test('BB-024 a product without a minimum above 1 starts with a quantity', () => {
    expect(emptyDropdownForMinimumOrder(1)).toBe(false);
  });

  test('BB-025 choosing a value unlocks the buy buttons', () => {
    const [three] = quantityOptions({ min: 3, max: 10, restricted: false });
    if (!three) throw new Error('expected an option');
    expect(purchaseLocked(quantityOptionChosen(three, null).quantity)).toBe(false);
  });
});

describe('a form posted without the script', () => {
  test('BB-024 a quantity under the minimum is refused, the minimum itself is not', () => {
    expect(belowMinimumOrder(1, 3)).toBe(true);
    expect(belowMinimumOrder(2, 3)).toBe(true);
    expect(belowMinimumOrder(3, 3)).toBe(false);
    expect(belowMinimumOrder(1, 1)).toBe(false);
  });

  test('decision 0016: the page reads only known problem codes from its address', () => {
    expect(purchaseProblemFrom(new URLSearchParams('purchase-problem=below_min_order_quantity'))).toBe(
      'below_min_order_quantity',
    );
    expect(purchaseProblemFrom(new URLSearchParams('purchase-problem=<script>'))).toBeNull();
    expect(purchaseProblemFrom(new URLSearchParams(''))).toBeNull();
  });
});
