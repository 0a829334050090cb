import { type ReactNode, type RefObject, useId, useReducer, useRef, useState } from 'react';
import { preregistrationSelector } from '../../../domain/buy-box/gift-and-preregistration';
import { dealPlatform } from '../../../domain/deals/deal-display';
import {
  claimErrorCode,
  type DealEvent,
  type DealMachineState,
  initialDealState,
  QUANTITY_RESTRICTION_ERROR_TYPE,
  snapshotFromBuyingOptions,
  transition,
} from '../../../domain/deals/deal-machine';
import { claimCall, DEFAULT_CLAIM_QUANTITY, type DealView, dealView } from '../../../domain/deals/deal-view';
import type { WarrantyOffer } from '../../../domain/deals/deals-upsell';
import type { DealSetup } from '../../../shared/contracts/deals';
import { METRIC_SCHEMAS } from '../../../shared/metric-schemas';
import { claimDeal, fetchCartCount } from '../../api/deals-api';
import { sendMetricEvents } from '../../api/metrics-client';
import { Popover } from '../../ui/popover';
import { useIsClient } from '../../ui/use-is-client';
import { useDealClock } from './use-deal-clock';
import { useDealPolling } from './use-deal-polling';
import { useDealWarranty } from './use-deal-warranty';

const PRODUCER = 'pdp-deal-buy-box';

type Action = { event: DealEvent; now: number };
const reduce = (state: DealMachineState, action: Action) => transition(state, action.event, action.now);

export type DealBuyBoxProps = {
  setup: DealSetup;
  /** The protection plan offered with the deal (the warranty checkbox), if any. */
  warranty?: WarrantyOffer | null;
  /** The public session id the legacy form call carries (verificationSessionID). */
  sessionId: string;
  /** The regular offer's buy box: with one, the deal is the first row of an accordion (DEAL-001). */
  children?: ReactNode;
  /** The regular offer's price, for its accordion row. */
  regularPrice?: string | null;
  onCartCount: (count: number) => void;
  /** After a successful claim (deal mode: the page then offers its accessories, ACC-010). */
  onClaimed?: () => void;
};

/**
 * The lightning deal buy box (DEAL-001..004): an accordion row above the regular offer, or a
 * single-offer box when there is no other offer. It renders from the deal in the page data, then keeps
 * the deal current by polling, counts down on the server's clock, and claims through the claim call.
 */
export function DealBuyBox({
  setup,
  warranty = null,
  sessionId,
  children,
  regularPrice = null,
  onCartCount,
  onClaimed,
}: DealBuyBoxProps) {
  const [state, dispatch] = useReducer(reduce, setup, (s) =>
    initialDealState(snapshotFromBuyingOptions([s.initialBuyingOption])),
  );
  const platform = dealPlatform(setup);
  const { now, serverNow } = useDealClock(setup.systemTime, (at) =>
    dispatch({ event: { type: 'tick' }, now: at }),
  );
  const send = (event: DealEvent) => dispatch({ event, now: serverNow() });
  useDealPolling({
    setup,
    device: platform,
    polling: state.polling,
    refetchAt: state.refetchAt,
    serverNow,
    onRefetchStarted: () => send({ type: 'refetch-started' }),
    onFetched: (snapshot) => send({ type: 'deal-fetched', snapshot }),
  });
  const view = dealView(state, {
    now,
    platform,
    hasPrimeSavingsBenefit: setup.hasPrimeSavingsBenefit,
    showAppOnlyDealCx: setup.showAppOnlyDealCx,
  });
  const [quantity, setQuantity] = useState(DEFAULT_CLAIM_QUANTITY);
  const messageRef = useRef<HTMLDivElement>(null);
  const plan = useDealWarranty({ setup, warranty, sessionId, onCartCount });

  // A second press before the next render must not send a second claim.
  const claimInFlight = useRef(false);
  const claim = async () => {
    if (claimInFlight.current || state.claiming) return;
    const call = claimCall({
      claimDealAapiEndpoint: setup.claimDealAapiEndpoint,
      dealId: state.deal.dealId,
      asin: setup.asin,
      refTag: setup.claimRefTag,
      quantity: view.claim?.quantities.includes(quantity) ? quantity : DEFAULT_CLAIM_QUANTITY,
    });
    // Reading 3: no claim goes out without its deal id, item id, purchase tag and quantity.
    if (!call) return;
    send({ type: 'claim-started' });
    claimInFlight.current = true;
    const result = await claimDeal(setup, platform, call.url, call.body).finally(() => {
      claimInFlight.current = false;
    });
    if (result.ok) {
      send({ type: 'claim-succeeded', response: result.entity });
      messageRef.current?.focus();
      await plan.afterClaim(result.entity);
      // DEAL-019: the header's cart count follows the claim; a failed count is ignored (DEAL-046).
      const count = await fetchCartCount(setup);
      if (count !== null) onCartCount(count);
      onClaimed?.();
      return;
    }
    const error = { type: result.type, entityStatus: result.entityStatus, httpStatus: result.httpStatus };
    send({ type: 'claim-failed', error });
    // The limit takes the form away, so focus goes to the message; otherwise it stays on the button to retry.
    if (error.type === QUANTITY_RESTRICTION_ERROR_TYPE) messageRef.current?.focus();
    sendMetricEvents([
      {
        schemaId: METRIC_SCHEMAS.dealClaimError,
        producerId: PRODUCER,
        data: { dealId: state.deal.dealId, asin: setup.asin, errorCode: claimErrorCode(error) },
      },
    ]);
  };

  const details = setup.initialBuyingOption.dealDetails;
  const deal = (
    <DealOffer
      asin={setup.asin}
      view={view}
      state={state}
      quantity={quantity}
      onQuantity={setQuantity}
      onClaim={() => void claim()}
      messageRef={messageRef}
      plan={plan}
    />
  );
  if (!children) {
    return (
      <section className="deal-buy-box deal-buy-box--single" aria-label="Lightning deal">
        <DealPrice details={details} />
        {deal}
      </section>
    );
  }
  return (
    <DealAccordion details={details} regularPrice={regularPrice} deal={deal}>
      {children}
    </DealAccordion>
  );
}

type Details = DealSetup['initialBuyingOption']['dealDetails'];

function DealPrice({ details, badge = true }: { details: Details; badge?: boolean }) {
  return (
    <div className="deal-price">
      {badge ? <span className="deal-price__badge">Lightning Deal</span> : null}
      <p className="deal-price__amounts">
        {details.savings ? <span className="deal-price__savings">-{details.savings.percentage}%</span> : null}
        <span className="deal-price__price">{details.dealPrice.displayString}</span>
      </p>
      {details.basisPrice ? (
        <p className="deal-price__basis">
          Typical price: <s>{details.basisPrice.displayString}</s>
        </p>
      ) : null}
    </div>
  );
}

/** DEAL-001: the deal as the first row of an accordion whose second row is the regular offer. */
function DealAccordion({
  details,
  regularPrice,
  deal,
  children,
}: {
  details: Details;
  regularPrice: string | null;
  deal: ReactNode;
  children: ReactNode;
}) {
  const [open, setOpen] = useState<'deal' | 'regular'>('deal');
  const ids = { deal: useId(), regular: useId() };
  const row = (key: 'deal' | 'regular', heading: ReactNode, body: ReactNode) => (
    <div className={`deal-accordion__row${open === key ? ' deal-accordion__row--open' : ''}`}>
      <h2 className="deal-accordion__heading">
        <button
          type="button"
          className="deal-accordion__toggle"
          aria-expanded={open === key}
          aria-controls={ids[key]}
          onClick={() => setOpen(key)}
        >
          <span className="deal-accordion__radio" aria-hidden="true" />
          {heading}
        </button>
      </h2>
      <div className="deal-accordion__panel" id={ids[key]} hidden={open !== key}>
        {body}
      </div>
    </div>
  );
  return (
    <section className="deal-buy-box deal-accordion" aria-label="Buying options">
      {/* Without JavaScript the rows cannot open, so both stay open: the regular offer's plain form works. */}
      <noscript>
        <style>{'.deal-accordion__panel[hidden]{display:block}'}</style>
      </noscript>
      {row(
        'deal',
        <span className="deal-accordion__label">
          <span className="deal-price__badge">Lightning Deal</span> {details.dealPrice.displayString}
        </span>,
        <>
          <DealPrice details={details} badge={false} />
          {deal}
        </>,
      )}
      {row(
        'regular',
        <span className="deal-accordion__label">Buy new{regularPrice ? `: ${regularPrice}` : ''}</span>,
        children,
      )}
    </section>
  );
}

const HEADER_MESSAGES: Record<
  NonNullable<DealView['header']>,
  { kind: 'success' | 'info' | 'error'; text: string }
> = {
  'in-cart': { kind: 'success', text: 'Added to cart. This deal is in your cart.' },
  pending: { kind: 'info', text: "You're on the waitlist for this deal." },
  claimed: { kind: 'success', text: 'You claimed this deal.' },
  'waitlist-full': { kind: 'info', text: 'This deal is fully claimed and its waitlist is full.' },
  unavailable: { kind: 'error', text: 'This deal is no longer available.' },
};

function DealOffer({
  asin,
  view,
  state,
  quantity,
  onQuantity,
  onClaim,
  messageRef,
  plan,
}: {
  plan: ReturnType<typeof useDealWarranty>;
  asin: string;
  view: DealView;
  state: DealMachineState;
  quantity: number;
  onQuantity: (quantity: number) => void;
  onClaim: () => void;
  messageRef: RefObject<HTMLDivElement | null>;
}) {
  // BB-017: the deal box's quantity dropdown is the '-deals' variant pre-registration reads.
  const ids = { quantity: preregistrationSelector('-deals'), progress: useId() };
  // A claim needs the script: until the box has hydrated its button waits, disabled.
  const ready = useIsClient();
  const { deal } = state;
  const header = view.header ? HEADER_MESSAGES[view.header] : null;
  return (
    <div className="deal-box" data-deal-ready={ready ? 'true' : undefined}>
      {/* DEAL-033: a live region that is always there, so the message is announced; CSS fades it in
          over 400 ms and out over 800 ms after 2000 ms. */}
      <div className="deal-box__changeover-region" role="status">
        {view.changeover ? (
          <p className="deal-box__changeover" key={view.changeover.shownAt}>
            {view.changeover.message}
          </p>
        ) : null}
      </div>
      <div className="deal-box__messages" ref={messageRef} tabIndex={-1} aria-live="polite">
        {header ? (
          <p className={`alert alert--${header.kind} deal-box__header`}>
            {header.text}
            {view.header === 'pending' && deal.customer.waitlistPosition ? (
              <> You are number {deal.customer.waitlistPosition} in line.</>
            ) : null}
            {view.header === 'in-cart' ? (
              <>
                {' '}
                <a href="/gp/cart/view.html">Go to cart</a>
              </>
            ) : null}
          </p>
        ) : null}
        {view.processing ? (
          <p className="deal-box__processing">
            <span className="spinner" aria-hidden="true" /> Processing your deal…
          </p>
        ) : null}
        {plan.warranty && plan.status === 'added' ? (
          <p className="alert alert--success">{`${plan.warranty.title} added to your cart.`}</p>
        ) : null}
        {plan.warranty && plan.status === 'failed' ? (
          <p className="alert alert--error deal-box__warranty-error" role="alert">
            {`We couldn't add ${plan.warranty.title} to your cart. You can add it from the cart page.`}
          </p>
        ) : null}
        {view.failure === 'redemption-failed' ? (
          <p className="alert alert--error" role="alert">
            Redemption failed: we couldn't claim this deal. Please try again.
          </p>
        ) : null}
        {view.failure === 'quantity-limit' ? (
          <p className="alert alert--error" role="alert">
            {`You've reached the limit for this ${deal.accessBehavior === 'PRIME_ONLY' ? 'Prime-only ' : ''}deal: ${deal.maxPerCustomer} per customer.`}
          </p>
        ) : null}
      </div>
      {view.holdTimer ? (
        <p className="deal-box__timer">
          {view.header === 'in-cart' ? 'Held in your cart for ' : 'Waitlist open for '}
          <span role="timer" aria-label={view.holdTimer.spoken} className="deal-box__clock">
            {view.holdTimer.text}
          </span>
        </p>
      ) : null}
      {plan.warranty && view.header === 'in-cart' && plan.status !== 'added' ? (
        <button
          type="button"
          className="button button--secondary button--wide"
          disabled={plan.status === 'adding'}
          aria-busy={plan.status === 'adding'}
          onClick={() => void plan.addNow()}
        >
          {`Add ${plan.warranty.title} for ${plan.warranty.price.displayString}`}
        </button>
      ) : null}
      {view.primeEarlyAccess === 'member' ? (
        <p className="deal-box__prime">
          <span className="deal-box__prime-mark">prime</span> Early access: you can claim this deal before it
          opens to everyone.
        </p>
      ) : view.primeEarlyAccess === 'non-member' ? (
        <p className="deal-box__prime">
          <span className="deal-box__prime-mark">prime</span> Prime members have early access to this deal. It
          opens to everyone when the countdown ends.
        </p>
      ) : null}
      {view.primeOnly ? (
        <p className="deal-box__prime">
          <span className="deal-box__prime-mark">prime</span> This deal is for Prime members only.{' '}
          <a href={`/gp/sign-in.html?path=${encodeURIComponent(`/dp/${asin}`)}`}>Sign in</a> with a Prime
          account to claim it.
        </p>
      ) : null}
      {view.startCountdown ? (
        <p className="deal-box__countdown">
          Starts in{' '}
          <span role="timer" aria-label={view.startCountdown.spoken} className="deal-box__clock">
            {view.startCountdown.text}
          </span>
        </p>
      ) : null}
      {view.endCountdown ? (
        <p
          className={`deal-box__countdown${view.endCountdown.highlighted ? ' deal-box__countdown--ending' : ''}`}
          data-ending={view.endCountdown.highlighted}
        >
          Ends in{' '}
          <span role="timer" aria-label={view.endCountdown.spoken} className="deal-box__clock">
            {view.endCountdown.text}
          </span>
        </p>
      ) : null}
      {view.progress ? (
        <div className="deal-box__progress">
          <div
            className="deal-progress"
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={view.progress.percent}
            aria-labelledby={ids.progress}
          >
            <span className="deal-progress__fill" style={{ width: `${view.progress.percent}%` }} />
          </div>
          <p
            id={ids.progress}
            className={`deal-progress__message deal-progress__message--${view.progress.tone}`}
            data-tone={view.progress.tone}
          >
            {view.progress.message}
          </p>
        </div>
      ) : null}
      {view.appOnly ? <AppOnlyPrompt prompt={view.appOnly} /> : null}
      {view.claim ? (
        <form
          className="deal-box__form"
          onSubmit={(event) => {
            event.preventDefault();
            onClaim();
          }}
        >
          <label className="buy-box__quantity" htmlFor={ids.quantity}>
            Quantity:
            <select
              id={ids.quantity}
              value={view.claim.quantities.includes(quantity) ? quantity : DEFAULT_CLAIM_QUANTITY}
              onChange={(event) => onQuantity(Number(event.target.value))}
              disabled={state.claiming}
            >
              {view.claim.quantities.map((q) => (
                <option key={q} value={q}>
                  {q}
                </option>
              ))}
            </select>
          </label>
          {plan.warranty ? (
            <label className="checkbox deal-box__warranty">
              <input
                type="checkbox"
                checked={plan.chosen}
                disabled={state.claiming}
                onChange={(event) => plan.setChosen(event.target.checked)}
              />
              {`Add ${plan.warranty.title} for ${plan.warranty.price.displayString}`}
            </label>
          ) : null}
          <button
            type="submit"
            className="button button--cart button--wide"
            // While its claim runs the button stays focusable (a disabled one drops focus) and claim() ignores presses.
            disabled={!ready}
            aria-disabled={state.claiming}
            aria-busy={state.claiming}
          >
            {state.claiming ? 'Adding…' : view.claim.label}
          </button>
          <p className="deal-box__limit">Limit {deal.maxPerCustomer} per customer.</p>
          <noscript>
            <p className="deal-box__limit">
              Claiming a deal needs JavaScript. You can still buy at the regular price.
            </p>
          </noscript>
        </form>
      ) : null}
    </div>
  );
}

/** DEAL-027..029: the app download button, or the learn-more message. */
function AppOnlyPrompt({ prompt }: { prompt: 'download' | 'learn-more' }) {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const id = useId();
  if (prompt === 'learn-more') {
    return <p className="deal-box__app">App-only deal: it can be claimed only in the Northwind app.</p>;
  }
  return (
    <div className="deal-box__app">
      <p>This deal is only available in the Northwind app.</p>
      <button
        ref={trigger}
        type="button"
        className="button button--secondary button--wide"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen(true)}
      >
        Download the app
      </button>
      <Popover
        open={open}
        onClose={() => setOpen(false)}
        anchorRef={trigger}
        id={id}
        title="Get the Northwind app"
        width={320}
      >
        <p>
          Search for “Northwind Market” in the App Store or on Google Play, sign in with this account, and
          open this product to claim the deal.
        </p>
      </Popover>
    </div>
  );
}
