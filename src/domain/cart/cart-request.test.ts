import { describe, expect, test, vi } from 'vitest';
import { upsellFormFields } from './add-to-cart-form';
import { setPageAsin, setUpsell } from './buy-box-items';
import {
  type CartLog,
  cartRequestItems,
  checkSingleItemCall,
  createCartRequest,
  requestForAsins,
} from './cart-request';

const logger = () => {
  const lines: string[] = [];
  const log: CartLog = { warn: (m) => lines.push(`warn ${m}`), fatal: (m) => lines.push(`fatal ${m}`) };
  return { lines, log };
};

describe('cart requests', () => {
  test('CART-019 a request without a session id, or with no items, is not sent and a warning is logged', () => {
    const transport = vi.fn(async () => 'sent');
    const noSession = logger();
    expect(createCartRequest(null, [{ asin: 'A' }], noSession.log).send(transport)).toBeNull();
    expect(noSession.lines).toEqual(['warn cart request not sent: no session id']);
    const noItems = logger();
    expect(createCartRequest('123-4567890-1234567', [], noItems.log).send(transport)).toBeNull();
    expect(noItems.lines).toEqual(['warn cart request not sent: no items']);
    expect(transport).not.toHaveBeenCalled();
  });

  test('CART-020 a request object is sent once; sending it again makes no call', async () => {
    const transport = vi.fn(async () => 'sent');
    const { log } = logger();
    const request = createCartRequest('123-4567890-1234567', [{ asin: 'B0TESTSPK1' }], log);
    expect(request.sent).toBe(false);
    await expect(request.send(transport)).resolves.toBe('sent');
    expect(request.sent).toBe(true);
    expect(request.send(transport)).toBeNull();
    expect(transport).toHaveBeenCalledTimes(1);
    expect(transport).toHaveBeenCalledWith('123-4567890-1234567', [{ asin: 'B0TESTSPK1' }]);
  });

  test('CART-021 a single-item call missing asin, offerId or quantity is logged fatal', () => {
    const ok = logger();
    expect(checkSingleItemCall({ asin: 'B0TESTSPK1', offerId: 'OL', quantity: 1 }, ok.log)).toBe(true);
    expect(ok.lines).toEqual([]);
    for (const missing of ['asin', 'offerId', 'quantity'] as const) {
      const { lines, log } = logger();
      const item: Record<string, unknown> = { asin: 'B0TESTSPK1', offerId: 'OL', quantity: 1 };
      delete item[missing];
      expect(checkSingleItemCall(item, log)).toBe(false);
      expect(lines).toEqual([`fatal single-item cart API call is missing ${missing}`]);
    }
  });

  test('CART-026 a request for an empty asin list is logged fatal, then the failure callback runs', () => {
    const { lines, log } = logger();
    const order: string[] = [];
    const send = vi.fn();
    const result = requestForAsins(
      [],
      {
        warn: log.warn,
        fatal: (m) => {
          order.push('fatal');
          log.fatal(m);
        },
      },
      () => order.push('failure'),
      send,
    );
    expect(result).toBeNull();
    expect(order).toEqual(['fatal', 'failure']);
    expect(lines).toEqual(['fatal cart request for an empty asin list']);
    expect(send).not.toHaveBeenCalled();
    expect(
      requestForAsins(
        ['B0TESTSPK1'],
        log,
        () => order.push('x'),
        (a) => a.length,
      ),
    ).toBe(1);
  });

  test('CART-029 upsells go to the cart associated with the page item', () => {
    let items = setPageAsin([], { asin: 'B0TESTSPK1', offerId: 'OL-SPK', quantity: 2 }).items;
    items = setUpsell(items, { asin: 'B0TESTSTD2', offerId: 'OL-STD', quantity: 2 }).items;
    items = setUpsell(items, {
      asin: 'B0TESTMUS1',
      offerId: 'OL-MUS',
      quantity: 1,
      customAttribute: { name: 'plan', value: 'music' },
    }).items;
    const request = cartRequestItems(items, { giftOptions: { includeGiftReceipt: true } });
    expect(request[0]).toEqual({
      asin: 'B0TESTSPK1',
      offerListingId: 'OL-SPK',
      quantity: 2,
      additionalParameters: { giftOptions: { includeGiftReceipt: true } },
    });
    expect(request[1]?.additionalParameters?.itemAssociation).toEqual({
      associatedItemId: 'B0TESTSPK1',
      renderType: 'renderAll',
      programType: 'AmazonProtect',
      deleteConstraint: { mutuallyInclusive: false },
    });
    expect(request[2]?.customAttributes).toEqual([{ name: 'plan', value: 'music' }]);
    expect(cartRequestItems([])).toEqual([]);
  });

  test('CART-024 upsell form fields use asin.{i}, offeringID.{i}, quantity.{i} and custom-name/value.{n}.{m}', () => {
    let items = setPageAsin([], { asin: 'B0TESTSPK1', offerId: 'OL-SPK', quantity: 1 }).items;
    items = setUpsell(items, { asin: 'B0TESTSTD1', offerId: 'OL-STD', quantity: 1 }).items;
    items = setUpsell(items, {
      asin: 'B0TESTMUS1',
      offerId: 'OL-MUS',
      quantity: 1,
      customAttribute: { name: 'plan', value: 'music' },
    }).items;
    expect(upsellFormFields(items)).toEqual([
      ['asin.1', 'B0TESTSTD1'],
      ['offeringID.1', 'OL-STD'],
      ['quantity.1', '1'],
      ['asin.2', 'B0TESTMUS1'],
      ['offeringID.2', 'OL-MUS'],
      ['quantity.2', '1'],
      ['custom-name.2.1', 'plan'],
      ['custom-value.2.1', 'music'],
    ]);
  });
});
