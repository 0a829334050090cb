import type { DeliveryLocationResponse } from '../../shared/contracts/delivery';
import { announceDeliveryZip } from './delivery-zip-event';
import { pageTokens } from './page-tokens';
import { type ApiResult, request } from './request';

const post = (body: object) =>
  request<DeliveryLocationResponse>('/gp/delivery/location', {
    method: 'POST',
    // The shopper may leave right after closing the prompt; the dismissal should still arrive.
    keepalive: true,
    headers: { 'x-csrf-token': pageTokens().csrfToken },
    json: body,
  });

/**
 * Saves the delivery ZIP (DP-005); the answer's `zip` is the one the server now holds. A saved ZIP is
 * announced to the page's parts (`onDeliveryZipSaved`), so every offer on it follows (decision 0041).
 */
export async function saveDeliveryZip(zip: string): Promise<ApiResult<DeliveryLocationResponse>> {
  const result = await post({ zip });
  if (result.ok && result.answer.zip !== null) announceDeliveryZip(result.answer.zip);
  return result;
}

/** Records that the shopper closed the location prompt without a ZIP; losing it never disturbs the page. */
export function dismissLocationPrompt(): void {
  void post({ dismiss: true });
}
