// Cart requests built from the page item and its upsells (S1 §5, §7, §8).
export { associationWith, cartRequestItems, type ItemAssociation } from './cart-request-items';

export type CartLog = { warn: (message: string) => void; fatal: (message: string) => void };

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
