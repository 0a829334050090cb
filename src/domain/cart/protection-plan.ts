// A protection plan covers the device it is bought with, one plan per unit (decision 0014;
// decision 0014): it never outnumbers its device, and its quantity follows the device's.

import type { LineProblem } from './cart-line-rules';

/**
 * Checks adding `adding` plans to a device line that already has `plansHeld` of them. Refused when
 * the cart holds no device for the plan (`deviceQuantity` null) or when the plans would outnumber it.
 */
export function checkPlanQuantity(input: {
  planAsin: string;
  deviceQuantity: number | null;
  plansHeld: number;
  adding: number;
}): LineProblem | null {
  if (input.deviceQuantity === null) {
    return {
      code: 'plan_without_device',
      message: `protection plan ${input.planAsin} needs its device in the cart`,
      field: 'quantity',
    };
  }
  if (input.plansHeld + input.adding > input.deviceQuantity) {
    return {
      code: 'plan_exceeds_device',
      message: `protection plan ${input.planAsin} is limited to ${input.deviceQuantity}, one per device`,
      field: 'quantity',
    };
  }
  return null;
}

/**
 * A plan's quantity once its device's quantity changed: it never stays above the device's (down with
 * it, to nothing when the device goes) and is not raised on its own, since a plan is a choice.
 */
export function planQuantityAfterDeviceChange(planQuantity: number, deviceQuantity: number): number {
  return Math.max(0, Math.min(planQuantity, deviceQuantity));
}
