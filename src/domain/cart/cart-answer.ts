// What makes a cart answer usable by the page (S1 §5). A spec rule, not a second parse of the contract:
// the server's tests check every answer against its contract.

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/**
 * CART-022: an add-items answer is valid only when its `type` is `cart.add-items/v1`, it has at least
 * one item with an `id`, and it has a `cart.count/v1` count holding `items`.
 */
export function isValidAddItemsAnswer(answer: unknown): boolean {
  if (!isRecord(answer) || answer.type !== 'cart.add-items/v1' || !isRecord(answer.entity)) return false;
  const { items, count } = answer.entity;
  const first: unknown = Array.isArray(items) ? items[0] : undefined;
  return (
    isRecord(first) &&
    typeof first.id === 'string' &&
    first.id !== '' &&
    isRecord(count) &&
    count.type === 'cart.count/v1' &&
    isRecord(count.entity) &&
    typeof count.entity.items === 'number'
  );
}
