import type { SummaryLineView } from '../../../shared/contracts/pages/order-lines';

// Styled by the checkout page's CSS (.checkout__totals), which the confirmation page loads too.
/** Items, discounts, shipping and estimated tax, then the total; the confirmation page shows the same. */
export function OrderSummary({ lines, total }: { lines: readonly SummaryLineView[]; total: string | null }) {
  return (
    <dl className="checkout__totals">
      {lines.map((line) => (
        <div key={`${line.kind}-${line.label}`} className="checkout__totals-row">
          <dt>{line.label}</dt>
          <dd>{line.kind === 'shipping' && line.amount.amount === 0 ? 'FREE' : line.amount.displayString}</dd>
        </div>
      ))}
      {total === null ? null : (
        <div className="checkout__totals-row">
          <dt className="checkout__total">Order total:</dt>
          <dd className="checkout__total">{total}</dd>
        </div>
      )}
    </dl>
  );
}
