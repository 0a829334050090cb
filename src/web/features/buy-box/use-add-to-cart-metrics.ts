import { useRef } from 'react';
import {
  type AddToCartIntention,
  captureIntention,
  markSubmitted,
} from '../../../domain/logging/instrumentation';
import { METRIC_SCHEMAS } from '../../../shared/metric-schemas';
import { sendMetricEvents } from '../../api/metrics-client';

const PRODUCER = 'pdp-buy-box';

/** LOG-001/002: a click on a buy box button captures the intention; a submit or cart completion marks it submitted. */
export function useAddToCartMetrics(asin: string) {
  const intention = useRef<AddToCartIntention>(null);
  return {
    clicked(buttonId: string) {
      const next = captureIntention(intention.current, buttonId, Date.now());
      if (next === intention.current || !next) return;
      intention.current = next;
      sendMetricEvents([
        {
          schemaId: METRIC_SCHEMAS.addToCartIntention,
          producerId: PRODUCER,
          data: { asin, button: next.button },
        },
      ]);
    },
    submitted() {
      const next = markSubmitted(intention.current);
      if (!next || intention.current?.submitted) return;
      intention.current = next;
      sendMetricEvents([
        {
          schemaId: METRIC_SCHEMAS.addToCartSubmitted,
          producerId: PRODUCER,
          data: { asin, button: next.button },
        },
      ]);
    },
  };
}
