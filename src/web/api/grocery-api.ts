import type { z } from 'zod';
import type { SliderModel, SliderRequest } from '../../domain/quantity/slider';
import { CART_ADD_ITEMS_REQUEST_TYPE, CART_ADD_ITEMS_RESPONSE_TYPE } from '../../shared/cart-constants';
import type { AddItemsResponse } from '../../shared/contracts/cart';
import type {
  AddressSelectionsResponse,
  addressChangeResponse,
  ConflictSummaryResponse,
  cartCountJsonResponse,
  conflictResolveResponse,
  FreshAddError,
  FreshAddRequest,
  FreshAddResponse,
  FreshMultiAddRequest,
  genericErrorModalResponse,
  modifyItemsResponse,
  StoreSheetView,
  slotCancelResponse,
} from '../../shared/contracts/grocery';
import type {
  RepeatItemView,
  staplesAddResponse,
  staplesEducontent,
  staplesError,
  staplesUpdateResponse,
} from '../../shared/contracts/repeat-delivery';
import {
  ADDRESS_CHANGE_PATH,
  ADDRESS_SELECTIONS_PATH,
  CART_COUNT_JSON_PATH,
  CONFLICT_RESOLVE_PATH,
  CONFLICT_SUMMARY_PATH,
  FRESH_CART_PATH,
  FRESH_MULTI_ADD_PATH,
  FRESH_ORDER_PATH,
  GENERIC_ERROR_MODAL_PATH,
  GROCERY_TIMEOUTS,
  SLOT_CANCEL_PATH,
  STAPLES_ADD_PATH,
  STAPLES_EDUCONTENT_PATH,
  STAPLES_SKIP_PATH,
  STAPLES_UPDATE_PATH,
  STORE_SHEET_PATH,
} from '../../shared/grocery-constants';
import { pageTokens } from './page-tokens';
import { type ApiResult, request } from './request';

// The grocery calls (S2 §7). Only the grocery buy box (its own chunk) imports this module, so its
// contracts load with it and never with other pages. Every call carries the page's CSRF and encrypted
// slate tokens (SEC-005) and the session cookie (SEC-006); S2 §9's timeouts abort slow answers.

/** A grocery call: the page's tokens ride on every one, JSON goes both ways. */
function call<Answer, Refusal = FreshAddError>(
  url: string,
  init: {
    method: 'GET' | 'POST' | 'PUT';
    body?: unknown;
    timeoutMs?: number;
    headers?: Record<string, string>;
    resendLostWrite?: boolean;
  },
): Promise<ApiResult<Answer, Refusal>> {
  const tokens = pageTokens();
  return request<Answer, Refusal>(url, {
    method: init.method,
    headers: {
      accept: 'application/json',
      'x-csrf-token': tokens.csrfToken,
      'x-encrypted-slate-token': tokens.slateToken,
      ...init.headers,
    },
    ...(init.body === undefined ? {} : { json: init.body }),
    ...(init.timeoutMs ? { timeoutMs: init.timeoutMs } : {}),
    ...(init.resendLostWrite === false ? { resendLostWrite: false } : {}),
  });
}

/** A fresh add's result: the fresh cart's answer, or the refusal with its modal and cart (GRO-029/030). */
export type FreshAddResult = ApiResult<FreshAddResponse, FreshAddError>;

/** GRO-017 */
export function addToFreshCart(payload: FreshAddRequest, query: string): Promise<FreshAddResult> {
  return call(`${FRESH_CART_PATH}${query}`, { method: 'POST', body: payload });
}

/** GRO-019: the token rides in the query as the spec has it (and in the header, as every call). */
export function addToFreshOrder(payload: FreshAddRequest, reftag: string): Promise<FreshAddResult> {
  const url = `${FRESH_ORDER_PATH}/ref=${encodeURIComponent(reftag)}?csrf=${encodeURIComponent(pageTokens().csrfToken)}`;
  return call(url, { method: 'POST', body: payload });
}

/** GRO-024 */
export function addManyToFreshCart(body: FreshMultiAddRequest, query: string): Promise<FreshAddResult> {
  return call(`${FRESH_MULTI_ADD_PATH}${query}`, { method: 'POST', body });
}

/** GRO-018: the generic modal (when it cannot be had, the page shows its fallback). */
export function genericErrorModal(
  kind: 'cart' | 'order',
  language: string,
): Promise<ApiResult<z.infer<typeof genericErrorModalResponse>>> {
  return call(GENERIC_ERROR_MODAL_PATH, {
    method: 'POST',
    body: { kind, language },
    timeoutMs: GROCERY_TIMEOUTS.genericErrorModal,
  });
}

/** GRO-016: the navigation cart count (`total.numActiveItem`). */
export function navigationCartCount(
  sessionId: string,
  clientName: string,
): Promise<ApiResult<z.infer<typeof cartCountJsonResponse>>> {
  const query = new URLSearchParams({ sessionID: sessionId, clientName });
  return call(`${CART_COUNT_JSON_PATH}?${query}`, { method: 'POST', timeoutMs: GROCERY_TIMEOUTS.cartCount });
}

const conflictQuery = (ref: string) => `?${new URLSearchParams({ ref, client: 'atfc' })}`;

/** GRO-020 */
export function conflictSummary(ref: string): Promise<ApiResult<ConflictSummaryResponse>> {
  return call(`${CONFLICT_SUMMARY_PATH}${conflictQuery(ref)}`, {
    method: 'POST',
    timeoutMs: GROCERY_TIMEOUTS.cartConflicts,
  });
}

/** GRO-021: resolved when the answer's `isSuccess` is true. */
export function resolveConflicts(ref: string): Promise<ApiResult<z.infer<typeof conflictResolveResponse>>> {
  return call(`${CONFLICT_RESOLVE_PATH}${conflictQuery(ref)}`, {
    method: 'POST',
    timeoutMs: GROCERY_TIMEOUTS.cartConflicts,
  });
}

/** GRO-025 */
export function cancelSlot(token: string): Promise<ApiResult<z.infer<typeof slotCancelResponse>>> {
  return call(`${SLOT_CANCEL_PATH}?${new URLSearchParams({ token })}`, {
    method: 'POST',
    timeoutMs: GROCERY_TIMEOUTS.slotCancel,
  });
}

/** GRO-026 */
export function storeSheet(params: Record<string, string>): Promise<ApiResult<StoreSheetView>> {
  return call(`${STORE_SHEET_PATH}?${new URLSearchParams(params)}`, {
    method: 'GET',
    timeoutMs: GROCERY_TIMEOUTS.storeSheet,
  });
}

/** GRO-027 */
export function addressSelections(
  deviceType: 'desktop' | 'mobile',
): Promise<ApiResult<AddressSelectionsResponse>> {
  const query = new URLSearchParams({
    deviceType,
    pageType: 'Detail',
    storeContext: 'fresh',
    actionSource: 'glow',
  });
  return call(`${ADDRESS_SELECTIONS_PATH}?${query}`, { method: 'GET' });
}

/** GRO-028: after the selections call; the token goes in the anti-CSRF header. */
export function changeAddress(body: {
  addressId: string;
  almBrandId: string;
  deviceType: 'desktop' | 'mobile';
}): Promise<ApiResult<z.infer<typeof addressChangeResponse>>> {
  return call(ADDRESS_CHANGE_PATH, {
    method: 'POST',
    body: { ...body, actionSource: 'glow', locationType: 'ADDRESS_ID', pageType: 'Detail' },
    headers: { 'anti-csrftoken-a2z': pageTokens().csrfToken },
  });
}

type SliderCartAnswer = AddItemsResponse | z.infer<typeof modifyItemsResponse> | FreshAddResponse;

/**
 * SL-013..015: the slider's request, to the default cart (its versioned media types) or the fresh cart.
 * What the answer says is the slider's to read (`sliderAnswerLine`, SL-018).
 */
export function sendSliderRequest(
  request: SliderRequest,
  model: Pick<SliderModel, 'cartType'>,
): Promise<ApiResult<SliderCartAnswer, FreshAddError>> {
  return call(request.url, {
    method: request.method,
    body: request.body,
    // The slider rolls a failed press back and reconciles with the cart itself (SL-014).
    resendLostWrite: false,
    ...(model.cartType === 'UFG'
      ? {}
      : {
          headers: {
            'content-type': request.method === 'POST' ? CART_ADD_ITEMS_REQUEST_TYPE : 'application/json',
            accept: CART_ADD_ITEMS_RESPONSE_TYPE,
          },
        }),
  });
}

type StaplesError = z.infer<typeof staplesError>;

const staplesQuery = (reftag: string) => `?${new URLSearchParams({ reftag_: reftag })}`;

/** STP-011 */
export async function addRepeatItem(asin: string, reftag: string) {
  return call<z.infer<typeof staplesAddResponse>, StaplesError>(
    `${STAPLES_ADD_PATH}${staplesQuery(reftag)}`,
    {
      method: 'POST',
      body: { reftag_: reftag, clientContext: { asin, pageType: 'Detail' }, asins: [asin] },
      timeoutMs: GROCERY_TIMEOUTS.staples,
    },
  );
}

/** STP-012 */
export async function updateRepeatItem(
  item: Pick<RepeatItemView, 'asin' | 'quantity' | 'unit' | 'cadenceWeeks'>,
  reftag: string,
) {
  return call<z.infer<typeof staplesUpdateResponse>, StaplesError>(
    `${STAPLES_UPDATE_PATH}${staplesQuery(reftag)}`,
    {
      method: 'POST',
      body: {
        quantity: { quantity: item.quantity, unit: item.unit },
        cadence: item.cadenceWeeks,
        clientContext: { asin: item.asin, pageType: 'Detail' },
      },
      timeoutMs: GROCERY_TIMEOUTS.staples,
    },
  );
}

export async function skipRepeatDelivery(asin: string, reftag: string) {
  return call<z.infer<typeof staplesUpdateResponse>, StaplesError>(
    `${STAPLES_SKIP_PATH}${staplesQuery(reftag)}`,
    {
      method: 'POST',
      body: { clientContext: { asin, pageType: 'Detail' } },
      timeoutMs: GROCERY_TIMEOUTS.staples,
    },
  );
}

/** STP-013 */
export function staplesEducation(): Promise<ApiResult<z.infer<typeof staplesEducontent>>> {
  return call(STAPLES_EDUCONTENT_PATH, { method: 'GET', timeoutMs: GROCERY_TIMEOUTS.staples });
}
