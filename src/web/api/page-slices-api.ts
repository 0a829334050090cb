import type { AccessoriesView } from '../../shared/contracts/accessories';
import type { AccessoriesSliceResponse } from '../../shared/contracts/page-slices';
import { productApiPath } from './product-api-path';
import { request } from './request';

/**
 * The product page's deferred accessory slice, when the server left it out of the page (decision
 * 0012). Null when the product offers none or the call fails: the page then goes on without it.
 */
export async function fetchAccessoriesSlice(
  marketplaceId: string,
  asin: string,
  signal?: AbortSignal,
): Promise<AccessoriesView | null> {
  const result = await request<AccessoriesSliceResponse>(
    productApiPath(marketplaceId, asin, '/page-slices/accessories'),
    { headers: { accept: 'application/json' }, ...(signal ? { signal } : {}) },
  );
  return result.ok ? result.answer.accessories : null;
}
