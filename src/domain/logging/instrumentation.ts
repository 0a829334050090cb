// Page instrumentation rules (LOG-*): ref markers, typed setters, add-to-cart intention, metric buckets.

export { refMarkerUrl } from './ref-marker-url';

export type Warn = (message: string) => void;

/** LOG-007: the alternate logger's URL. */
export function fionaLogUrl(refTag: string | null | undefined): string {
  if (typeof refTag !== 'string' || refTag.length === 0) throw new Error('refTag is not defined');
  return `/gp/digital/fiona/ajax/log.html/ref=${encodeURIComponent(refTag)}`;
}

/** LOG-010: the metric bucket of an item count is the count divided by 5, rounded up. */
export function metricBucket(itemCount: number): number {
  return Math.ceil(itemCount / 5);
}

type FieldType = 'string' | 'number' | 'boolean';
type FieldValue<T extends FieldType> = T extends 'string' ? string : T extends 'number' ? number : boolean;

/**
 * LOG-005: a record whose setters take only values of the declared type; any other value is dropped
 * with a warning, so bad instrumentation never breaks the page.
 */
export function createInstrumentation<S extends Record<string, FieldType>>(shape: S, warn: Warn) {
  const values: Partial<{ [K in keyof S]: FieldValue<S[K]> }> = {};
  return {
    set<K extends keyof S & string>(field: K, value: unknown): boolean {
      const expected = shape[field];
      const fits =
        expected === 'number'
          ? typeof value === 'number' && Number.isFinite(value)
          : typeof value === expected;
      if (!fits) {
        warn(
          `instrumentation field ${field} expects a ${expected}, got ${value === null ? 'null' : typeof value}`,
        );
        return false;
      }
      values[field] = value as FieldValue<S[K]>;
      return true;
    },
    snapshot: () => ({ ...values }),
  };
}

const ADD_TO_CART_BUTTONS = ['add-to-cart-button', 'buy-now-button', 'one-click-button'] as const;
export type AddToCartButton = (typeof ADD_TO_CART_BUTTONS)[number];
export type AddToCartIntention = { button: AddToCartButton; at: number; submitted: boolean } | null;

/** LOG-001: a click on a recognised button captures the intention; other clicks leave it as it was. */
export function captureIntention(
  current: AddToCartIntention,
  buttonId: string,
  at: number,
): AddToCartIntention {
  return (ADD_TO_CART_BUTTONS as readonly string[]).includes(buttonId)
    ? { button: buttonId as AddToCartButton, at, submitted: false }
    : current;
}

/** LOG-002: a form submit or a cart completion event marks the captured intention submitted. */
export function markSubmitted(current: AddToCartIntention): AddToCartIntention {
  return current ? { ...current, submitted: true } : current;
}

const HERO_ERROR_CODES = [
  'PRE-ATC-ERROR-REGISTER-1',
  'PRE-ATC-ERROR-MONITOR-1',
  'PRE-ATC-ERROR-MONITOR-2',
  'PRE-ATC-ERROR-MONITOR-3',
  'PRE-ATC-ERROR-MONITOR-4',
] as const;

/** LOG-009: pre-add-to-cart hero errors are logged and nothing else happens. */
export function handleHeroError(code: string, log: Warn): 'logged' | 'ignored' {
  if (!(HERO_ERROR_CODES as readonly string[]).includes(code)) return 'ignored';
  log(`pre-add-to-cart hero error ${code}`);
  return 'logged';
}
