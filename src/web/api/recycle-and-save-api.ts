import type { ClaimPromoResponse, RecycleAndSaveView } from '../../shared/contracts/recycle-and-save';
import {
  RECYCLE_AND_SAVE_CLAIM_PATH,
  RECYCLE_AND_SAVE_MODAL,
  RECYCLE_AND_SAVE_VIEW_PATH,
  type TradeInProductGroup,
} from '../../shared/trade-in-constants';
import { pageTokens } from './page-tokens';
import { type ApiResult, request } from './request';

export type RecycleAndSaveTarget = {
  asin: string;
  productGroup: TradeInProductGroup;
  deviceType: 'web' | 'mobileWeb';
};

/** RS-009: the modal's view, waited for at most 30 s (RS-002) and never from a cache. */
export function fetchRecycleAndSaveView(
  target: RecycleAndSaveTarget,
): Promise<ApiResult<RecycleAndSaveView>> {
  const query = new URLSearchParams({
    deviceType: target.deviceType,
    productGroup: target.productGroup,
    ref_: 'dp_rs_view',
    pageRenderTarget: 'dp',
    currentAsin: target.asin,
  });
  return request(`${RECYCLE_AND_SAVE_VIEW_PATH}?${query}`, {
    headers: { 'cache-control': 'no-cache' },
    timeoutMs: RECYCLE_AND_SAVE_MODAL.timeoutMs,
  });
}

/** RS-010, RS-011: the claim, the page's CSRF token as `requestToken`; the shopper waits for its answer. */
export function claimRecycleAndSave(target: RecycleAndSaveTarget): Promise<ApiResult<ClaimPromoResponse>> {
  const query = new URLSearchParams({
    productGroup: target.productGroup,
    requestToken: pageTokens().csrfToken,
    ref_: 'dp_rs_claim',
    currentAsin: target.asin,
  });
  return request(`${RECYCLE_AND_SAVE_CLAIM_PATH}?${query}`, {
    method: 'POST',
    timeoutMs: RECYCLE_AND_SAVE_MODAL.timeoutMs,
  });
}
