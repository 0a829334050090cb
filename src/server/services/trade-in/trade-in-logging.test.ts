import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCustomer } from '../../../../tests/factories/customer-factory';
import { createTradeInDevice } from '../../../../tests/factories/trade-in-factory';
import { createTestStore, dialects, type TestStore } from '../../../../tests/helpers/test-store';
import type { Customer } from '../../db/repositories/session-repository';
import { customerItems, offerForCondition } from './trade-in';

/** The app's logger (pino) writing its JSON lines into an array. */
function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { log: pino({ level: 'info' }, stream), lines };
}

describe.each(dialects)('trade-in logging on %s', (dialect) => {
  let store: TestStore;
  let customer: Customer;
  beforeAll(async () => {
    store = await createTestStore(dialect);
    const created = await createCustomer(store.db);
    customer = {
      id: created.id,
      email: created.email,
      name: created.name,
      isPrime: false,
      isBusiness: false,
      postalCode: null,
      hasSavedAddress: false,
    };
  });
  afterAll(() => store?.drop());

  test('TI-027 a device without a currency code is priced in the store currency and the gap is logged', async () => {
    const device = await createTradeInDevice(store.db, {
      productGroup: 'gl_digital_text',
      currencyCode: null,
    });
    const { log, lines } = capturingLogger();
    const view = await customerItems(
      store.db,
      customer,
      { productGroup: 'gl_digital_text', deviceType: 'web', title: 'tanookiTitle' },
      log,
    );
    expect(view.ok && view.value.devices.find((d) => d.asin === device.asin)?.currencyCode).toBe('USD');
    expect(lines).toContainEqual(
      expect.objectContaining({ level: 40, msg: 'Missing currency code', asin: device.asin }),
    );
  });

  test('TI-028 an invalid condition key is logged as it is refused', async () => {
    const device = await createTradeInDevice(store.db);
    const { log, lines } = capturingLogger();
    const outcome = await offerForCondition(
      store.db,
      customer,
      { asin: device.asin, condition: 'Mint' },
      log,
    );
    expect(outcome).toMatchObject({ ok: false, refusal: { code: 'invalid_condition', field: 'condition' } });
    expect(lines).toContainEqual(
      expect.objectContaining({ level: 40, msg: 'Invalid condition key', condition: 'Mint' }),
    );
    const good = await offerForCondition(store.db, customer, { asin: device.asin, condition: 'Good' }, log);
    expect(good.ok).toBe(true);
    expect(lines).toHaveLength(1);
  });
});
