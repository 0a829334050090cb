import { INVITE_CONTENT_TYPE, INVITE_TIMEOUT_MS, type InviteAnswer } from '../../domain/buy-box/invite';
import type { InvitationResponse } from '../../shared/contracts/invitation';
import { request } from './request';

/** The invitation endpoint of a high-demand product (BB-033). */
export const invitationEndpoint = (marketplaceId: string, asin: string) =>
  `/api/marketplaces/${marketplaceId}/products/${asin}/invitation`;

/** Requests an invitation (BB-036): ok, or why not, for the log (BB-039). */
export async function requestInvitation(endpoint: string, csrfToken: string): Promise<InviteAnswer> {
  const result = await request<InvitationResponse>(endpoint, {
    method: 'POST',
    headers: { 'content-type': INVITE_CONTENT_TYPE, 'x-csrf-token': csrfToken },
    text: '{}',
    timeoutMs: INVITE_TIMEOUT_MS,
  });
  if (!result.ok)
    return { ok: false, reason: result.status === 0 ? 'request failed' : `HTTP ${result.status}` };
  return result.answer?.type === 'invite.response/v1'
    ? { ok: true }
    : { ok: false, reason: 'unexpected answer' };
}
