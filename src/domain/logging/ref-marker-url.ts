// LOG-003/004 on its own: the page sends ref markers as the shopper acts (accessory rows, ACC-024), so
// this is in its first load; the rest of the instrumentation rules come with the press code.

/** LOG-003/004: a ref marker needs a tag; the URL the page calls to log it. */
export function refMarkerUrl(refTag: string | null | undefined): string {
  if (typeof refTag !== 'string' || refTag.length === 0) throw new Error('refTag is not defined');
  return `/hctp/log/refMarker?ref_=${encodeURIComponent(refTag)}`;
}
