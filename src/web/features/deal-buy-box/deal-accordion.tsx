import { type ReactNode, useId, useState } from 'react';
import type { DealSetup } from '../../../shared/contracts/deals';

type Details = DealSetup['initialBuyingOption']['dealDetails'];

export function DealPrice({ details, badge = true }: { details: Details; badge?: boolean }) {
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
export function DealAccordion({
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
      <div className="deal-accordion__panel" id={ids[key]} hidden={open !== key} data-shown-without-script="">
        {body}
      </div>
    </div>
  );
  // Without JavaScript the rows cannot open, so both panels show (the document's head says how): the
  // regular offer's plain form works.
  return (
    <section className="deal-buy-box deal-accordion" aria-label="Buying options">
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
