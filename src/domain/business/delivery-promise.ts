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
  /** Midnight UTC of the day the order ships. */
  shipDay: number;
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
    shipDay,
    freeShipping: offer.lineTotalMinor >= FREE_SHIPPING_MINOR,
  };
}

/** "5 hrs 20 mins": a time left to order, in whole minutes (at least one). */
function durationText(ms: number): string {
  const minutes = Math.max(1, Math.floor(ms / 60_000));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return hours > 0
    ? `${hours} hr${hours === 1 ? '' : 's'} ${rest} min${rest === 1 ? '' : 's'}`
    : `${rest} min${rest === 1 ? '' : 's'}`;
}

/** "Monday, November 30": a day as the promise names it (the store's days are UTC days). */
export function dayText(ms: number): string {
  return new Date(ms).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/**
 * The order-by sentence of a promise made at `now` (decision 0045): within a day of the cut-off, the
 * time left and whether the order ships today or tomorrow; further away (a weekend, or after Friday's
 * cut-off), the cut-off as a day and time, since "71 hrs 21 mins" is not how a shopper counts days.
 */
export function orderDeadlineText(
  now: number,
  promise: Pick<DeliveryPromise, 'orderWithinMs' | 'shipDay'>,
): string {
  const today = now - (now % DAY_MS);
  if (promise.orderWithinMs <= DAY_MS) {
    const when = promise.shipDay === today ? 'today' : promise.shipDay === today + DAY_MS ? 'tomorrow' : null;
    if (when) return `Order within ${durationText(promise.orderWithinMs)} to ship ${when}`;
  }
  const cutoff = `${CUTOFF_HOUR_UTC > 12 ? CUTOFF_HOUR_UTC - 12 : CUTOFF_HOUR_UTC}:00 ${CUTOFF_HOUR_UTC >= 12 ? 'PM' : 'AM'} UTC`;
  return `Order by ${cutoff} on ${dayText(promise.shipDay)} to ship that day`;
}
