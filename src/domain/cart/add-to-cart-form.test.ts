import { describe, expect, test } from 'vitest';
import {
  BUY_BOX_FIELDS,
  buyBoxFormChoices,
  itemFieldNames,
  pageItemParameters,
  pageItemPayload,
  parseAddToCartForm,
  upsellFormFields,
} from './add-to-cart-form';
import { setPageAsin, setUpsell } from './buy-box-items';

describe('parseAddToCartForm', () => {
  test('CART-030 reads verificationSessionID, clientName, asin.{i}, offeringID.{i} and quantity.{i}', () => {
    const form = parseAddToCartForm({
      verificationSessionID: '123-4567890-1234567',
      clientName: 'retail',
      'asin.1': 'B0TESTSPK1',
      'offeringID.1': 'OL-1',
      'quantity.1': '2',
      'asin.2': 'B0TESTPLG2',
      'offeringID.2': 'OL-2',
      'quantity.2': '1',
    });
    expect(form).toEqual({
      ok: true,
      verificationSessionID: '123-4567890-1234567',
      clientName: 'retail',
      items: [
        { index: 1, asin: 'B0TESTSPK1', offerListingId: 'OL-1', quantity: 2, customAttributes: [] },
        { index: 2, asin: 'B0TESTPLG2', offerListingId: 'OL-2', quantity: 1, customAttributes: [] },
      ],
    });
  });

  test('CART-032 the deals variant sends ASIN.{i} and offerListingID.{i}', () => {
    const form = parseAddToCartForm({
      'ASIN.1': 'B0TESTTAB1',
      'offerListingID.1': 'OL-TAB',
      'quantity.1': '1',
    });
    expect(form.ok && form.items).toEqual([
      { index: 1, asin: 'B0TESTTAB1', offerListingId: 'OL-TAB', quantity: 1, customAttributes: [] },
    ]);
  });

  test('CART-024 extra-data inputs custom-name.{n}.{m} and custom-value.{n}.{m} attach to item n', () => {
    const form = parseAddToCartForm({
      'asin.1': 'B0TESTSPK1',
      'offeringID.1': 'OL-1',
      'asin.2': 'B0TESTMUS1',
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
    const form = parseAddToCartForm({ 'asin.1': 'B0TESTSPK1', 'offeringID.1': 'OL-1' });
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
      'asin.3': 'B0TESTSPK1',
      'offeringID.3': 'OL-1',
      'quantity.3': quantity,
    });
    expect(form).toEqual({ ok: false, problem: expect.objectContaining({ code, field: 'quantity.3' }) });
  });

  test('an item without an offer names the missing field', () => {
    expect(parseAddToCartForm({ 'asin.1': 'B0TESTSPK1' })).toEqual({
      ok: false,
      problem: { code: 'missing_offer', message: 'offeringID.1 is required', field: 'offeringID.1' },
    });
    expect(parseAddToCartForm({ 'offeringID.1': 'OL-1' })).toEqual({
      ok: false,
      problem: { code: 'missing_asin', message: 'asin.1 is required', field: 'asin.1' },
    });
  });
});

describe('the page item and its choices, for the script and the plain form alike', () => {
  const item = { asin: 'B0TESTSPK1', offerListingId: 'OL-1', quantity: 2 };

  test('BB-013 BB-014 BB-018 each offered choice becomes its additional parameter', () => {
    expect(
      pageItemPayload(item, { giftWrap: false, preregistration: true, installmentsProgramId: 'INST-12' }),
    ).toEqual({
      ...item,
      additionalParameters: {
        giftOptions: { includeGiftReceipt: false },
        devicePreregistration: { selected: true },
        installments: { programId: 'INST-12' },
      },
    });
  });

  test('a page item without choices carries no additional parameters', () => {
    expect(pageItemPayload(item, {})).toEqual(item);
    expect(pageItemParameters({ installmentsProgramId: '' })).toBeUndefined();
  });

  test('BB-014 BB-019 the plain form posts the same choices as the script sends', () => {
    const choices = { giftWrap: true, preregistration: false, installmentsProgramId: 'INST-12' };
    const form = {
      [BUY_BOX_FIELDS.asin]: item.asin,
      [BUY_BOX_FIELDS.giftWrap]: 'on',
      [BUY_BOX_FIELDS.preregistration]: 'false',
      [BUY_BOX_FIELDS.installments]: 'INST-12',
    };
    expect(buyBoxFormChoices(form)).toEqual(choices);
    expect(pageItemParameters(buyBoxFormChoices(form))).toEqual(pageItemParameters(choices));
    expect(buyBoxFormChoices({ [BUY_BOX_FIELDS.asin]: item.asin })).toEqual({});
  });

  test('CART-024 the fields the page writes are the fields the server reads back', () => {
    let items = setPageAsin([], { asin: 'B0TESTSPK1', offerId: 'OL-SPK', quantity: 1 }).items;
    items = setUpsell(items, { asin: 'B0TESTSTD1', offerId: 'OL-STD', quantity: 3 }).items;
    items = setUpsell(items, {
      asin: 'B0TESTMUS1',
      offerId: 'OL-MUS',
      quantity: 1,
      customAttribute: { name: 'plan', value: 'music' },
    }).items;
    const parsed = parseAddToCartForm(Object.fromEntries(upsellFormFields(items)));
    expect(parsed).toEqual({
      ok: true,
      items: [
        { index: 1, asin: 'B0TESTSTD1', offerListingId: 'OL-STD', quantity: 3, customAttributes: [] },
        {
          index: 2,
          asin: 'B0TESTMUS1',
          offerListingId: 'OL-MUS',
          quantity: 1,
          customAttributes: [{ name: 'plan', value: 'music' }],
        },
      ],
    });
    expect(itemFieldNames(1)).toEqual({
      asin: 'asin.1',
      offerListingId: 'offeringID.1',
      quantity: 'quantity.1',
    });
  });
});
