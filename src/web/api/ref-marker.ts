import { refMarkerUrl } from '../../domain/logging/ref-marker-url';
import { request } from './request';

/** ACC-024: reference markers go out fire-and-forget; losing one never disturbs the page. */
export function logRefMarker(tag: string): void {
  if (typeof fetch === 'undefined') return;
  void request(refMarkerUrl(tag));
}
