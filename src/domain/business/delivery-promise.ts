// The deep-check delivery promise (BIZ-010, BIZ-051): when a business order arrives. Orders placed
// before the daily cut-off ship that business day; standard delivery takes 3 business days, the
// store's own fastest delivery 1; weekends do not count.

const DAY_MS = 24 * 60 * 60 * 1000;
/** Orders before 17:00 UTC ship the same business day. */
const CUTOFF_HOUR_UTC = 17;
const STANDARD_BUSINESS_DAYS = 3;
const FASTEST_BUSINESS_DAYS = 1;
/** Business orders from this many minor units ship free. */
const FREE_SHIPPING_MINOR = 2500;

const isWeekend = (ms: number) => {
  const day = new Date(ms).getUTCDay();
  return day === 0 || day === 6;
};

function addBusinessDays(startMs: number, days: number): number {
  let at = startMs;
  let left = days;
  while (left > 0) {
    at += DAY_MS;
    if (!isWeekend(at)) left -= 1;
  }
  return at;
}

export type DeliveryPromise = {
  /** Midnight UTC of the standard delivery day. */
  standardDay: number;
  /** Midnight UTC of the fastest delivery day, or null when the seller offers none. */
  fastestDay: number | null;
  /** Milliseconds left to order for these dates (until the cut-off). */
  orderWithinMs: number;
  freeShipping: boolean;
};

/** The promise for an order placed at `now`: the store's own offers also have the fastest delivery. */
export function deliveryPromise(
  now: number,
  offer: { ownOffer: boolean; lineTotalMinor: number },
): DeliveryPromise {
  const midnight = now - (now % DAY_MS);
  let shipDay = midnight;
  let cutoff = midnight + CUTOFF_HOUR_UTC * 60 * 60 * 1000;
  if (isWeekend(shipDay) || now >= cutoff) {
    shipDay = addBusinessDays(midnight, 1);
    cutoff = shipDay + CUTOFF_HOUR_UTC * 60 * 60 * 1000;
  }
  return {
    standardDay: addBusinessDays(shipDay, STANDARD_BUSINESS_DAYS),
    fastestDay: offer.ownOffer ? addBusinessDays(shipDay, FASTEST_BUSINESS_DAYS) : null,
    orderWithinMs: cutoff - now,
    freeShipping: offer.lineTotalMinor >= FREE_SHIPPING_MINOR,
  };
}
