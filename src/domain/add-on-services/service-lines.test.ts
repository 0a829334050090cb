import { describe, expect, test } from 'vitest';
import { checkServiceQuantity, deviceLineFor, devicesCovered } from './service-lines';

describe('a service line follows its device', () => {
  test('a service needs its device and never outnumbers it', () => {
    expect(
      checkServiceQuantity({ serviceAsin: 'B0S1', deviceQuantity: null, held: 0, adding: 1 })?.code,
    ).toBe('service_without_device');
    expect(checkServiceQuantity({ serviceAsin: 'B0S1', deviceQuantity: 2, held: 1, adding: 1 })).toBeNull();
    expect(checkServiceQuantity({ serviceAsin: 'B0S1', deviceQuantity: 2, held: 2, adding: 1 })?.code).toBe(
      'service_exceeds_device',
    );
  });

  test('the named device line, else one of its devices with room first', () => {
    const lines = [
      { id: 'L1', asin: 'B0TV', quantity: 1, associated_item_id: null },
      { id: 'L2', asin: 'B0TV', quantity: 2, associated_item_id: 'X' },
      { id: 'L3', asin: 'B0TV', quantity: 3, associated_item_id: null },
      { id: 'L4', asin: 'B0OTHER', quantity: 3, associated_item_id: null },
    ];
    const held = (id: string) => (id === 'L1' ? 1 : 0);
    expect(deviceLineFor(lines, ['B0TV'], null, held)?.id).toBe('L3');
    expect(deviceLineFor(lines, ['B0TV'], 'L1', held)?.id).toBe('L1');
    expect(deviceLineFor(lines, ['B0NONE'], null, held)).toBeUndefined();
  });

  test('a service added with N of its device covers N; asked alone it covers what is asked', () => {
    // Three TVs and a plan in one add: the plan covers three.
    expect(devicesCovered({ requested: 1, deviceUnitsAdded: 3, deviceQuantity: 3, held: 0 })).toBe(3);
    // Two more TVs with a plan on a line of one already covered: the plan covers all three.
    expect(devicesCovered({ requested: 1, deviceUnitsAdded: 2, deviceQuantity: 3, held: 1 })).toBe(2);
    // "Protect all 3" on a line of 3 with 1 covered asks for 2.
    expect(devicesCovered({ requested: 2, deviceUnitsAdded: 0, deviceQuantity: 3, held: 1 })).toBe(2);
    // An ask beyond the device is not shrunk: the quantity check refuses it.
    expect(devicesCovered({ requested: 4, deviceUnitsAdded: 0, deviceQuantity: 3, held: 0 })).toBe(4);
    expect(devicesCovered({ requested: 1, deviceUnitsAdded: 2, deviceQuantity: 2, held: 2 })).toBe(1);
  });
});
