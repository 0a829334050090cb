// The smart-home badge's slice call; only the badge's lazy chunk imports this module.
import type { SmartHomeSliceResponse } from '../../shared/contracts/smart-home';
import { productApiPath } from './product-api-path';
import { request } from './request';

/** The badge of a product page (SH-001); null when there is none or the call fails. */
export async function fetchSmartHomeSlice(
  marketplaceId: string,
  asin: string,
): Promise<SmartHomeSliceResponse['smartHome']> {
  const result = await request<SmartHomeSliceResponse>(
    productApiPath(marketplaceId, asin, '/page-slices/smart-home'),
    { headers: { accept: 'application/json' } },
  );
  return result.ok ? result.answer.smartHome : null;
}
