import { INVITE_CONTENT_TYPE, INVITE_TIMEOUT_MS } from '../../domain/buy-box/invite';
import { parseAnswer } from './parse-answer';

/** The invitation endpoint of a high-demand product (BB-033). */
export const invitationEndpoint = (marketplaceId: string, asin: string) =>
  `/api/marketplaces/${marketplaceId}/products/${asin}/invitation`;

/** Requests an invitation (BB-034): ok, or why not, for the log (BB-036). */
export async function requestInvitation(
  endpoint: string,
  csrfToken: string,
): Promise<{ ok: true } | { ok: false; reason: string }> {
  try {
    const response = await fetch(endpoint, {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': INVITE_CONTENT_TYPE, 'x-csrf-token': csrfToken },
      body: '{}',
      signal: AbortSignal.timeout(INVITE_TIMEOUT_MS),
    });
    if (!response.ok) return { ok: false, reason: `HTTP ${response.status}` };
    const answer = await parseAnswer((all) => all.invitationResponse, await response.json());
    return answer ? { ok: true } : { ok: false, reason: 'unexpected answer' };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : 'request failed' };
  }
}
