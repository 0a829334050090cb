import type { MetricEvent } from '../../shared/contracts/logging';
import { pageTokens } from './page-tokens';

/** Sends metric events with their schema and producer ids (LOG-008); losing one never disturbs the page. */
export function sendMetricEvents(events: MetricEvent[]): void {
  if (events.length === 0 || typeof fetch === 'undefined') return;
  void fetch('/api/metrics/events', {
    method: 'POST',
    credentials: 'include',
    keepalive: true,
    headers: { 'content-type': 'application/json', 'x-csrf-token': pageTokens().csrfToken },
    body: JSON.stringify({ events }),
  }).catch(() => undefined);
}
