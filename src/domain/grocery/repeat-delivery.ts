// Repeat delivery (staples, STP-*): cadences, the next drop date the server computes, and the texts the
// page shows. Dates are calendar days, kept as UTC midnights.

import { REPEAT_CADENCE_WEEKS, type RepeatCadence } from '../../shared/grocery-constants';

export { REPEAT_CADENCE_WEEKS, type RepeatCadence };
export const DEFAULT_REPEAT_CADENCE: RepeatCadence = 2;

const DAY = 24 * 60 * 60 * 1000;
const WEEK = 7 * DAY;
/** A drop is prepared for two days: none is set earlier than the day after tomorrow. */
const REPEAT_LEAD_DAYS = 2;

export const isRepeatCadence = (weeks: number): weeks is RepeatCadence =>
  (REPEAT_CADENCE_WEEKS as readonly number[]).includes(weeks);

/** The earliest drop day from `now`: midnight UTC, two days on. */
export function earliestDropDate(now: number): number {
  return Math.floor(now / DAY) * DAY + REPEAT_LEAD_DAYS * DAY;
}

/** The first drop of a new repeat item: the earliest day it can be prepared for. */
export function firstDropDate(now: number): number {
  return earliestDropDate(now);
}

/**
 * The next drop after a cadence change: one new cadence after the drop before the current next one
 * (the delivery the shopper last had, or would have had), never earlier than the earliest drop day.
 */
export function nextDropAfterCadenceChange(
  nextDropAt: number,
  fromWeeks: RepeatCadence,
  toWeeks: RepeatCadence,
  now: number,
): number {
  if (fromWeeks === toWeeks) return Math.max(nextDropAt, earliestDropDate(now));
  const previous = nextDropAt - fromWeeks * WEEK;
  return Math.max(previous + toWeeks * WEEK, earliestDropDate(now));
}

/** Skipping the next delivery moves the next drop date by one cadence. */
export function nextDropAfterSkip(nextDropAt: number, cadenceWeeks: RepeatCadence): number {
  return nextDropAt + cadenceWeeks * WEEK;
}

const plural = (unit: string, quantity: number) => {
  const word = unit === 'each' ? 'item' : unit;
  if (quantity === 1) return word;
  return /(s|x|z|ch|sh)$/.test(word) ? `${word}es` : `${word}s`;
};

/** STP-002: "2 bunches every 2 weeks", "1 gallon every week". */
export function renderableQuantityCadence(quantity: number, unit: string, cadenceWeeks: number): string {
  const every = cadenceWeeks === 1 ? 'every week' : `every ${cadenceWeeks} weeks`;
  return `${quantity} ${plural(unit, quantity)} ${every}`;
}

/** STP-002: "Friday, November 27". */
export function renderableNextDropDate(dropAt: number, language = 'en-US'): string {
  return new Intl.DateTimeFormat(language, {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(dropAt));
}

/** The cadence choices as the page lists them. */
export const cadenceLabel = (weeks: number) => (weeks === 1 ? 'Every week' : `Every ${weeks} weeks`);

/** Quantities a repeat item can have (the stepper's items). */
export const REPEAT_QUANTITIES = [1, 2, 3, 4, 5, 6, 8, 10, 12] as const;

/** STP-005: the add's success view fades in after 1 s. */
export const STAPLES_SUCCESS_FADE_MS = 1000;
