import { type ReactNode, useEffect, useRef, useState } from 'react';
import {
  firstTradeInStep,
  initialWidgetState,
  nextWidgetState,
  pathAfterPick,
} from '../../../domain/trade-in/widget-state';
import type {
  ConditionQuestionnaireView,
  EligibleListView,
  GeneralErrorView,
  RefinementSelectionView,
  ReviewOrderView,
  SearchResultsView,
  SelectedItemsView,
  SuccessView,
  TradeInCartView,
  TradeInDevice,
  TradeInWarning,
  WidgetState,
} from '../../../shared/contracts/trade-in';
import {
  type SearchStyle,
  TRADE_IN_LIMITS,
  TRADE_IN_MODAL,
  TRADE_IN_PRODUCT_GROUPS,
  TRADE_IN_WARNINGS,
  type TradeInProductGroup,
} from '../../../shared/trade-in-constants';
import { type ApiResult, failureMessage } from '../../api/request';
import {
  addToTradeInCart,
  fetchEligibleList,
  fetchGeneralError,
  fetchQuestions,
  fetchRefinements,
  fetchReview,
  fetchSearchResults,
  fetchTradeInCart,
  recordRefTag,
  removeFromTradeInCart,
  submitTradeIn,
} from '../../api/trade-in-api';
import { BottomSheet } from '../../ui/bottom-sheet';
import { Modal } from '../../ui/modal';
import { SideSheet } from '../../ui/side-sheet';
import type { TradeInEntry, TradeInPage, TradeInResume } from './trade-in-launcher';
import { TradeInView } from './trade-in-views';

/** A view the server answers, or one of the flow's own (waiting, signed out, a failed call). */
export type FlowView =
  | EligibleListView
  | SearchResultsView
  | RefinementSelectionView
  | ConditionQuestionnaireView
  | SelectedItemsView
  | TradeInCartView
  | ReviewOrderView
  | SuccessView
  | GeneralErrorView
  | { view: 'loading'; label: string }
  | { view: 'signedOut' }
  | { view: 'failed'; message: string; retry: () => void };

/** What the views can ask the flow to do. */
export type FlowActions = {
  search: (q: string, page: number, style: SearchStyle) => void;
  pick: (device: TradeInDevice) => void;
  refine: (chosen: RefinementSelectionView['chosen']) => void;
  findPhone: () => void;
  questions: (asin: string) => void;
  add: (asin: string, answers: Record<string, string>, appraisal: boolean | undefined) => void;
  remove: (itemId: string) => void;
  eligibleList: () => void;
  cart: () => void;
  review: () => void;
  submit: () => void;
  back: (() => void) | null;
  close: () => void;
  /** TI-014: the launch is remembered as the shopper leaves for sign-in. */
  signIn: () => void;
};

export type TradeInFlowProps = {
  page: TradeInPage;
  entry: TradeInEntry;
  deviceType: WidgetState['deviceType'];
  phone: boolean;
  /** The page to come back to after sign-in (TI-014). */
  resumePath: string;
  /** TI-014: remembers the launch before the shopper leaves for sign-in (the launcher's storage). */
  rememberLaunch: (resume: TradeInResume) => void;
  onClose: () => void;
};

const knownGroup = (value: string | null): TradeInProductGroup | null =>
  TRADE_IN_PRODUCT_GROUPS.find((group) => group === value) ?? null;

const TITLES = { tanookiTitle: 'Trade in a device', recycleAndSaveTitle: 'Recycle and trade in' } as const;

/** A warning of S2 §4 shown over the view (TI-019): an add the server refused, or the 204 of a full cart. */
export type FlowNotice = TradeInWarning;

/** TI-031: the cart add answered 204: the most items a trade-in holds are already in. */
const MAX_ITEMS: FlowNotice = {
  code: 'maxItems',
  message: `You can trade in up to ${TRADE_IN_LIMITS.maxItems} items at a time. Remove one to add another.`,
};

/** The warning a refusal names (mixed hazmat, non-tradeable…), or null for any other refusal. */
function warningOf(refusal: unknown): FlowNotice | null {
  const error = (refusal as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  const code = TRADE_IN_WARNINGS.find((known) => known === error?.code);
  return code && typeof error?.message === 'string' ? { code, message: error.message } : null;
}

/**
 * The trade-in flow (TI-003, TI-004, TI-016): launch, the eligible list or a search, the condition
 * questions, the selected items or cart, the review, the submit and its success; over the page in the
 * 700-wide modal (TI-006), the desktop side sheet sliding in over 500 ms (TI-020, TI-021) or a phone's
 * bottom sheet. Every call waits at most 30 s and skips the cache (trade-in-api.ts).
 */
export function TradeInFlow({
  page,
  entry,
  deviceType,
  phone,
  resumePath,
  rememberLaunch,
  onClose,
}: TradeInFlowProps) {
  const context = {
    // A link that names an unknown group is a launch without one (TI-026).
    productGroup: entry.productGroup === null ? page.productGroup : knownGroup(entry.productGroup),
    deviceType,
    title: entry.title,
    asin: page.asin,
    buyingPrice: page.buyingPrice,
  };
  const [state, setState] = useState<WidgetState | null>(() => initialWidgetState(context));
  const [view, setView] = useState<FlowView>(() =>
    page.signedIn ? { view: 'loading', label: 'Loading trade-in' } : { view: 'signedOut' },
  );
  const [history, setHistory] = useState<(() => void)[]>([]);
  const [notice, setNotice] = useState<FlowNotice | null>(null);
  const call = useRef(0);
  // Back (history) goes to the step before, asked again; a step shown by Back adds nothing to it.
  const current = useRef<(() => void) | null>(null);
  const goingBack = useRef(false);

  /** Shows a spinner, then the view answered; signed out on 401 (TI-030), else the failure and a retry. */
  function run<V extends FlowView>(
    label: string,
    load: () => Promise<ApiResult<V | null>>,
    options: {
      again?: () => void;
      onEmpty?: () => void;
      keepNotice?: boolean;
      /** A refusal that names a warning (TI-019): shown over the view the shopper was on. */
      warnOver?: FlowView;
    } = {},
  ) {
    const id = ++call.current;
    const fromBack = goingBack.current;
    goingBack.current = false;
    const attempt = () => {
      if (!options.keepNotice) setNotice(null);
      setView({ view: 'loading', label });
      void load().then((result) => {
        if (id !== call.current) return;
        if (result.ok) {
          const answer = result.answer;
          if (answer === null) return options.onEmpty?.();
          const before = current.current;
          if (options.again) {
            if (before && !fromBack) setHistory((steps) => [...steps, before]);
            current.current = options.again;
          }
          return setView(answer);
        }
        if (result.status === 401) return setView({ view: 'signedOut' });
        const warning = options.warnOver ? warningOf(result.refusal) : null;
        if (warning && options.warnOver) {
          setNotice(warning);
          return setView(options.warnOver);
        }
        setView({ view: 'failed', message: failureMessage(result), retry: attempt });
      });
    };
    attempt();
  }

  const eligibleList = (widget = state) => {
    if (!widget) return;
    const again = () => eligibleList(widget);
    run('Loading your devices', () => fetchEligibleList(widget), { again });
  };

  const search = (q: string, pageNumber: number, style: SearchStyle) => {
    if (!state) return;
    const widget = nextWidgetState(state, { searched: q });
    setState(widget);
    const again = () => search(q, pageNumber, style);
    run('Searching', () => fetchSearchResults(widget, { q, page: pageNumber, style }), { again });
  };

  const refine = (chosen: RefinementSelectionView['chosen']) => {
    if (!state) return;
    run('Loading the choices', () => fetchRefinements(state, chosen), { again: () => refine(chosen) });
  };

  const questions = (asin: string) => {
    if (!state) return;
    const widget = nextWidgetState(state, { selected: asin });
    setState(widget);
    run('Loading the questions', () => fetchQuestions(widget, asin), { again: () => questions(asin) });
  };

  const pick = (device: TradeInDevice) => {
    if (pathAfterPick(device) === 'refinements') refine({ brand: device.brand, model: device.model });
    else questions(device.asin);
  };

  const cart = (): void => run('Loading your trade-in cart', fetchTradeInCart, { again: cart });

  const add = (asin: string, answers: Record<string, string>, appraisal: boolean | undefined) =>
    run(
      'Adding your device',
      () => addToTradeInCart({ asin, answers, ...(appraisal === undefined ? {} : { appraisal }) }),
      {
        again: cart,
        warnOver: view,
        // TI-031: 204 means the cart already holds the most items: say so over the cart.
        onEmpty: () => {
          setNotice(MAX_ITEMS);
          run('Loading your trade-in cart', fetchTradeInCart, { keepNotice: true, again: cart });
        },
      },
    );

  const remove = (itemId: string) => run('Removing the device', () => removeFromTradeInCart(itemId));
  const review = (): void => run('Loading your review', fetchReview, { again: review });
  const submit = () => {
    setHistory([]);
    current.current = null;
    run('Submitting your trade-in', submitTradeIn);
  };

  // The first step, once: the general error view without a product group (TI-026), else the eligible list.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    recordRefTag(entry.ref, deviceType);
    if (!page.signedIn) return;
    if (firstTradeInStep(context) === 'generalError' || !state)
      run('Loading', () => fetchGeneralError(entry.ref));
    else eligibleList(state);
  });

  const back =
    history.length > 0 && view.view !== 'loading' && view.view !== 'success'
      ? () => {
          const previous = history[history.length - 1];
          setHistory((steps) => steps.slice(0, -1));
          current.current = previous ?? null;
          goingBack.current = true;
          previous?.();
        }
      : null;

  const actions: FlowActions = {
    search,
    pick,
    refine,
    findPhone: () => refine({}),
    questions,
    add,
    remove,
    eligibleList: () => eligibleList(),
    cart,
    review,
    submit,
    back,
    close: onClose,
    signIn: () => rememberLaunch({ productGroup: context.productGroup, path: resumePath }),
  };

  const body: ReactNode = (
    <TradeInView
      view={view}
      state={state}
      notice={notice}
      actions={actions}
      phone={phone}
      resumePath={resumePath}
    />
  );
  const title = TITLES[entry.title];
  if (phone) {
    return (
      <BottomSheet open onClose={onClose} title={title}>
        {body}
      </BottomSheet>
    );
  }
  if (page.container === 'side-sheet') {
    return (
      // TI-020: trade-in.css slides this sheet in over 500 ms (TRADE_IN_LIMITS.sideSheetMs), not 300 ms.
      <SideSheet open onClose={onClose} title={title} width={SIDE_SHEET_WIDTH} dialogId="trade-in-sheet">
        {body}
      </SideSheet>
    );
  }
  return (
    <Modal open onClose={onClose} title={title} width={TRADE_IN_MODAL.width}>
      {body}
    </Modal>
  );
}

/** The desktop side sheet's width: the store's choice (decision 0055), wide enough for rows of 3. */
const SIDE_SHEET_WIDTH = 560;
