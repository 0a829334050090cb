import type { RepeatItemView } from '../../../shared/contracts/repeat-delivery';

/** What a repeat item looks like once it is on Repeat Delivery; the server renders it as `nextViewHtml` (STP-001). */
export function RepeatDeliverySummary({ item }: { item: RepeatItemView }) {
  return (
    <div className="repeat-summary" data-asin={item.asin}>
      <p className="repeat-summary__title">
        <span aria-hidden="true">↻</span> On Repeat Delivery
      </p>
      <p className="repeat-summary__cadence">{item.renderableQuantityCadence}</p>
      <p className="repeat-summary__next">Next delivery: {item.renderableNextDropDate}</p>
    </div>
  );
}
