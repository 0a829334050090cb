// Plain constants (no zod) so the page bundle can use them without pulling in the schemas.
export const CART_ADD_ITEMS_REQUEST_TYPE =
  'application/vnd.com.amazon.api+json; type="cart.add-items.request/v1"';
export const CART_ADD_ITEMS_RESPONSE_TYPE = 'application/vnd.com.amazon.api+json; type="cart.add-items/v1"';
export const MAX_ITEMS_PER_REQUEST = 50;
export const MAX_LINE_QUANTITY = 999;
