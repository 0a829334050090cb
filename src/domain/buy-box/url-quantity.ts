// The page item quantity as the address carries it (BB-008, BB-009, DP-009..012).

const DEFAULT_QUANTITY = 1;
const MAX_URL_QUANTITY = 999;

/** The quantity the address may hold: an integer from 1 to 999, anything else is 1 (DP-012). */
function urlQuantity(qty: number): number {
  return Number.isInteger(qty) && qty >= 1 && qty <= MAX_URL_QUANTITY ? qty : DEFAULT_QUANTITY;
}

/** The `qty` URL parameter as a quantity: digits only, 1 to 999, else 1 (DP-012). */
export function parseQtyParam(value: string | null | undefined): number {
  if (typeof value !== 'string' || !/^\d+$/.test(value)) return DEFAULT_QUANTITY;
  return urlQuantity(Number(value));
}

function paramName(part: string): string {
  const eq = part.indexOf('=');
  const raw = (eq === -1 ? part : part.slice(0, eq)).replace(/\+/g, ' ');
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * The URL to push to history when the quantity changes (DP-009): `qty` replaced or added, every other
 * parameter kept byte for byte and the hash kept. Works on absolute and relative URLs alike.
 */
export function quantityUrl(currentUrl: string, qty: number): string {
  const hashAt = currentUrl.indexOf('#');
  const hash = hashAt === -1 ? '' : currentUrl.slice(hashAt);
  const beforeHash = hashAt === -1 ? currentUrl : currentUrl.slice(0, hashAt);
  const queryAt = beforeHash.indexOf('?');
  const base = queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt);
  const query = queryAt === -1 ? '' : beforeHash.slice(queryAt + 1);
  const entry = `qty=${urlQuantity(qty)}`;
  const parts: string[] = [];
  let written = false;
  for (const part of query.split('&')) {
    if (part === '') continue;
    if (paramName(part) !== 'qty') parts.push(part);
    else if (!written) {
      parts.push(entry);
      written = true;
    }
  }
  if (!written) parts.push(entry);
  return `${base}?${parts.join('&')}${hash}`;
}

export type ReloadValues = { qty?: number; psc?: boolean; ref?: string; sbo?: string; smid?: string };

/**
 * The query for a page reload (DP-010): `qty`, `psc=1`, `ref_`, `sbo` and `smid` set from `values`.
 * An undefined value keeps what `current` has; `psc: false` or an empty string removes the parameter.
 * `current` is not changed.
 */
export function reloadParams(current: URLSearchParams, values: ReloadValues): URLSearchParams {
  const params = new URLSearchParams(current);
  if (values.qty !== undefined) params.set('qty', String(urlQuantity(values.qty)));
  if (values.psc === true) params.set('psc', '1');
  else if (values.psc === false) params.delete('psc');
  const text: [string, string | undefined][] = [
    ['ref_', values.ref],
    ['sbo', values.sbo],
    ['smid', values.smid],
  ];
  for (const [name, value] of text) {
    if (value === undefined) continue;
    if (value === '') params.delete(name);
    else params.set(name, value);
  }
  return params;
}

/**
 * The address of a page reload (DP-010): `currentUrl` with its query run through `reloadParams`, its
 * path and hash kept. Relative in, relative out (path, query and hash only).
 */
export function reloadUrl(currentUrl: string, values: ReloadValues): string {
  const url = new URL(currentUrl, 'http://localhost');
  url.search = reloadParams(url.searchParams, values).toString();
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Whether the page should click the quantity-updated tooltip: the flag `bmsmSlotRedirect=1` (DP-011). */
export function shouldClickQuantityTooltip(params: URLSearchParams): boolean {
  return params.get('bmsmSlotRedirect') === '1';
}

export type QuantityPicker = { hasFreeFormPicker: boolean; min: number; max: number };

/**
 * The page item's starting quantity: the `qty` parameter when a free-form picker exists (BB-008), else 1
 * (BB-009), kept within the offer's [min, max]; the minimum order quantity wins if the two disagree.
 */
export function initialQuantity(params: URLSearchParams, picker: QuantityPicker): number {
  const wanted = picker.hasFreeFormPicker ? parseQtyParam(params.get('qty')) : DEFAULT_QUANTITY;
  return Math.max(picker.min, Math.min(picker.max, wanted));
}

/** Why the page item's quantity differs from the link's `qty`, so the page can say so once. */
export type QuantityAdjustment = 'limit' | 'minimum' | 'unreadable';

/**
 * Whether `initialQuantity` had to change the link's `qty`: unreadable (not an integer from 1 to 999,
 * DP-012), above the offer's per-order limit, or below its minimum order quantity; null when it was used
 * as is or the link has no `qty`.
 */
export function quantityAdjustment(
  params: URLSearchParams,
  picker: QuantityPicker,
): QuantityAdjustment | null {
  const raw = params.get('qty');
  if (raw === null || !picker.hasFreeFormPicker) return null;
  const wanted = parseQtyParam(raw);
  if (String(wanted) !== raw.replace(/^0+(?=\d)/, '')) return 'unreadable';
  if (wanted > picker.max) return 'limit';
  if (wanted < picker.min) return 'minimum';
  return null;
}
