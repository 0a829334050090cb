import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { DeliveryPromiseView } from '../../shared/contracts/business';
import { DeliveryPromise } from '../../web/features/business-buying/delivery-promise';

/** The deep-check answer's `content`: the page's own component rendered to escaped HTML. */
export function renderDeliveryPromise(promise: DeliveryPromiseView): string {
  return renderToString(createElement(DeliveryPromise, { promise }));
}
