// A service is a child of its device in the cart (decision 0018): added with it, never more of it than of
// the device (one per unit), its quantity following the device's down, gone when the device goes.
import type { LineProblem } from '../cart/cart-line-rules';

/**
 * Checks adding `adding` of a service to a device line that already has `held` of it. Refused when
 * the cart holds no device for it (`deviceQuantity` null) or when the service would outnumber it.
 */
export function checkServiceQuantity(input: {
  serviceAsin: string;
  deviceQuantity: number | null;
  held: number;
  adding: number;
}): LineProblem | null {
  if (input.deviceQuantity === null) {
    return {
      code: 'service_without_device',
      message: `service ${input.serviceAsin} needs its device in the cart`,
      field: 'quantity',
    };
  }
  if (input.held + input.adding > input.deviceQuantity) {
    return {
      code: 'service_exceeds_device',
      message: `service ${input.serviceAsin} is limited to ${input.deviceQuantity}, one per device`,
      field: 'quantity',
    };
  }
  return null;
}

/** The device line a service goes with: the one it names, else a line of a device it serves with room first. */
export function deviceLineFor<
  L extends { id: string; asin: string; quantity: number; associated_item_id: string | null },
>(
  lines: readonly L[],
  devices: readonly string[],
  association: string | null,
  held: (deviceLineId: string) => number,
): L | undefined {
  const candidates = lines.filter(
    (l) =>
      devices.includes(l.asin) &&
      (association === null ? l.associated_item_id === null : l.id === association),
  );
  return candidates.find((l) => held(l.id) < l.quantity) ?? candidates[0];
}

/**
 * How many devices a service added now covers (decision 0041): the units asked for, or, when the same
 * request adds units of its device, those units (a plan bought with 3 TVs covers 3), never more than
 * the device line has uncovered; an ask beyond that is left for `checkServiceQuantity` to refuse.
 */
export function devicesCovered(input: {
  requested: number;
  deviceUnitsAdded: number;
  deviceQuantity: number;
  held: number;
}): number {
  const room = Math.max(0, input.deviceQuantity - input.held);
  return Math.max(input.requested, Math.min(input.deviceUnitsAdded, room));
}
