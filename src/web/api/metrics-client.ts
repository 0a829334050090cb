import type { MetricEvent } from '../../shared/contracts/logging';
import { pageTokens } from './page-tokens';
import { request } from './request';

/** Sends metric events with their schema and producer ids (LOG-008); losing one never disturbs the page. */
export function sendMetricEvents(events: MetricEvent[]): void {
  if (events.length === 0 || typeof fetch === 'undefined') return;
  void request('/api/metrics/events', {
    method: 'POST',
    keepalive: true,
    headers: { 'x-csrf-token': pageTokens().csrfToken },
    json: { events },
  });
}
