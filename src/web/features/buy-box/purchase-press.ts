// What a buy box press does once it goes ahead: the metrics it records and the cart API call. Its own
// chunk, loaded at the first press (or warmed when the page is idle): a visitor who only reads the page
// never runs it, and it stays out of the page's first-load script.
import type { RefObject } from 'react';
import { type PageItemChoices, pageItemPayload } from '../../../domain/cart/add-to-cart-form';
import {
  type AddToCartIntention,
  captureIntention,
  markSubmitted,
} from '../../../domain/logging/instrumentation';
import type { CartApiItem } from '../../../shared/contracts/cart';
import { METRIC_SCHEMAS } from '../../../shared/metric-schemas';
import { type AddToCartOptions, addToCart } from '../../api/add-to-cart';
import { sendMetricEvents } from '../../api/metrics-client';

const PRODUCER = 'pdp-buy-box';

/**
 * LOG-001: a click on a buy box button captures the intention.
 * @public called through use-purchase-form.ts's dynamic import of this module
 */
export function intentionClicked(
  intention: RefObject<AddToCartIntention | null>,
  asin: string,
  buttonId: string,
): void {
  const next = captureIntention(intention.current, buttonId, Date.now());
  if (next === intention.current || !next) return;
  intention.current = next;
  sendMetricEvents([
    {
      schemaId: METRIC_SCHEMAS.addToCartIntention,
      producerId: PRODUCER,
      data: { asin, button: next.button },
    },
  ]);
}

/**
 * LOG-002: a submit or cart completion marks the intention submitted.
 * @public called through use-purchase-form.ts's dynamic import of this module
 */
export function intentionSubmitted(intention: RefObject<AddToCartIntention | null>, asin: string): void {
  const next = markSubmitted(intention.current);
  if (!next || intention.current?.submitted) return;
  intention.current = next;
  sendMetricEvents([
    {
      schemaId: METRIC_SCHEMAS.addToCartSubmitted,
      producerId: PRODUCER,
      data: { asin, button: next.button },
    },
  ]);
}

/**
 * The page item (with its choices) and its upsells through the cart API.
 * @public called through use-purchase-form.ts's dynamic import of this module
 */
export function addPageItem(
  options: AddToCartOptions,
  item: { asin: string; offerListingId: string; quantity: number },
  choices: PageItemChoices,
  upsells: CartApiItem[],
) {
  return addToCart(options, pageItemPayload(item, choices), upsells);
}
