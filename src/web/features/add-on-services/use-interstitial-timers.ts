import { useEffect } from 'react';
import { dismissalOverdue, hijackOverdue } from '../../../domain/add-on-services/widget-timers';
import { VAS_METRICS, VAS_TIMINGS } from '../../../shared/add-on-services-constants';

type Metric = (schemaId: string, data?: Record<string, string | number | boolean | null>) => void;

/**
 * VAS-046, VAS-047: while the interstitial holds an add to cart, the held press is checked every 60 s
 * and reported past 300 s; the open interstitial is checked every 20 s and reported past 30 s. Each is
 * reported once per opening.
 */
export function useInterstitialTimers(heldAt: number, metric: Metric) {
  useEffect(() => {
    const shownAt = Date.now();
    let hijackReported = false;
    let dismissalReported = false;
    const hijack = setInterval(() => {
      if (hijackReported || !hijackOverdue(heldAt, Date.now())) return;
      hijackReported = true;
      console.warn('add-on interstitial has held add to cart for over 300 s');
      metric(VAS_METRICS.hijackOverdue, { heldMs: Date.now() - heldAt });
    }, VAS_TIMINGS.hijackCheckMs);
    const dismissal = setInterval(() => {
      if (dismissalReported || !dismissalOverdue(shownAt, Date.now())) return;
      dismissalReported = true;
      console.warn('add-on interstitial open for over 30 s without an answer');
      metric(VAS_METRICS.dismissalOverdue, { openMs: Date.now() - shownAt });
    }, VAS_TIMINGS.dismissalCheckMs);
    return () => {
      clearInterval(hijack);
      clearInterval(dismissal);
    };
  }, [heldAt, metric]);
}
