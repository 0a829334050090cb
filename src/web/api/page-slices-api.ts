import type { AccessoriesSliceResponse } from '../../shared/contracts/page-slices';
import { productApiPath } from './product-api-path';
import { type ApiResult, request } from './request';

/**
 * The product page's deferred accessory slice, when the server left it out of the page (decision
 * 0012); its `accessories` is null when the product offers none.
 */
export function fetchAccessoriesSlice(
  marketplaceId: string,
  asin: string,
  signal?: AbortSignal,
): Promise<ApiResult<AccessoriesSliceResponse>> {
  return request<AccessoriesSliceResponse>(productApiPath(marketplaceId, asin, '/page-slices/accessories'), {
    headers: { accept: 'application/json' },
    ...(signal ? { signal } : {}),
  });
}
