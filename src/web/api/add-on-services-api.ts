import type { z } from 'zod';
import { VAS_CLIENT_NAME, VAS_TIMINGS, VAS_ZIP_REFRESH_PATH } from '../../shared/add-on-services-constants';
import type {
  addOnServicesSliceResponse,
  DigitalDashResponse,
  digitalDashSignIn,
  VariationRefreshResponse,
  ZipRefreshResponse,
} from '../../shared/contracts/add-on-services';
import { pageTokens } from './page-tokens';
import { type ApiResult, request } from './request';

type DigitalDashSignIn = z.infer<typeof digitalDashSignIn>;

/** VAS-031: the offers of services for a postal code. */
export function refreshServiceZip(
  asins: readonly string[],
  zip: string,
  marketplaceId: string,
): Promise<ApiResult<ZipRefreshResponse>> {
  const query = new URLSearchParams({
    asinlist: asins.join(','),
    vasZipcode: zip,
    clientName: VAS_CLIENT_NAME,
    includeMerchantAddress: 'true',
    marketplaceId,
  });
  return request<ZipRefreshResponse>(`${VAS_ZIP_REFRESH_PATH}?${query}`, {
    headers: { accept: 'application/json' },
  });
}

/**
 * VAS-033: POST /gp/product/{asin}?m={merchant}, the variation refresh. Gives up after 90 s; a newer
 * refresh aborts this one through `signal` (VAS-019).
 */
export function refreshVariation(
  asin: string,
  merchantId: string,
  fields: { isVariationalParent: boolean; vas: string | null; quantity: number | null },
  signal: AbortSignal,
): Promise<ApiResult<VariationRefreshResponse>> {
  const form = new URLSearchParams({ isVariationalParent: fields.isVariationalParent ? '1' : '0' });
  if (fields.vas) form.set('vas', fields.vas);
  if (fields.quantity !== null) form.set('quantity', String(fields.quantity));
  return request<VariationRefreshResponse>(
    `/gp/product/${encodeURIComponent(asin)}?m=${encodeURIComponent(merchantId)}`,
    {
      method: 'POST',
      headers: { accept: 'application/json', 'x-csrf-token': pageTokens().csrfToken },
      form,
      signal,
      timeoutMs: VAS_TIMINGS.twisterRefreshTimeoutMs,
    },
  );
}

/** VAS-034: the digital-dash create call (isAjax plus the product); a 401's refusal says where to sign in. */
export function createDigitalDashButton(
  path: string,
  asin: string,
): Promise<ApiResult<DigitalDashResponse, DigitalDashSignIn>> {
  return request<DigitalDashResponse, DigitalDashSignIn>(path, {
    method: 'POST',
    headers: { accept: 'application/json', 'x-csrf-token': pageTokens().csrfToken },
    form: new URLSearchParams({ isAjax: '1', asin }),
  });
}

/** The deferred add-on services slice (VAS-003), when the server left it out of the page. */
export function fetchAddOnServicesSlice(
  marketplaceId: string,
  asin: string,
  vas: string | null,
): Promise<ApiResult<z.infer<typeof addOnServicesSliceResponse>>> {
  const query = vas ? `?${new URLSearchParams({ vas })}` : '';
  return request<z.infer<typeof addOnServicesSliceResponse>>(
    `/api/marketplaces/${encodeURIComponent(marketplaceId)}/products/${encodeURIComponent(asin)}/page-slices/add-on-services${query}`,
    { headers: { accept: 'application/json' } },
  );
}
