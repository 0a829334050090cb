// Cart requests built from the page item and its upsells (S1 §5, §7, §8).
import type { AdditionalParameters, CartApiItem } from '../../shared/contracts/cart';
import type { BuyBoxItem, BuyBoxItems } from './buy-box-items';

export type CartLog = { warn: (message: string) => void; fatal: (message: string) => void };

/** CART-029: how an upsell line is tied to the page item it was bought with. */
export type ItemAssociation = NonNullable<AdditionalParameters['itemAssociation']>;

export const associationWith = (associatedItemId: string): ItemAssociation => ({
  associatedItemId,
  renderType: 'renderAll',
  programType: 'AmazonProtect',
  deleteConstraint: { mutuallyInclusive: false },
});

/**
 * The cart API items for the page item and its upsells: the page item first (with its own
 * additional parameters), every upsell associated with the page item by its asin; the server ties
 * the association to the page item's cart line.
 */
export function cartRequestItems(items: BuyBoxItems, pageParameters?: AdditionalParameters): CartApiItem[] {
  const [page, ...rest] = items;
  if (!page) return [];
  const toRequest = (item: BuyBoxItem): CartApiItem => ({
    asin: item.asin,
    offerListingId: item.offerId,
    quantity: item.quantity,
    ...(item.customAttribute ? { customAttributes: [item.customAttribute] } : {}),
  });
  return [
    { ...toRequest(page), ...(pageParameters ? { additionalParameters: pageParameters } : {}) },
    ...rest.map((item) => ({
      ...toRequest(item),
      additionalParameters: { itemAssociation: associationWith(page.asin) },
    })),
  ];
}

export type CartRequest<T> = {
  /** Sends the request once; later calls, or a request without a session or items, send nothing. */
  send: <R>(transport: (sessionId: string, items: readonly T[]) => Promise<R>) => Promise<R> | null;
  readonly sent: boolean;
};

/** CART-019/020: a cart request needs a session id and at least one item, and is sent only once. */
export function createCartRequest<T>(
  sessionId: string | null | undefined,
  items: readonly T[],
  log: CartLog,
): CartRequest<T> {
  let sent = false;
  return {
    get sent() {
      return sent;
    },
    send<R>(transport: (sessionId: string, items: readonly T[]) => Promise<R>): Promise<R> | null {
      if (sent) return null;
      if (!sessionId) {
        log.warn('cart request not sent: no session id');
        return null;
      }
      if (items.length === 0) {
        log.warn('cart request not sent: no items');
        return null;
      }
      sent = true;
      return transport(sessionId, items);
    },
  };
}

/** CART-021: a single-item cart API call needs asin, offerId and quantity; a missing one is logged fatal. */
export function checkSingleItemCall(
  item: { asin?: unknown; offerId?: unknown; quantity?: unknown },
  log: CartLog,
): boolean {
  const missing = (['asin', 'offerId', 'quantity'] as const).filter(
    (field) => item[field] === undefined || item[field] === null || item[field] === '',
  );
  if (missing.length === 0) return true;
  log.fatal(`single-item cart API call is missing ${missing.join(', ')}`);
  return false;
}

/** CART-026: a request for an empty asin list is logged fatal and then fails. */
export function requestForAsins<T>(
  asins: readonly string[],
  log: CartLog,
  onFailure: (reason: string) => void,
  send: (asins: readonly string[]) => T,
): T | null {
  if (asins.length === 0) {
    log.fatal('cart request for an empty asin list');
    onFailure('no asins');
    return null;
  }
  return send(asins);
}
