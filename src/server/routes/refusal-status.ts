import type { FastifyReply } from 'fastify';
import type { FormProblemCode } from '../../domain/cart/add-to-cart-form';
import type { ClaimRefusal } from '../../shared/contracts/deals';
import type { FreshErrorCode } from '../../shared/grocery-constants';
import { sendError } from '../plugins/errors';
import type { LineRefusalCode } from '../services/cart/line-refused';
import type { FreshCheckoutRefusalCode } from '../services/grocery/fresh-checkout';
import type { StaplesRefusalCode } from '../services/grocery/repeat-delivery';
import type { ListRefusalCode } from '../services/lists/lists';
import type { Refusal } from '../services/refusal';
import type { RegistryRefusalCode } from '../services/registries/registries';
import type { SignInRefusalCode } from '../services/sign-in/sign-in';
import type { CarouselRefusalCode } from '../services/sponsored/carousel';
import type { TradeInRefusalCode } from '../services/trade-in/trade-in';
import { LIST_REFUSALS } from './lists/list-refusals';
import { REGISTRY_REFUSALS } from './registries/registry-refusals';
import { TRADE_IN_REFUSALS } from './trade-in/trade-in-refusals';

/** What a route refuses before any service runs: a request naming nothing we have, or not allowed. */
type RequestRefusalCode =
  | 'invalid_request'
  | 'invalid_form'
  | 'unsupported_media_type'
  | 'sign_in_required'
  | 'session_mismatch'
  | 'customer_mismatch'
  | 'unknown_marketplace'
  | 'invalid_postal_code'
  | 'unknown_product'
  | 'unknown_merchant'
  | 'unknown_buying_option'
  | 'no_such_page'
  | 'unknown_promotion'
  | 'unknown_ad'
  | 'unknown_ad_event'
  | 'not_invite_only'
  | 'address_not_found'
  | 'slot_not_found'
  | 'store_not_found'
  | 'product_group_mismatch';

export type RefusalCode =
  | RequestRefusalCode
  | LineRefusalCode
  | FormProblemCode
  | 'invalid_address'
  | ClaimRefusal
  | FreshErrorCode
  | StaplesRefusalCode
  | FreshCheckoutRefusalCode
  | SignInRefusalCode
  | CarouselRefusalCode
  | TradeInRefusalCode
  | RegistryRefusalCode
  | ListRefusalCode;

export type RefusalStatus = 400 | 401 | 403 | 404 | 409 | 415 | 422 | 429;

/** A refusal's status, and the code the answer carries when two refusals share one (it is the refusal's own otherwise). */
type RefusalAnswer = RefusalStatus | { status: RefusalStatus; code: string };

/**
 * The one place a refusal becomes an HTTP status: every code a service or a route refuses with, and
 * its status. The spec's codes and statuses are a contract (the route tests hold them); where one wire
 * code answers two refusals with two statuses, each refusal has its own code here and names the wire's.
 */
const ANSWERS = {
  // The request itself
  invalid_request: 400,
  invalid_form: 400,
  unsupported_media_type: 415,
  sign_in_required: 401,
  session_mismatch: 403,
  customer_mismatch: 403,
  unknown_marketplace: 404,
  invalid_postal_code: 400,
  unknown_product: 404,
  unknown_merchant: 404,
  unknown_buying_option: 404,
  no_such_page: 404,
  unknown_promotion: 404,
  unknown_ad: 404,
  unknown_ad_event: { status: 422, code: 'unknown_ad' },
  not_invite_only: 409,
  // The legacy add-to-cart form (CART-030..033): fields missing or malformed
  no_items: 400,
  too_many_items: 400,
  missing_asin: 400,
  missing_offer: 400,
  invalid_quantity: 400,
  // Cart lines, bundles and order lines (CART-025)
  offer_not_found: 404,
  line_not_found: 404,
  bundle_not_found: 404,
  offer_mismatch: 409,
  bundle_in_cart: 409,
  deal_hold_expired: 409,
  stock_ran_out: 409,
  offer_not_buyable: 422,
  below_min_order_quantity: 422,
  above_max_order_quantity: 422,
  insufficient_stock: 422,
  plan_without_device: 422,
  plan_exceeds_device: 422,
  service_without_device: 422,
  service_exceeds_device: 422,
  service_not_offered: 422,
  deal_claim_required: 422,
  deal_quantity_fixed: 422,
  grocery_item: 422,
  business_customers_only: 422,
  bundle_not_offered: 422,
  empty_order: 422,
  // Checkout
  invalid_address: 400,
  // Lightning deal claims (DEAL-042, DEAL-044)
  QUANTITY_LIMIT: 422,
  PRIME_ONLY: 403,
  PRIME_EARLY_ACCESS: 403,
  APP_ONLY: 403,
  NOT_STARTED: 409,
  ENDED: 409,
  NOT_FOUND: 404,
  // The fresh cart and fresh orders: every refused add is a 400 with its code (GRO-029)
  ITEM_NOT_AVAILABLE: 400,
  ITEM_PARTIALLY_AVAILABLE: 400,
  ADDRESS_NOT_SELECTED: 400,
  INVALID_INPUT: 400,
  QUANTITY_OVERFLOW: 400,
  PRICE_UNAVAILABLE: 400,
  ORDER_CUTOFF_PASSED: 400,
  INTERNAL_ERROR: 400,
  // Grocery addresses, slots and stores
  address_not_found: 404,
  slot_not_found: 404,
  store_not_found: 404,
  // The fresh checkout (decision 0047)
  slot_full: 409,
  slot_closed: 409,
  fresh_cart_empty: 422,
  below_minimum: 422,
  fresh_address_required: 422,
  not_delivered_here: 422,
  // Repeat delivery (staples)
  not_repeatable: 400,
  invalid_cadence: 400,
  invalid_unit: 400,
  busy: 400,
  not_found: 404,
  not_repeated: 404,
  ...TRADE_IN_REFUSALS,
  ...REGISTRY_REFUSALS,
  ...LIST_REFUSALS,
  // Sign-in
  invalid_credentials: 401,
  account_exists: 409,
  too_many_attempts: 429,
} as const satisfies Record<RefusalCode, RefusalAnswer>;

type StatusOf<Code extends RefusalCode> = Code extends RefusalCode
  ? (typeof ANSWERS)[Code] extends { status: infer S }
    ? S
    : (typeof ANSWERS)[Code]
  : never;

/** The HTTP status a refusal answers with. */
export function refusalStatus<Code extends RefusalCode>(code: Code): StatusOf<Code> {
  const answer: RefusalAnswer = ANSWERS[code];
  return (typeof answer === 'number' ? answer : answer.status) as StatusOf<Code>;
}

/** Answers a refusal as the house error `{ error: { code, message, field? } }` with its status. */
export function sendRefusal(reply: FastifyReply, refusal: Refusal<RefusalCode>) {
  const answer: RefusalAnswer = ANSWERS[refusal.code];
  if (typeof answer === 'number') {
    return sendError(reply, answer, refusal.code, refusal.message, refusal.field);
  }
  return sendError(reply, answer.status, answer.code, refusal.message, refusal.field);
}
