import type {
  ConditionQuestionnaireView,
  DropOffLocationsView,
  EligibleListView,
  GeneralErrorView,
  RefinementSelectionView,
  ReviewOrderView,
  SearchResultsView,
  SelectedItemsView,
  SuccessView,
  TradeInCartView,
  WidgetState,
} from '../../shared/contracts/trade-in';
import { type SearchStyle, TRADE_IN_MODAL, TRADE_IN_PATHS } from '../../shared/trade-in-constants';
import { pageTokens } from './page-tokens';
import { type ApiResult, request } from './request';

// TI-006: every call of the trade-in modal waits at most 30 s and never comes from the browser's cache.
const CALL = { timeoutMs: TRADE_IN_MODAL.timeoutMs, cache: 'no-store' } as const;

/** A state of the widget as query parameters (TI-007, TI-023): what every view call carries. */
function widgetQuery(state: WidgetState, ref: string, extra: Record<string, string> = {}): URLSearchParams {
  const query = new URLSearchParams({
    deviceType: state.deviceType,
    productGroup: state.productGroup,
    ref_: ref,
    title: state.title,
  });
  if (state.asin) query.set('currentAsin', state.asin);
  if (state.buyingPrice !== null) query.set('buyingPrice', String(state.buyingPrice));
  if (state.selectedAsin) query.set('selectedAsin', state.selectedAsin);
  if (state.autoSearchTerm) query.set('autoSearchTerm', state.autoSearchTerm);
  for (const [name, value] of Object.entries(extra)) query.set(name, value);
  return query;
}

const get = <Answer>(path: string, query: URLSearchParams) => request<Answer>(`${path}?${query}`, CALL);

const post = <Answer>(path: string, json: unknown) =>
  request<Answer>(path, {
    ...CALL,
    method: 'POST',
    json,
    headers: { 'x-csrf-token': pageTokens().csrfToken },
  });

/** TI-022: the launch is recorded by its ref tag; fire and forget, never waited for. */
export function recordRefTag(ref: string, deviceType: string): void {
  void request(`${TRADE_IN_PATHS.recordRefTag}?${new URLSearchParams({ ref_: ref, deviceType })}`, {
    ...CALL,
    keepalive: true,
  });
}

/** TI-023: the eligible list (past purchases first). */
export const fetchEligibleList = (state: WidgetState): Promise<ApiResult<EligibleListView>> =>
  get(TRADE_IN_PATHS.getCustomerItems, widgetQuery(state, 'ti_eligible'));

/** TI-033..036: a page of search results (no `q`: the server's default alias). */
export function fetchSearchResults(
  state: WidgetState,
  search: { q: string; page: number; style: SearchStyle },
): Promise<ApiResult<SearchResultsView>> {
  const extra: Record<string, string> = { page: String(search.page), style: search.style };
  if (search.q) extra.q = search.q;
  return get(TRADE_IN_PATHS.search, widgetQuery(state, 'ti_search', extra));
}

/** TI-024: one step of the wireless refinements, with the choices made so far. */
export const fetchRefinements = (
  state: WidgetState,
  chosen: { brand?: string; model?: string; carrier?: string },
): Promise<ApiResult<RefinementSelectionView>> =>
  get(TRADE_IN_PATHS.refinements, widgetQuery(state, 'ti_refine', chosen as Record<string, string>));

/** TI-025, TI-026: the general error view, asked for when the product group is missing. */
export const fetchGeneralError = (ref: string): Promise<ApiResult<GeneralErrorView>> =>
  get(TRADE_IN_PATHS.generalError, new URLSearchParams({ ref_: ref }));

/** The condition questions of a device, with its offer for every grade. */
export const fetchQuestions = (
  state: WidgetState,
  asin: string,
): Promise<ApiResult<ConditionQuestionnaireView>> =>
  get(
    TRADE_IN_PATHS.questions,
    new URLSearchParams({ asin, productGroup: state.productGroup, deviceType: state.deviceType }),
  );

/** Adds a device with its answers: the selected items, or 204 (no answer) when 5 are already in (TI-031). */
export const addToTradeInCart = (body: {
  asin: string;
  answers: Record<string, string>;
  appraisal?: boolean;
}): Promise<ApiResult<SelectedItemsView | null>> => post(TRADE_IN_PATHS.cartAdd, body);

export const fetchTradeInCart = (): Promise<ApiResult<TradeInCartView>> =>
  get(TRADE_IN_PATHS.cart, new URLSearchParams());

export const removeFromTradeInCart = (itemId: string): Promise<ApiResult<TradeInCartView>> =>
  post(TRADE_IN_PATHS.cartRemove, { itemId });

export const fetchReview = (): Promise<ApiResult<ReviewOrderView>> =>
  get(TRADE_IN_PATHS.review, new URLSearchParams());

export const submitTradeIn = (): Promise<ApiResult<SuccessView>> => post(TRADE_IN_PATHS.submit, {});

export const fetchDropOffLocations = (postalCode: string): Promise<ApiResult<DropOffLocationsView>> =>
  get(TRADE_IN_PATHS.dropOffLocations, new URLSearchParams({ postalCode }));
