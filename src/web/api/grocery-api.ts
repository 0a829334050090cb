import type { z } from 'zod';
import type { SliderModel, SliderRequest } from '../../domain/quantity/slider';
import { CART_ADD_ITEMS_REQUEST_TYPE, CART_ADD_ITEMS_RESPONSE_TYPE } from '../../shared/cart-constants';
import { addItemsResponse } from '../../shared/contracts/cart';
import {
  type AddressSelectionsResponse,
  addressChangeResponse,
  addressSelectionsResponse,
  type ConflictSummaryResponse,
  cartCountJsonResponse,
  conflictResolveResponse,
  conflictSummaryResponse,
  type ErrorModalHtml,
  type FreshAddError,
  type FreshAddRequest,
  type FreshAddResponse,
  type FreshMultiAddRequest,
  freshAddError,
  freshAddResponse,
  freshCartCountResponse,
  genericErrorModalResponse,
  modifyItemsResponse,
  type StoreSheetView,
  slotCancelResponse,
  storeSheetView,
} from '../../shared/contracts/grocery';
import {
  type RepeatItemView,
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
  FRESH_CART_COUNT_PATH,
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

// The grocery calls (S2 §7). Only the grocery buy box (its own chunk) imports this module, so its
// contracts load with it and never with other pages. Every call carries the page's CSRF and encrypted
// slate tokens (SEC-005) and the session cookie (SEC-006); S2 §9's timeouts abort slow answers.

type Reply = { status: number; body: unknown };

async function call(
  url: string,
  init: {
    method: 'GET' | 'POST' | 'PUT';
    body?: unknown;
    timeoutMs?: number;
    headers?: Record<string, string>;
  },
): Promise<Reply> {
  const tokens = pageTokens();
  try {
    const response = await fetch(url, {
      method: init.method,
      credentials: 'include',
      headers: {
        accept: 'application/json',
        'x-csrf-token': tokens.csrfToken,
        'x-encrypted-slate-token': tokens.slateToken,
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...init.headers,
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      ...(init.timeoutMs ? { signal: AbortSignal.timeout(init.timeoutMs) } : {}),
    });
    const body: unknown = await response.json().catch(() => null);
    return { status: response.status, body };
  } catch {
    return { status: 0, body: null };
  }
}

const parsed = <S extends z.ZodType>(schema: S, reply: Reply): z.output<S> | null => {
  if (reply.status < 200 || reply.status >= 300) return null;
  const result = schema.safeParse(reply.body);
  return result.success ? result.data : null;
};

/** 401 and 403 on grocery, slider and business calls mean the session is gone: reload. */
export const isSessionProblem = (status: number) => status === 401 || status === 403;

export type FreshCall =
  | { ok: true; answer: FreshAddResponse }
  | { ok: false; status: number; error: FreshAddError | null };

function freshCall(reply: Reply): FreshCall {
  const answer = parsed(freshAddResponse, reply);
  if (answer) return { ok: true, answer };
  const error = freshAddError.safeParse(reply.body);
  return {
    ok: false,
    status: reply.status === 200 ? 0 : reply.status,
    error: error.success ? error.data : null,
  };
}

/** GRO-017 */
export async function addToFreshCart(payload: FreshAddRequest, query: string): Promise<FreshCall> {
  return freshCall(await call(`${FRESH_CART_PATH}${query}`, { method: 'POST', body: payload }));
}

/** GRO-019: the token rides in the query as the spec has it (and in the header, as every call). */
export async function addToFreshOrder(payload: FreshAddRequest, reftag: string): Promise<FreshCall> {
  const url = `${FRESH_ORDER_PATH}/ref=${encodeURIComponent(reftag)}?csrf=${encodeURIComponent(pageTokens().csrfToken)}`;
  return freshCall(await call(url, { method: 'POST', body: payload }));
}

/** GRO-024 */
export async function addManyToFreshCart(body: FreshMultiAddRequest, query: string): Promise<FreshCall> {
  return freshCall(await call(`${FRESH_MULTI_ADD_PATH}${query}`, { method: 'POST', body }));
}

/** GRO-018: the generic modal, or null when it cannot be had (the page then shows its fallback). */
export async function genericErrorModal(
  kind: 'cart' | 'order',
  language: string,
): Promise<ErrorModalHtml | null> {
  const reply = await call(GENERIC_ERROR_MODAL_PATH, {
    method: 'POST',
    body: { kind, language },
    timeoutMs: GROCERY_TIMEOUTS.genericErrorModal,
  });
  return parsed(genericErrorModalResponse, reply)?.errorModalHtml ?? null;
}

/** GRO-016: the navigation cart count, or null. */
export async function navigationCartCount(sessionId: string, clientName: string): Promise<number | null> {
  const query = new URLSearchParams({ sessionID: sessionId, clientName });
  const reply = await call(`${CART_COUNT_JSON_PATH}?${query}`, {
    method: 'POST',
    timeoutMs: GROCERY_TIMEOUTS.cartCount,
  });
  return parsed(cartCountJsonResponse, reply)?.total.numActiveItem ?? null;
}

/** GRO-023 */
export async function freshCartCount(): Promise<number | null> {
  const reply = await call(FRESH_CART_COUNT_PATH, { method: 'GET', timeoutMs: GROCERY_TIMEOUTS.cartCount });
  return parsed(freshCartCountResponse, reply)?.cartCount ?? null;
}

const conflictQuery = (ref: string) => `?${new URLSearchParams({ ref, client: 'atfc' })}`;

/** GRO-020 */
export async function conflictSummary(
  ref: string,
): Promise<{ status: number; summary: ConflictSummaryResponse | null }> {
  const reply = await call(`${CONFLICT_SUMMARY_PATH}${conflictQuery(ref)}`, {
    method: 'POST',
    timeoutMs: GROCERY_TIMEOUTS.cartConflicts,
  });
  return { status: reply.status, summary: parsed(conflictSummaryResponse, reply) };
}

/** GRO-021 */
export async function resolveConflicts(ref: string): Promise<boolean> {
  const reply = await call(`${CONFLICT_RESOLVE_PATH}${conflictQuery(ref)}`, {
    method: 'POST',
    timeoutMs: GROCERY_TIMEOUTS.cartConflicts,
  });
  return parsed(conflictResolveResponse, reply)?.isSuccess === true;
}

/** GRO-025 */
export async function cancelSlot(token: string): Promise<boolean> {
  const reply = await call(`${SLOT_CANCEL_PATH}?${new URLSearchParams({ token })}`, {
    method: 'POST',
    timeoutMs: GROCERY_TIMEOUTS.slotCancel,
  });
  return parsed(slotCancelResponse, reply) !== null;
}

/** GRO-026 */
export async function storeSheet(params: Record<string, string>): Promise<StoreSheetView | null> {
  const reply = await call(`${STORE_SHEET_PATH}?${new URLSearchParams(params)}`, {
    method: 'GET',
    timeoutMs: GROCERY_TIMEOUTS.storeSheet,
  });
  return parsed(storeSheetView, reply);
}

/** GRO-027 */
export async function addressSelections(
  deviceType: 'desktop' | 'mobile',
): Promise<AddressSelectionsResponse | null> {
  const query = new URLSearchParams({
    deviceType,
    pageType: 'Detail',
    storeContext: 'fresh',
    actionSource: 'glow',
  });
  return parsed(
    addressSelectionsResponse,
    await call(`${ADDRESS_SELECTIONS_PATH}?${query}`, { method: 'GET' }),
  );
}

/** GRO-028: after the selections call; the token goes in the anti-CSRF header. */
export async function changeAddress(body: {
  addressId: string;
  almBrandId: string;
  deviceType: 'desktop' | 'mobile';
}): Promise<{ status: number; ok: boolean }> {
  const reply = await call(ADDRESS_CHANGE_PATH, {
    method: 'POST',
    body: { ...body, actionSource: 'glow', locationType: 'ADDRESS_ID', pageType: 'Detail' },
    headers: { 'anti-csrftoken-a2z': pageTokens().csrfToken },
  });
  return { status: reply.status, ok: parsed(addressChangeResponse, reply) !== null };
}

export type SliderCallAnswer =
  | { ok: true; quantity: number; cartItemId: string | null }
  | { ok: false; status: number; invalid: boolean; inCart?: number; error: FreshAddError | null };

/**
 * SL-013..015: the slider's request: the default cart's answer is `entity.items[0]` (id and quantity);
 * the fresh cart's is `clientResponseModel.items` (the asin's line, none meaning 0). An answer that is
 * neither is invalid (SL-018).
 */
export async function sendSliderRequest(
  request: SliderRequest,
  model: SliderModel,
): Promise<SliderCallAnswer> {
  const fresh = model.cartType === 'UFG';
  const reply = await call(request.url, {
    method: request.method,
    body: request.body,
    ...(fresh
      ? {}
      : {
          headers: {
            'content-type': request.method === 'POST' ? CART_ADD_ITEMS_REQUEST_TYPE : 'application/json',
            accept: CART_ADD_ITEMS_RESPONSE_TYPE,
          },
        }),
  });
  if (reply.status >= 200 && reply.status < 300) {
    if (fresh) {
      const answer = parsed(freshAddResponse, reply);
      if (!answer) return { ok: false, status: reply.status, invalid: true, error: null };
      const line = answer.clientResponseModel.items.find((item) => item.ASIN === model.asinId);
      return { ok: true, quantity: line?.quantity ?? 0, cartItemId: line?.itemId ?? null };
    }
    const answer = parsed(request.method === 'PUT' ? modifyItemsResponse : addItemsResponse, reply);
    const line = answer?.entity.items[0];
    if (!line) return { ok: false, status: reply.status, invalid: true, error: null };
    return { ok: true, quantity: line.quantity, cartItemId: line.quantity > 0 ? line.id : null };
  }
  const error = freshAddError.safeParse(reply.body);
  const refused = error.success ? error.data : null;
  const inCart = refused?.clientResponseModel?.items.find((item) => item.ASIN === model.asinId)?.quantity;
  return {
    ok: false,
    status: reply.status,
    invalid: false,
    error: refused,
    ...(refused?.clientResponseModel ? { inCart: inCart ?? 0 } : {}),
  };
}

export type StaplesCall<T> =
  | { ok: true; answer: T }
  | { ok: false; status: number; errorModalHtml: string | null };

function staples<T>(reply: Reply, schema: z.ZodType<T>): StaplesCall<T> {
  const answer = parsed(schema, reply);
  if (answer) return { ok: true, answer };
  const error = staplesError.safeParse(reply.body);
  return {
    ok: false,
    status: reply.status,
    errorModalHtml: error.success ? (error.data.errorModalHtml ?? null) : null,
  };
}

const staplesQuery = (reftag: string) => `?${new URLSearchParams({ reftag_: reftag })}`;

/** STP-011 */
export async function addRepeatItem(asin: string, reftag: string) {
  const reply = await call(`${STAPLES_ADD_PATH}${staplesQuery(reftag)}`, {
    method: 'POST',
    body: { reftag_: reftag, clientContext: { asin, pageType: 'Detail' }, asins: [asin] },
    timeoutMs: GROCERY_TIMEOUTS.staples,
  });
  return staples(reply, staplesAddResponse);
}

/** STP-012 */
export async function updateRepeatItem(
  item: Pick<RepeatItemView, 'asin' | 'quantity' | 'unit' | 'cadenceWeeks'>,
  reftag: string,
) {
  const reply = await call(`${STAPLES_UPDATE_PATH}${staplesQuery(reftag)}`, {
    method: 'POST',
    body: {
      quantity: { quantity: item.quantity, unit: item.unit },
      cadence: item.cadenceWeeks,
      clientContext: { asin: item.asin, pageType: 'Detail' },
    },
    timeoutMs: GROCERY_TIMEOUTS.staples,
  });
  return staples(reply, staplesUpdateResponse);
}

export async function skipRepeatDelivery(asin: string, reftag: string) {
  const reply = await call(`${STAPLES_SKIP_PATH}${staplesQuery(reftag)}`, {
    method: 'POST',
    body: { clientContext: { asin, pageType: 'Detail' } },
    timeoutMs: GROCERY_TIMEOUTS.staples,
  });
  return staples(reply, staplesUpdateResponse);
}

/** STP-013 */
export async function staplesEducation() {
  return parsed(
    staplesEducontent,
    await call(STAPLES_EDUCONTENT_PATH, { method: 'GET', timeoutMs: GROCERY_TIMEOUTS.staples }),
  );
}
