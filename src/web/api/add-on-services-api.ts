import { VAS_CLIENT_NAME, VAS_TIMINGS, VAS_ZIP_REFRESH_PATH } from '../../shared/add-on-services-constants';
import type {
  AddOnServicesView,
  DigitalDashResponse,
  VariationRefreshResponse,
  ZipRefreshResponse,
} from '../../shared/contracts/add-on-services';
import { getJson } from './get-json';
import { pageTokens } from './page-tokens';
import { parseAnswer } from './parse-answer';

/** VAS-031: the offers of services for a postal code; `ok: false` when the call or its answer fails. */
export async function refreshServiceZip(
  asins: readonly string[],
  zip: string,
  marketplaceId: string,
): Promise<{ ok: true; entries: ZipRefreshResponse } | { ok: false }> {
  const query = new URLSearchParams({
    asinlist: asins.join(','),
    vasZipcode: zip,
    clientName: VAS_CLIENT_NAME,
    includeMerchantAddress: 'true',
    marketplaceId,
  });
  const result = await getJson(`${VAS_ZIP_REFRESH_PATH}?${query}`, {
    credentials: 'include',
    headers: { accept: 'application/json' },
  });
  if (!result.ok) return { ok: false };
  const entries = await parseAnswer((all) => all.zipRefreshResponse, result.body);
  return entries ? { ok: true, entries } : { ok: false };
}

/**
 * VAS-033: POST /gp/product/{asin}?m={merchant}, the variation refresh. Gives up after 90 s; a newer
 * refresh aborts this one through `signal` (VAS-019). Null when it failed or was aborted.
 */
export async function refreshVariation(
  asin: string,
  merchantId: string,
  fields: { isVariationalParent: boolean; vas: string | null; quantity: number | null },
  signal: AbortSignal,
): Promise<VariationRefreshResponse | null> {
  const body = new URLSearchParams({ isVariationalParent: fields.isVariationalParent ? '1' : '0' });
  if (fields.vas) body.set('vas', fields.vas);
  if (fields.quantity !== null) body.set('quantity', String(fields.quantity));
  try {
    const response = await fetch(
      `/gp/product/${encodeURIComponent(asin)}?m=${encodeURIComponent(merchantId)}`,
      {
        method: 'POST',
        credentials: 'include',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
          'x-csrf-token': pageTokens().csrfToken,
        },
        body,
        signal: AbortSignal.any([signal, AbortSignal.timeout(VAS_TIMINGS.twisterRefreshTimeoutMs)]),
      },
    );
    if (!response.ok) return null;
    return await parseAnswer((all) => all.variationRefreshResponse, await response.json());
  } catch {
    return null;
  }
}

export type DigitalDashCall = { status: number; body: (DigitalDashResponse & { url?: string }) | null };

/** VAS-034: the digital-dash create call (isAjax plus the product); status 0 when it did not get through. */
export async function createDigitalDashButton(path: string, asin: string): Promise<DigitalDashCall> {
  try {
    const response = await fetch(path, {
      method: 'POST',
      credentials: 'include',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
        'x-csrf-token': pageTokens().csrfToken,
      },
      body: new URLSearchParams({ isAjax: '1', asin }),
    });
    const raw: unknown = await response.json().catch(() => null);
    if (response.status === 401) {
      const signIn = await parseAnswer((all) => all.digitalDashSignIn, raw);
      return { status: 401, body: signIn ? { success: false, url: signIn.url } : null };
    }
    return {
      status: response.status,
      body: response.ok ? await parseAnswer((all) => all.digitalDashResponse, raw) : null,
    };
  } catch {
    return { status: 0, body: null };
  }
}

/** The deferred add-on services slice (VAS-003), when the server left it out of the page; null on failure. */
export async function fetchAddOnServicesSlice(
  marketplaceId: string,
  asin: string,
  vas: string | null,
): Promise<AddOnServicesView | null> {
  const query = vas ? `?${new URLSearchParams({ vas })}` : '';
  const result = await getJson(
    `/api/marketplaces/${encodeURIComponent(marketplaceId)}/products/${encodeURIComponent(asin)}/page-slices/add-on-services${query}`,
    { credentials: 'include', headers: { accept: 'application/json' } },
  );
  if (!result.ok) return null;
  return (await parseAnswer((all) => all.addOnServicesSliceResponse, result.body))?.addOnServices ?? null;
}
