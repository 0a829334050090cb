import { describe, expect, test } from 'vitest';
import { parseAddToCartForm } from './add-to-cart-form';

describe('parseAddToCartForm', () => {
  test('CART-030 reads verificationSessionID, clientName, asin.{i}, offeringID.{i} and quantity.{i}', () => {
    const form = parseAddToCartForm({
      verificationSessionID: '123-4567890-1234567',
      clientName: 'retail',
      'asin.1': 'B0PDPSPK01',
      'offeringID.1': 'OL-1',
      'quantity.1': '2',
      'asin.2': 'B0PDPPLG02',
      'offeringID.2': 'OL-2',
      'quantity.2': '1',
    });
    expect(form).toEqual({
      ok: true,
      verificationSessionID: '123-4567890-1234567',
      clientName: 'retail',
      items: [
        { index: 1, asin: 'B0PDPSPK01', offerListingId: 'OL-1', quantity: 2, customAttributes: [] },
        { index: 2, asin: 'B0PDPPLG02', offerListingId: 'OL-2', quantity: 1, customAttributes: [] },
      ],
    });
  });

  test('CART-032 the deals variant sends ASIN.{i} and offerListingID.{i}', () => {
    const form = parseAddToCartForm({
      'ASIN.1': 'B0PDPTAB01',
      'offerListingID.1': 'OL-TAB',
      'quantity.1': '1',
    });
    expect(form.ok && form.items).toEqual([
      { index: 1, asin: 'B0PDPTAB01', offerListingId: 'OL-TAB', quantity: 1, customAttributes: [] },
    ]);
  });

  test('CART-024 extra-data inputs custom-name.{n}.{m} and custom-value.{n}.{m} attach to item n', () => {
    const form = parseAddToCartForm({
      'asin.1': 'B0PDPSPK01',
      'offeringID.1': 'OL-1',
      'asin.2': 'B0PDPMUS01',
      'offeringID.2': 'OL-2',
      'custom-name.2.1': 'subscriptionPlan',
      'custom-value.2.1': 'monthly',
      'custom-name.2.2': 'startDate',
      'custom-value.2.2': 'today',
    });
    expect(form.ok && form.items[0]?.customAttributes).toEqual([]);
    expect(form.ok && form.items[1]?.customAttributes).toEqual([
      { name: 'subscriptionPlan', value: 'monthly' },
      { name: 'startDate', value: 'today' },
    ]);
  });

  test('CART-025 a form with no items is rejected', () => {
    expect(parseAddToCartForm({ clientName: 'retail' })).toEqual({
      ok: false,
      problem: { code: 'no_items', message: 'the request holds no items', field: 'asin.1' },
    });
  });

  test('BB-009 a missing quantity defaults to 1', () => {
    const form = parseAddToCartForm({ 'asin.1': 'B0PDPSPK01', 'offeringID.1': 'OL-1' });
    expect(form.ok && form.items[0]?.quantity).toBe(1);
  });

  test.each([
    ['0', 'invalid_quantity'],
    ['-1', 'invalid_quantity'],
    ['1.5', 'invalid_quantity'],
    ['ten', 'invalid_quantity'],
    ['99999', 'invalid_quantity'],
  ])('quantity %s is refused naming the field', (quantity, code) => {
    const form = parseAddToCartForm({
      'asin.3': 'B0PDPSPK01',
      'offeringID.3': 'OL-1',
      'quantity.3': quantity,
    });
    expect(form).toEqual({ ok: false, problem: expect.objectContaining({ code, field: 'quantity.3' }) });
  });

  test('an item without an offer names the missing field', () => {
    expect(parseAddToCartForm({ 'asin.1': 'B0PDPSPK01' })).toEqual({
      ok: false,
      problem: { code: 'missing_offer', message: 'offeringID.1 is required', field: 'offeringID.1' },
    });
    expect(parseAddToCartForm({ 'offeringID.1': 'OL-1' })).toEqual({
      ok: false,
      problem: { code: 'missing_asin', message: 'asin.1 is required', field: 'asin.1' },
    });
  });
});
