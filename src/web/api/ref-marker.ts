import { refMarkerUrl } from '../../domain/logging/ref-marker-url';

/** ACC-024: reference markers go out fire-and-forget; losing one never disturbs the page. */
export function logRefMarker(tag: string): void {
  if (typeof fetch === 'undefined') return;
  void fetch(refMarkerUrl(tag), { credentials: 'include' }).catch(() => undefined);
}
