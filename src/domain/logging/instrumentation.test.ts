import { describe, expect, test, vi } from 'vitest';
import {
  captureIntention,
  createInstrumentation,
  fionaLogUrl,
  handleHeroError,
  markSubmitted,
  metricBucket,
  refMarkerUrl,
} from './instrumentation';

describe('instrumentation', () => {
  test('LOG-001 a click on a recognised button captures the add-to-cart intention', () => {
    expect(captureIntention(null, 'add-to-cart-button', 10)).toEqual({
      button: 'add-to-cart-button',
      at: 10,
      submitted: false,
    });
    expect(captureIntention(null, 'buy-now-button', 11)?.button).toBe('buy-now-button');
    expect(captureIntention(null, 'some-link', 12)).toBeNull();
  });

  test('LOG-002 a submit or cart completion marks the intention submitted', () => {
    const intention = captureIntention(null, 'one-click-button', 5);
    expect(markSubmitted(intention)).toEqual({ button: 'one-click-button', at: 5, submitted: true });
    expect(markSubmitted(null)).toBeNull();
  });

  test('LOG-003 logging a ref marker requires a reference tag', () => {
    expect(refMarkerUrl('dp_atc_1')).toBe('/hctp/log/refMarker?ref_=dp_atc_1');
  });

  test("LOG-004 a missing tag throws 'refTag is not defined'", () => {
    expect(() => refMarkerUrl(undefined)).toThrow('refTag is not defined');
    expect(() => refMarkerUrl('')).toThrow('refTag is not defined');
    expect(() => fionaLogUrl(null)).toThrow('refTag is not defined');
  });

  test('LOG-005 setters accept only values of the right type and warn otherwise', () => {
    const warn = vi.fn();
    const metrics = createInstrumentation({ asin: 'string', quantity: 'number', isPrime: 'boolean' }, warn);
    expect(metrics.set('asin', 'B0TESTSPK1')).toBe(true);
    expect(metrics.set('quantity', '3')).toBe(false);
    expect(metrics.set('quantity', Number.NaN)).toBe(false);
    expect(metrics.set('isPrime', 1)).toBe(false);
    expect(metrics.snapshot()).toEqual({ asin: 'B0TESTSPK1' });
    expect(warn).toHaveBeenCalledTimes(3);
    expect(warn).toHaveBeenCalledWith('instrumentation field quantity expects a number, got string');
  });

  test('LOG-007 the alternate logger path carries the tag', () => {
    expect(fionaLogUrl('kindle_dp')).toBe('/gp/digital/fiona/ajax/log.html/ref=kindle_dp');
  });

  test('LOG-009 pre-add-to-cart hero errors are only logged', () => {
    const log = vi.fn();
    for (const code of ['PRE-ATC-ERROR-REGISTER-1', 'PRE-ATC-ERROR-MONITOR-1', 'PRE-ATC-ERROR-MONITOR-4']) {
      expect(handleHeroError(code, log)).toBe('logged');
    }
    expect(handleHeroError('SOMETHING-ELSE', log)).toBe('ignored');
    expect(log).toHaveBeenCalledTimes(3);
  });

  test('LOG-010 the metric bucket is the item count divided by 5, rounded up', () => {
    expect([0, 1, 5, 6, 10, 11].map(metricBucket)).toEqual([0, 1, 1, 2, 2, 3]);
  });
});
