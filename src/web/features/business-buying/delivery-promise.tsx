import type { DeliveryPromiseView } from '../../../shared/contracts/business';

/**
 * The delivery promise of a business buy box. The server renders it into the deep-check answer's
 * `content` and the page inserts that markup; it holds text only, no controls.
 */
export function DeliveryPromise({ promise }: { promise: DeliveryPromiseView }) {
  return (
    <div className="delivery-promise">
      <p className="delivery-promise__standard">
        {promise.freeShipping ? 'FREE delivery ' : 'Delivery '}
        <strong>{promise.standardDate}</strong> from {promise.merchantName}
      </p>
      {promise.fastestDate ? (
        <p className="delivery-promise__fastest">
          Or fastest delivery <strong>{promise.fastestDate}</strong>. {promise.orderDeadline}.
        </p>
      ) : (
        <p className="delivery-promise__fastest">{`${promise.orderDeadline}.`}</p>
      )}
    </div>
  );
}
