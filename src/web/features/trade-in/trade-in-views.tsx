import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import type {
  ConditionOfferMap,
  ConditionQuestionnaireView,
  EligibleListView,
  ProcessorAddress,
  RefinementSelectionView,
  ReviewOrderView,
  SearchResultsView,
  SelectedItemsView,
  SuccessView,
  TradeInCartItem,
  TradeInCartView,
  TradeInDevice,
  TradeInWarning,
  WidgetState,
} from '../../../shared/contracts/trade-in';
import { signInUrl } from '../../../shared/sign-in-url';
import { TRADE_IN_CONDITIONS, type TradeInCondition } from '../../../shared/trade-in-constants';
import { fetchDropOffLocations } from '../../api/trade-in-api';
import { Alert } from '../../ui/alert';
import { Spinner } from '../../ui/spinner';
import { whileBusy } from '../../ui/while-busy';
import type { FlowActions, FlowNotice, FlowView } from './trade-in-flow';

type ViewProps = {
  view: FlowView;
  state: WidgetState | null;
  notice: FlowNotice | null;
  actions: FlowActions;
  phone: boolean;
  resumePath: string;
};

/** The conditions a shopper reads values for: every key of TI-009 but the placeholders `N/A` and `Neutral`. */
const GRADES = TRADE_IN_CONDITIONS.filter((condition) => condition !== 'N/A' && condition !== 'Neutral');

const GRADE_LABELS: Partial<Record<TradeInCondition, string>> = {
  LikeNew: 'Like new',
  VeryGood: 'Very good',
  NonFunctional: 'Not working',
};
const gradeLabel = (condition: TradeInCondition) => GRADE_LABELS[condition] ?? condition;

/** A date the shopper reads (`holdsUntil`, an ISO instant), in the store's language and UTC. */
function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** Each view's heading takes focus when the view comes in, so keyboard and screen reader follow the flow. */
function ViewHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <h3 className="ti-view__title" ref={ref} tabIndex={-1}>
      {children}
    </h3>
  );
}

/** The flow's body: the view it is on (TI-004), with Back and the notice of a refused add above it. */
export function TradeInView({ view, state, notice, actions, phone, resumePath }: ViewProps) {
  return (
    <div className="ti-flow" aria-busy={view.view === 'loading'} data-view={view.view}>
      {actions.back ? (
        <button type="button" className="ti-flow__back" onClick={actions.back}>
          <span aria-hidden="true">‹ </span>Back
        </button>
      ) : null}
      {notice ? <Warnings warnings={[notice]} /> : null}
      <ViewBody
        key={viewKey(view)}
        view={view}
        state={state}
        actions={actions}
        phone={phone}
        resumePath={resumePath}
      />
    </div>
  );
}

function viewKey(view: FlowView): string {
  if (view.view === 'searchResults') return `search-${view.q}-${view.page}-${view.style}`;
  if (view.view === 'refinementSelection') return `refine-${view.step}-${JSON.stringify(view.chosen)}`;
  return view.view;
}

function ViewBody({ view, state, actions, phone, resumePath }: Omit<ViewProps, 'notice'>) {
  switch (view.view) {
    case 'loading':
      return (
        <p className="ti-loading">
          <Spinner label={view.label} size={24} />
          <span aria-hidden="true">{view.label}…</span>
        </p>
      );
    case 'signedOut':
      return <SignedOut resumePath={resumePath} onSignIn={actions.signIn} />;
    case 'failed':
      return (
        <>
          <Alert kind="error" title="Trade-in is not available right now">
            {view.message}
          </Alert>
          <button type="button" className="button button--secondary ti-action" onClick={view.retry}>
            Try again
          </button>
        </>
      );
    case 'generalError':
      return (
        <>
          <ViewHeading>We can't start a trade-in here</ViewHeading>
          <Alert kind="error">{view.message}</Alert>
          <a className="ti-link" href="/tradein">
            Choose a kind of device on the trade-in page
          </a>
        </>
      );
    case 'eligibleList':
      return <EligibleList view={view} actions={actions} />;
    case 'searchResults':
      return <SearchResults view={view} actions={actions} phone={phone} />;
    case 'refinementSelection':
      return <RefinementSelection view={view} actions={actions} />;
    case 'conditionQuestionnaire':
      return <Questionnaire view={view} actions={actions} />;
    case 'selectedItems':
      return <SelectedItems view={view} actions={actions} />;
    case 'tradeInCart':
      return <TradeInCart view={view} actions={actions} />;
    case 'reviewOrder':
      return <ReviewOrder view={view} actions={actions} />;
    case 'success':
      return <Success view={view} actions={actions} state={state} />;
  }
}

/** TI-014: the signed-out view: sign in, and the launch resumes on the way back (TI-015). */
function SignedOut({ resumePath, onSignIn }: { resumePath: string; onSignIn: () => void }) {
  return (
    <>
      <ViewHeading>Sign in to trade in</ViewHeading>
      <p>Sign in to see what your devices are worth. We'll bring you back here to carry on.</p>
      <a className="button button--primary ti-action" href={signInUrl(resumePath)} onClick={onSignIn}>
        Sign in
      </a>
    </>
  );
}

function SearchForm({
  actions,
  initial,
  label = 'Search for your device',
}: {
  actions: FlowActions;
  initial: string;
  label?: string;
}) {
  const id = useId();
  const [q, setQ] = useState(initial);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    actions.search(q, 1, 'new');
  };
  return (
    <form className="ti-search" onSubmit={onSubmit}>
      <label htmlFor={id}>{label}</label>
      <div className="ti-search__row">
        <input id={id} type="search" value={q} onChange={(event) => setQ(event.target.value)} />
        <button type="submit" className="button button--secondary">
          Search
        </button>
      </div>
    </form>
  );
}

function DeviceRow({
  device,
  actions,
  note,
}: {
  device: TradeInDevice;
  actions: FlowActions;
  note?: string;
}) {
  const best = bestOffer(device.conditionOfferMap);
  return (
    <li className="ti-device">
      {device.imageUrl ? (
        <img className="ti-device__image" src={device.imageUrl} alt="" width={48} height={48} />
      ) : null}
      <div className="ti-device__text">
        <span className="ti-device__title">{device.title}</span>
        {note ? <span className="ti-device__note">{note}</span> : null}
        {best ? <span className="ti-device__value">{`Up to ${best}`}</span> : null}
      </div>
      <button
        type="button"
        className="button button--secondary button--small"
        aria-label={`Select ${device.title} to trade in`}
        onClick={() => actions.pick(device)}
      >
        Select
      </button>
    </li>
  );
}

function bestOffer(map: ConditionOfferMap): string | null {
  let best: { tiv: number; displayString: string } | null = null;
  for (const offer of Object.values(map)) if (offer && (!best || offer.tiv > best.tiv)) best = offer;
  return best && best.tiv > 0 ? best.displayString : null;
}

/** TI-023: past purchases first, then the group's devices; the credit-card card for phones only (TI-013). */
function EligibleList({ view, actions }: { view: EligibleListView; actions: FlowActions }) {
  return (
    <>
      <ViewHeading>Which device are you trading in?</ViewHeading>
      <SearchForm actions={actions} initial={view.autoSearchTerm ?? ''} />
      {view.productGroup === 'gl_wireless' ? (
        <button type="button" className="button button--secondary ti-action" onClick={actions.findPhone}>
          Find your phone by brand and model
        </button>
      ) : null}
      {view.pastPurchases.length > 0 ? (
        <section aria-labelledby="ti-past">
          <h4 id="ti-past" className="ti-subtitle">
            Your past purchases
          </h4>
          <ul className="ti-devices">
            {view.pastPurchases.map((device) => (
              <DeviceRow
                key={device.asin}
                device={device}
                actions={actions}
                note={`Bought ${formatDate(device.purchasedAt)}`}
              />
            ))}
          </ul>
        </section>
      ) : null}
      {view.devices.length > 0 ? (
        <section aria-labelledby="ti-eligible">
          <h4 id="ti-eligible" className="ti-subtitle">
            Devices we take
          </h4>
          <ul className="ti-devices">
            {view.devices.map((device) => (
              <DeviceRow key={device.asin} device={device} actions={actions} />
            ))}
          </ul>
        </section>
      ) : null}
      {view.showCreditCardCard ? (
        <aside className="ti-card-offer" aria-label="Store credit card">
          <p className="ti-card-offer__title">Get more for your phone with the store credit card</p>
          <p>
            Pay for your new phone with the store card and get an extra 5% back on top of your trade-in
            credit.
          </p>
        </aside>
      ) : null}
    </>
  );
}

/** TI-033..035: a page of results: rows of 3 on desktop, 2 on phones; 20 a page classic, 15 or 10 new style. */
function SearchResults({
  view,
  actions,
  phone,
}: {
  view: SearchResultsView;
  actions: FlowActions;
  phone: boolean;
}) {
  const pages = Math.max(1, Math.ceil(view.total / view.pageSize));
  const rowSize = view.style === 'new' ? view.rowSize : 1;
  return (
    <>
      <ViewHeading>{view.q ? `Results for “${view.q}”` : 'Devices we take'}</ViewHeading>
      <SearchForm actions={actions} initial={view.q} />
      <p className="ti-results__count" role="status">
        {view.total === 0
          ? 'No devices match your search.'
          : `Showing ${(view.page - 1) * view.pageSize + 1}–${(view.page - 1) * view.pageSize + view.items.length} of ${view.total}`}
      </p>
      <ul
        className={`ti-results ti-results--${view.style}`}
        style={{ '--ti-row': rowSize } as React.CSSProperties}
        data-row-size={rowSize}
        data-phone={phone}
      >
        {view.items.map((device) => (
          <li key={device.asin} className="ti-result">
            {device.imageUrl ? <img src={device.imageUrl} alt="" width={64} height={64} /> : null}
            <span className="ti-result__title">{device.title}</span>
            <span className="ti-result__value">{bestOffer(device.conditionOfferMap) ?? ''}</span>
            <button
              type="button"
              className="button button--secondary button--small"
              aria-label={`Select ${device.title} to trade in`}
              onClick={() => actions.pick(device)}
            >
              Select
            </button>
          </li>
        ))}
      </ul>
      <nav className="ti-pages" aria-label="Result pages">
        {view.page > 1 ? (
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => actions.search(view.q, view.page - 1, view.style)}
          >
            Previous page
          </button>
        ) : null}
        <span>{`Page ${view.page} of ${pages}`}</span>
        {view.page < pages ? (
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => actions.search(view.q, view.page + 1, view.style)}
          >
            Next page
          </button>
        ) : null}
        <button
          type="button"
          className="ti-link-button"
          onClick={() => actions.search(view.q, 1, view.style === 'new' ? 'classic' : 'new')}
        >
          {view.style === 'new' ? 'Show as a list' : 'Show as a grid'}
        </button>
      </nav>
    </>
  );
}

const FILTER_LABELS: Record<RefinementSelectionView['step'], string> = {
  brand: 'Search brands',
  model: 'Search models',
  carrier: 'Search carriers',
  storage: 'Search storage sizes',
};

const STEP_HEADINGS: Record<RefinementSelectionView['step'], string> = {
  brand: 'Which brand is your phone?',
  model: 'Which model?',
  carrier: 'Which carrier is it on?',
  storage: 'How much storage does it have?',
};

/** TI-005, TI-024: one refinement step in its presentation; the device once the choices name one. */
function RefinementSelection({ view, actions }: { view: RefinementSelectionView; actions: FlowActions }) {
  const [filter, setFilter] = useState('');
  const filterId = useId();
  const choose = (value: string) => {
    // The last step names the device itself: its value is the device's id.
    if (view.step === 'storage') actions.questions(value);
    else actions.refine({ ...view.chosen, [view.step]: value });
  };
  const chosen = Object.values(view.chosen).filter(Boolean).join(' · ');
  const options =
    view.presentation === 'searchCard'
      ? view.options.filter((option) => option.label.toLowerCase().includes(filter.trim().toLowerCase()))
      : view.options;
  return (
    <>
      <ViewHeading>{view.item ? 'Is this your phone?' : STEP_HEADINGS[view.step]}</ViewHeading>
      {chosen ? <p className="ti-chosen">{chosen}</p> : null}
      {view.item ? (
        <div className="ti-item">
          <p className="ti-item__title">{view.item.title}</p>
          <button
            type="button"
            className="button button--primary ti-action"
            onClick={() => view.item && actions.questions(view.item.asin)}
          >
            Continue with this phone
          </button>
        </div>
      ) : (
        <div className={`ti-refine ti-refine--${view.presentation}`} data-presentation={view.presentation}>
          {view.presentation === 'searchCard' ? (
            <div className="ti-refine__search">
              <label htmlFor={filterId}>{FILTER_LABELS[view.step]}</label>
              <input
                id={filterId}
                type="search"
                value={filter}
                onChange={(event) => setFilter(event.target.value)}
              />
            </div>
          ) : null}
          <ul className="ti-refine__options">
            {options.map((option) => (
              <li key={option.value}>
                <button type="button" className="ti-refine__option" onClick={() => choose(option.value)}>
                  {view.presentation === 'complexCard' && option.imageUrl ? (
                    <img src={option.imageUrl} alt="" width={56} height={56} />
                  ) : null}
                  <span>{option.label}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}

/** TI-008: the value of every grade, the one the answers reach marked. */
function GradeValues({
  map,
  condition,
  caption,
}: {
  map: ConditionOfferMap;
  condition?: TradeInCondition;
  caption: string;
}) {
  return (
    <table className="ti-grades">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Condition</th>
          <th scope="col">Trade-in value</th>
        </tr>
      </thead>
      <tbody>
        {GRADES.map((grade) => {
          const offer = map[grade];
          if (!offer) return null;
          return (
            <tr key={grade} className={grade === condition ? 'ti-grades__current' : undefined}>
              <th scope="row">
                {gradeLabel(grade)}
                {grade === condition ? <span className="visually-hidden"> (your answers)</span> : null}
              </th>
              <td>{offer.displayString}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** TI-016, TI-017: the condition questions, with the optional appraisal accept or decline. */
function Questionnaire({ view, actions }: { view: ConditionQuestionnaireView; actions: FlowActions }) {
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [appraisal, setAppraisal] = useState<'accept' | 'decline' | null>(null);
  const [missing, setMissing] = useState(false);
  const complete = view.questions.every((question) => answers[question.id]);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!complete || (view.appraisalOptional && appraisal === null)) return setMissing(true);
    actions.add(view.item.asin, answers, view.appraisalOptional ? appraisal === 'accept' : undefined);
  };
  return (
    <form className="ti-questions" onSubmit={onSubmit} noValidate>
      <ViewHeading>{`Tell us about your ${view.item.title}`}</ViewHeading>
      <GradeValues map={view.item.conditionOfferMap} caption="What it is worth in each condition" />
      {view.questions.map((question) => (
        <fieldset key={question.id} className="ti-question">
          <legend>{question.text}</legend>
          {question.answers.map((answer) => (
            <label key={answer.id} className="ti-question__answer">
              <input
                type="radio"
                name={`ti-q-${question.id}`}
                value={answer.id}
                checked={answers[question.id] === answer.id}
                onChange={() => setAnswers((before) => ({ ...before, [question.id]: answer.id }))}
              />
              {answer.label}
            </label>
          ))}
        </fieldset>
      ))}
      {view.appraisalOptional ? (
        <fieldset className="ti-question">
          <legend>Optional appraisal: if we find your device in a worse condition than you told us</legend>
          <label className="ti-question__answer">
            <input
              type="radio"
              name="ti-appraisal"
              value="accept"
              checked={appraisal === 'accept'}
              onChange={() => setAppraisal('accept')}
            />
            Accept the appraisal: ask me to accept the lower value or have it sent back
          </label>
          <label className="ti-question__answer">
            <input
              type="radio"
              name="ti-appraisal"
              value="decline"
              checked={appraisal === 'decline'}
              onChange={() => setAppraisal('decline')}
            />
            Decline the appraisal
          </label>
        </fieldset>
      ) : null}
      {missing ? <Alert kind="error">Answer every question to see your offer.</Alert> : null}
      <button type="submit" className="button button--primary ti-action">
        Add to trade-in
      </button>
    </form>
  );
}

/** TI-019: the warnings of S2 §4, each with its message, as the server reports them. */
function Warnings({ warnings }: { warnings: TradeInWarning[] }) {
  if (warnings.length === 0) return null;
  return (
    <div className="ti-warnings">
      {warnings.map((warning) => (
        <div key={warning.code} data-warning={warning.code}>
          <Alert kind="warning">{warning.message}</Alert>
        </div>
      ))}
    </div>
  );
}

function CartItems({
  items,
  actions,
  justAdded,
  removable,
}: {
  items: TradeInCartItem[];
  actions: FlowActions;
  justAdded?: string;
  removable: boolean;
}) {
  return (
    <ul className="ti-cart">
      {items.map((item) => (
        <li
          key={item.itemId}
          className="ti-cart__item"
          data-just-added={item.itemId === justAdded || undefined}
        >
          <div className="ti-cart__line">
            <span className="ti-cart__title">
              {item.title}
              {item.itemId === justAdded ? <span className="ti-badge">Just added</span> : null}
            </span>
            <span className="ti-cart__value">{item.value.displayString}</span>
          </div>
          <p className="ti-cart__meta">
            {`Condition: ${gradeLabel(item.condition)} · ${item.paidNow ? 'Credited when you submit' : 'Credited when we receive it'}`}
            {item.hazmat ? ' · Ships separately (battery)' : ''}
          </p>
          <details className="ti-cart__grades">
            <summary>{`Values of every condition for ${item.title}`}</summary>
            <GradeValues
              map={item.conditionOfferMap}
              condition={item.condition}
              caption="Trade-in value by condition"
            />
          </details>
          {removable ? (
            <button
              type="button"
              className="ti-link-button"
              aria-label={`Remove ${item.title}`}
              onClick={() => actions.remove(item.itemId)}
            >
              Remove
            </button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function CartTotals({ view }: { view: TradeInCartView | SelectedItemsView }) {
  return (
    <dl className="ti-totals">
      <dt>Trade-in total</dt>
      <dd>{view.total.displayString}</dd>
      <dt>Credited when you submit</dt>
      <dd>{view.paidNowTotal.displayString}</dd>
      <dt>Credited when we receive your devices</dt>
      <dd>{view.paidLaterTotal.displayString}</dd>
    </dl>
  );
}

function QuoteHeld({ holdsUntil }: { holdsUntil: string }) {
  return <p className="ti-quote">{`These values are held until ${formatDate(holdsUntil)}.`}</p>;
}

/** The confirmation after an add: the cart with the device just added marked. */
function SelectedItems({ view, actions }: { view: SelectedItemsView; actions: FlowActions }) {
  const added = view.items.find((item) => item.itemId === view.justAdded);
  return (
    <>
      <ViewHeading>{added ? `${added.title} added to your trade-in` : 'Added to your trade-in'}</ViewHeading>
      <Warnings warnings={view.warnings} />
      <CartItems items={view.items} actions={actions} justAdded={view.justAdded} removable={false} />
      <CartTotals view={view} />
      {view.quote ? <QuoteHeld holdsUntil={view.quote.holdsUntil} /> : null}
      <div className="ti-actions">
        <button type="button" className="button button--primary" onClick={actions.review}>
          Review your trade-in
        </button>
        <button type="button" className="button button--secondary" onClick={actions.cart}>
          Go to your trade-in cart
        </button>
        {view.items.length < view.maxItems ? (
          <button type="button" className="button button--secondary" onClick={actions.eligibleList}>
            Add another device
          </button>
        ) : null}
      </div>
    </>
  );
}

/** The trade-in cart with every warning of S2 §4 (TI-019). */
function TradeInCart({ view, actions }: { view: TradeInCartView; actions: FlowActions }) {
  return (
    <>
      <ViewHeading>Your trade-in cart</ViewHeading>
      <p className="ti-cart__count">{`${view.items.length} of ${view.maxItems} items`}</p>
      <Warnings warnings={view.warnings} />
      {view.items.length === 0 ? <p>Your trade-in cart is empty.</p> : null}
      <CartItems items={view.items} actions={actions} removable />
      {view.items.length > 0 ? <CartTotals view={view} /> : null}
      {view.quote ? <QuoteHeld holdsUntil={view.quote.holdsUntil} /> : null}
      <div className="ti-actions">
        {view.items.length > 0 ? (
          <button type="button" className="button button--primary" onClick={actions.review}>
            Continue to review
          </button>
        ) : null}
        {view.items.length < view.maxItems ? (
          <button type="button" className="button button--secondary" onClick={actions.eligibleList}>
            Add another device
          </button>
        ) : null}
      </div>
    </>
  );
}

const PAYMENT_TEXT = {
  PAID_NOW: 'Paid now: your credit is added to your gift-card balance when you submit.',
  PAID_LATER: 'Paid later: your credit is added when we receive and check your devices.',
  mixed:
    'Paid now and later: some of your credit is added when you submit, the rest when we receive your devices.',
} as const;

function Address({ address }: { address: ProcessorAddress }) {
  return (
    <address className="ti-address">
      {address.fullName}
      <br />
      {address.line1}
      {address.line2 ? (
        <>
          <br />
          {address.line2}
        </>
      ) : null}
      <br />
      {`${address.city}, ${address.state} ${address.postalCode}`}
      <br />
      {address.countryCode}
    </address>
  );
}

/** Review your order (TI-016, TI-018): values of every grade, the held quote's end, how it is paid, where it goes. */
function ReviewOrder({ view, actions }: { view: ReviewOrderView; actions: FlowActions }) {
  const [submitting, setSubmitting] = useState(false);
  return (
    <>
      <ViewHeading>Review your trade-in</ViewHeading>
      <Warnings warnings={view.warnings} />
      <CartItems items={view.items} actions={actions} removable={false} />
      <dl className="ti-totals">
        <dt>Trade-in total</dt>
        <dd>{view.total.displayString}</dd>
        <dt>Credited when you submit</dt>
        <dd>{view.paidNow.displayString}</dd>
        <dt>Credited when we receive your devices</dt>
        <dd>{view.paidLater.displayString}</dd>
      </dl>
      <p className="ti-payment" data-payment={view.paymentPreference}>
        {PAYMENT_TEXT[view.paymentPreference]}
      </p>
      <QuoteHeld holdsUntil={view.holdsUntil} />
      <section aria-labelledby="ti-ship-to">
        <h4 id="ti-ship-to" className="ti-subtitle">
          You send your devices to
        </h4>
        <Address address={view.processorAddress} />
      </section>
      <div className="ti-actions">
        <button
          type="button"
          className="button button--primary"
          disabled={!view.canSubmit}
          {...whileBusy(submitting)}
          aria-busy={submitting}
          onClick={() => {
            if (submitting) return;
            setSubmitting(true);
            actions.submit();
          }}
        >
          Submit trade-in
        </button>
        <button type="button" className="button button--secondary" onClick={actions.cart}>
          Edit your trade-in cart
        </button>
      </div>
    </>
  );
}

/** Success: the credit, the shipping label and the drop-off locations expander. */
function Success({ view, actions }: { view: SuccessView; actions: FlowActions; state: WidgetState | null }) {
  return (
    <>
      <ViewHeading>Your trade-in is submitted</ViewHeading>
      <Alert kind="success">
        {view.creditedNow.minor > 0
          ? `${view.creditedNow.displayString} was added to your gift-card balance.`
          : 'Your credit is added to your gift-card balance when we receive your devices.'}
        {view.creditedNow.minor > 0 && view.creditedLater.minor > 0
          ? ` ${view.creditedLater.displayString} more when we receive your devices.`
          : ''}
      </Alert>
      <p>{`Trade-in number: ${view.tradeInId}`}</p>
      <section className="ti-label" aria-labelledby="ti-label-title">
        <h4 id="ti-label-title" className="ti-subtitle">
          Shipping label
        </h4>
        <p className="ti-label__ref">{`Trade-in ${view.shippingLabel.tradeInId}`}</p>
        <Address address={view.shippingLabel.processorAddress} />
        <p>{`Send it by ${formatDate(view.holdsUntil)} to keep the values you were offered.`}</p>
      </section>
      <DropOffLocations initial={view.dropOffLocations} />
      <p>
        <a className="ti-link" href="/gp/css/homepage.html">
          See your trade-ins and gift-card balance in your account
        </a>
      </p>
      <button type="button" className="button button--primary ti-action" onClick={actions.close}>
        Done
      </button>
    </>
  );
}

type Locations = SuccessView['dropOffLocations'];

/** The drop-off locations expander (TI-004): nearby places, and others for a postal code. */
function DropOffLocations({ initial }: { initial: Locations }) {
  const [locations, setLocations] = useState(initial);
  const [postalCode, setPostalCode] = useState('');
  const [status, setStatus] = useState<'idle' | 'loading' | 'failed'>('idle');
  const id = useId();
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!postalCode.trim()) return;
    setStatus('loading');
    const result = await fetchDropOffLocations(postalCode.trim());
    if (!result.ok) return setStatus('failed');
    setLocations(result.answer.locations);
    setStatus('idle');
  };
  return (
    <details className="ti-dropoff">
      <summary>Drop-off locations</summary>
      <form className="ti-search" onSubmit={onSubmit}>
        <label htmlFor={id}>Find drop-off locations near a ZIP code</label>
        <div className="ti-search__row">
          <input
            id={id}
            inputMode="numeric"
            autoComplete="postal-code"
            value={postalCode}
            onChange={(event) => setPostalCode(event.target.value)}
          />
          <button type="submit" className="button button--secondary" aria-busy={status === 'loading'}>
            Find
          </button>
        </div>
      </form>
      {status === 'loading' ? <Spinner label="Finding drop-off locations" /> : null}
      {status === 'failed' ? (
        <Alert kind="error">We couldn't find drop-off locations. Please try again.</Alert>
      ) : null}
      {locations.length === 0 ? (
        <p>No drop-off locations near you yet: send your devices with the label instead.</p>
      ) : (
        <ul className="ti-dropoff__list">
          {locations.map((location) => (
            <li key={location.id}>
              <strong>{location.name}</strong>
              <br />
              {`${location.line1}, ${location.city} ${location.postalCode}`}
              <br />
              {location.hours}
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
