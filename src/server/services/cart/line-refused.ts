import type { LineProblemCode } from '../../../domain/cart/cart-line-rules';
import type { Refusal } from '../refusal';

/** Why a cart line or an order line is refused: its offer's limits, or what the cart or order allows. */
export type LineRefusalCode =
  | LineProblemCode
  | 'offer_not_found'
  | 'deal_claim_required'
  | 'service_not_offered'
  | 'grocery_item'
  | 'business_customers_only'
  | 'line_not_found'
  | 'deal_quantity_fixed'
  | 'bundle_not_found'
  | 'bundle_not_offered'
  | 'bundle_in_cart'
  | 'empty_order'
  | 'deal_hold_expired'
  | 'stock_ran_out';

export type LineRefusal = Refusal<LineRefusalCode> & { field: string };

/** Thrown inside a cart or order transaction to roll it back and answer the refused line. */
export class LineRefused extends Error {
  constructor(readonly refusal: LineRefusal) {
    super(refusal.message);
  }
}
