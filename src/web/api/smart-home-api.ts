// The smart-home badge's slice call. Only the badge's lazy chunk imports this module, so its contract
// (and zod) stay out of the product page's first-load JavaScript.
import {
  type SmartHomeSliceResponse,
  smartHomeSlicePath,
  smartHomeSliceResponse,
} from '../../shared/contracts/smart-home';
import { getJson } from './get-json';

/** The badge of a product page (SH-001); null when there is none or the call fails. */
export async function fetchSmartHomeSlice(
  marketplaceId: string,
  asin: string,
): Promise<SmartHomeSliceResponse['smartHome']> {
  const result = await getJson(smartHomeSlicePath(marketplaceId, asin), {
    credentials: 'include',
    headers: { accept: 'application/json' },
  });
  if (!result.ok) return null;
  const parsed = smartHomeSliceResponse.safeParse(result.body);
  return parsed.success ? parsed.data.smartHome : null;
}
