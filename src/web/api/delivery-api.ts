import { pageTokens } from './page-tokens';
import { parseAnswer } from './parse-answer';

const post = (body: object) =>
  fetch('/gp/delivery/location', {
    method: 'POST',
    credentials: 'include',
    // The shopper may leave right after closing the prompt; the dismissal should still arrive.
    keepalive: true,
    headers: { 'content-type': 'application/json', 'x-csrf-token': pageTokens().csrfToken },
    body: JSON.stringify(body),
  });

/** Saves the delivery ZIP (DP-005): the ZIP the server now holds, or null when it was not saved. */
export async function saveDeliveryZip(zip: string): Promise<string | null> {
  try {
    const response = await post({ zip });
    if (!response.ok) return null;
    const answer = await parseAnswer((all) => all.deliveryLocationResponse, await response.json());
    return answer?.zip ?? null;
  } catch {
    return null;
  }
}

/** Records that the shopper closed the location prompt without a ZIP; losing it never disturbs the page. */
export function dismissLocationPrompt(): void {
  void post({ dismiss: true }).catch(() => undefined);
}
