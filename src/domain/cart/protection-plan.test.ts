import { describe, expect, test } from 'vitest';
import { checkPlanQuantity, planQuantityAfterDeviceChange } from './protection-plan';

describe('decision 0014: a plan never outnumbers its device', () => {
  const plan = { planAsin: 'B0TESTPRT1' };

  test('one plan per device unit is allowed, the next one is refused', () => {
    expect(checkPlanQuantity({ ...plan, deviceQuantity: 1, plansHeld: 0, adding: 1 })).toBeNull();
    expect(checkPlanQuantity({ ...plan, deviceQuantity: 2, plansHeld: 1, adding: 1 })).toBeNull();
    expect(checkPlanQuantity({ ...plan, deviceQuantity: 1, plansHeld: 1, adding: 1 })?.code).toBe(
      'plan_exceeds_device',
    );
    expect(checkPlanQuantity({ ...plan, deviceQuantity: 2, plansHeld: 0, adding: 3 })?.code).toBe(
      'plan_exceeds_device',
    );
  });

  test('a plan without its device in the cart is refused', () => {
    expect(checkPlanQuantity({ ...plan, deviceQuantity: null, plansHeld: 0, adding: 1 })?.code).toBe(
      'plan_without_device',
    );
  });

  test("decision 0014: a plan's quantity follows its device down, never up on its own", () => {
    expect(planQuantityAfterDeviceChange(2, 1)).toBe(1);
    expect(planQuantityAfterDeviceChange(1, 0)).toBe(0);
    expect(planQuantityAfterDeviceChange(1, 3)).toBe(1);
  });
});
