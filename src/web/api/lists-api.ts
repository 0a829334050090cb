import type {
  AddToListAnswer,
  CreateForm,
  ItemAdded,
  ListAjaxState,
  ListCreated,
} from '../../shared/contracts/lists';
import { LIST_CSRF_MISSING_METRIC, LIST_PATHS, LIST_UI } from '../../shared/list-constants';
import { sendMetricEvents } from './metrics-client';
import { pageTokens } from './page-tokens';
import { type ApiResult, request } from './request';

/** A list call's answer: its body whether it succeeded or was refused (LIST-011). */
export type ListResult<A> = ApiResult<
  A,
  (Partial<A> & ListAjaxState) | { error: { code: string; message: string } }
>;

/**
 * LIST-024: list posts carry the page's CSRF token; a page without one records a metric (the post
 * then fails with 403, as any post without it).
 */
function csrfHeaders(): Record<string, string> {
  const token = pageTokens().csrfToken;
  if (!token) {
    sendMetricEvents([{ schemaId: LIST_CSRF_MISSING_METRIC, producerId: 'pdp-lists', data: {} }]);
    return {};
  }
  return { 'x-csrf-token': token };
}

const post = <A>(path: string, json: Record<string, unknown>, timeoutMs = LIST_UI.createTimeoutMs) =>
  request(path, { method: 'POST', json, headers: csrfHeaders(), timeoutMs }) as Promise<ListResult<A>>;

/** LIST-030: the shopper's lists, the default first. */
export function fetchLists(): Promise<ListResult<AddToListAnswer>> {
  const query = new URLSearchParams({
    sortMethod: 'default',
    type: 'all',
    useAll: 'true',
    sourceVendorId: 'dp',
  });
  return request(`${LIST_PATHS.addToList}?${query}`, { timeoutMs: LIST_UI.formTimeoutMs }) as Promise<
    ListResult<AddToListAnswer>
  >;
}

/** LIST-031: adds the asin to a list (the default list when none is named), quantity 1 by default. */
export function addItemToList(item: {
  asin: string;
  listExternalId?: string;
  quantity?: number;
  returnTo: string;
}): Promise<ListResult<ItemAdded>> {
  return post(LIST_PATHS.addItemToList, { ...item, quantity: item.quantity ?? 1, isAjax: true });
}

/** LIST-026: the create form's data, waited for at most 20 s. */
export function fetchCreateForm(ingress: string): Promise<ListResult<CreateForm>> {
  const query = new URLSearchParams({
    createIngressName: ingress,
    isHearts: 'false',
    sourceVendorId: 'dp',
    relatedRequestID: crypto.randomUUID(),
  });
  return request(`${LIST_PATHS.createForm}?${query}`, { timeoutMs: LIST_UI.formTimeoutMs }) as Promise<
    ListResult<CreateForm>
  >;
}

/** LIST-027 (wish and gift lists) or LIST-029 (an idea list with the item): creates a list, 10 s. */
export function createList(fields: Record<string, unknown>, idea: boolean): Promise<ListResult<ListCreated>> {
  return post(idea ? LIST_PATHS.ajaxCreateListAndAddItem : LIST_PATHS.createNewList, {
    ...fields,
    isJson: true,
  });
}
