// Delivery slots and the fresh checkout's rules (decision 0047): the windows a store offers, how long a
// chosen window is held, when an order stops taking items, weighed items' prices and the minimum order.

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** A chosen window is held this long while the shopper checks out (then it frees its place). */
export const SLOT_HOLD_MS = 15 * 60 * 1000;
/** A fresh order takes more items until this long before its window starts. */
export const FRESH_ORDER_CUTOFF_MS = 2 * HOUR;
/** Windows are two hours long, from 08:00 to 20:00 (UTC, the store's clock), for the next three days. */
const WINDOW_HOURS = [8, 10, 12, 14, 16, 18];
const WINDOW_MS = 2 * HOUR;
const DAYS_AHEAD = 3;

export type DeliveryWindow = { start: number; end: number; cutoffAt: number };

/**
 * The windows a store offers at `now`: today's and the next days', each one whose cut-off is still
 * ahead by more than a hold (an order placed at the end of a hold can still take items).
 */
export function deliveryWindows(now: number): DeliveryWindow[] {
  const today = Math.floor(now / DAY) * DAY;
  const windows: DeliveryWindow[] = [];
  for (let day = 0; day <= DAYS_AHEAD; day++) {
    for (const hour of WINDOW_HOURS) {
      const start = today + day * DAY + hour * HOUR;
      const cutoffAt = start - FRESH_ORDER_CUTOFF_MS;
      if (cutoffAt - SLOT_HOLD_MS > now) windows.push({ start, end: start + WINDOW_MS, cutoffAt });
    }
  }
  return windows;
}

/** The window starting at `start` among those offered at `now`, or null (a past or unknown one). */
export function offeredWindow(start: number, now: number): DeliveryWindow | null {
  return deliveryWindows(now).find((w) => w.start === start) ?? null;
}

/** Places a window still has: its capacity less the live holds and the orders in it. */
export const placesLeft = (capacity: number, taken: number) => Math.max(0, capacity - taken);

const when = (at: number, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', ...options }).format(new Date(at));

/** "Saturday, November 28, 8:00 AM–10:00 AM": how a window is named to the shopper everywhere. */
export function slotLabel(start: number, end: number): string {
  const time = { hour: 'numeric', minute: '2-digit' } as const;
  return `${when(start, { weekday: 'long', month: 'long', day: 'numeric' })}, ${when(start, time)}–${when(end, time)}`;
}

/** A window's day and hours apart ("Saturday, November 28" and "8:00 AM–10:00 AM"), to list them by day. */
export function slotDayAndHours(start: number, end: number): { day: string; hours: string } {
  const time = { hour: 'numeric', minute: '2-digit' } as const;
  return {
    day: when(start, { weekday: 'long', month: 'long', day: 'numeric' }),
    hours: `${when(start, time)}–${when(end, time)}`,
  };
}

/** "3:45 PM": when a hold runs out. */
export const timeLabel = (at: number) => when(at, { hour: 'numeric', minute: '2-digit' });

/** The refusal's words when a window has no place left; names the window. */
export const slotFullMessage = (start: number, end: number) =>
  `The delivery window ${slotLabel(start, end)} is full. Choose another window.`;

const WEIGHED_UNITS = new Set(['lb', 'kg', 'oz', 'g']);

/** A product sold by weight: its unit of measure is a weight, and an add names an amount of it. */
export const isWeighed = (unitOfMeasure: string) => WEIGHED_UNITS.has(unitOfMeasure.trim().toLowerCase());

/** Weights are kept in thousandths of the unit (0.001 lb), so sums and prices stay in integers. */
export const toMilli = (amount: number) => Math.round(amount * 1000);

/** Weighed amounts go in steps of a quarter of the unit, from a quarter up to 20 units. */
export function checkWeighedAmount(amountMilli: number): string | null {
  if (
    !Number.isInteger(amountMilli) ||
    amountMilli < 250 ||
    amountMilli > 20_000 ||
    amountMilli % 250 !== 0
  ) {
    return 'Choose a weight from 0.25 to 20 in steps of 0.25.';
  }
  return null;
}

/**
 * A fresh line's price in minor units: a weighed line is its price per unit times the weight, rounded
 * once for the line; any other line is its unit price times its quantity.
 */
export function freshLineTotalMinor(
  unitPriceMinor: number,
  quantity: number,
  amountMilli: number | null,
): number {
  if (amountMilli !== null) return Math.round((unitPriceMinor * amountMilli) / 1000);
  return unitPriceMinor * quantity;
}

/** "2.5 lb". */
export const amountLabel = (amountMilli: number, unit: string) =>
  `${Number((amountMilli / 1000).toFixed(3))} ${unit}`;

/** What the subtotal still needs to reach the store's minimum order (0: it is met). */
export const minimumShortfallMinor = (subtotalMinor: number, minimumMinor: number) =>
  Math.max(0, minimumMinor - subtotalMinor);
