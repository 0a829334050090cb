import type { AccessoriesView } from '../../shared/contracts/accessories';
import { getJson } from './get-json';

/**
 * The product page's deferred accessory slice, when the server left it out of the page (decision
 * 0012). Null when the product offers none or the call fails: the page then goes on without it.
 * The contract (and zod) load only when this call is made, so they stay out of the first-load JS.
 */
export async function fetchAccessoriesSlice(
  marketplaceId: string,
  asin: string,
  signal?: AbortSignal,
): Promise<AccessoriesView | null> {
  const { accessoriesSlicePath, accessoriesSliceResponse } = await import(
    '../../shared/contracts/page-slices'
  );
  const result = await getJson(accessoriesSlicePath(marketplaceId, asin), {
    credentials: 'include',
    headers: { accept: 'application/json' },
    ...(signal ? { signal } : {}),
  });
  if (!result.ok) return null;
  const parsed = accessoriesSliceResponse.safeParse(result.body);
  return parsed.success ? parsed.data.accessories : null;
}
