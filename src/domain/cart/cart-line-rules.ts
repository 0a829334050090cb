// The server's rules for a cart line: what the shopper may hold of one offer (CART-025).

const MAX_CART_LINE_QUANTITY = 999;

export type OfferLimits = {
  asin: string;
  buyable: boolean;
  stock: number;
  minOrderQuantity: number;
  maxOrderQuantity: number | null;
};

/** Why a cart line is refused: the limits of its offer, and the plans and services that follow a device. */
export type LineProblemCode =
  | 'offer_mismatch'
  | 'offer_not_buyable'
  | 'invalid_quantity'
  | 'below_min_order_quantity'
  | 'above_max_order_quantity'
  | 'insufficient_stock'
  | 'plan_without_device'
  | 'plan_exceeds_device'
  | 'service_without_device'
  | 'service_exceeds_device';

export type LineProblem = { code: LineProblemCode; message: string; field: string };

/** Checks a cart line of `total` units of an offer (what is already in the cart plus what is added). */
export function checkCartLine(offer: OfferLimits, requestedAsin: string, total: number): LineProblem | null {
  if (requestedAsin !== offer.asin) {
    return {
      code: 'offer_mismatch',
      message: `offer does not belong to asin ${requestedAsin}`,
      field: 'offerListingId',
    };
  }
  if (!offer.buyable) {
    return {
      code: 'offer_not_buyable',
      message: `asin ${offer.asin} cannot be bought right now`,
      field: 'offerListingId',
    };
  }
  if (!Number.isInteger(total) || total < 1) {
    return { code: 'invalid_quantity', message: 'quantity must be above 0', field: 'quantity' };
  }
  if (total < offer.minOrderQuantity) {
    return {
      code: 'below_min_order_quantity',
      message: `asin ${offer.asin} must be bought in quantities of at least ${offer.minOrderQuantity}`,
      field: 'quantity',
    };
  }
  const max = Math.min(offer.maxOrderQuantity ?? MAX_CART_LINE_QUANTITY, MAX_CART_LINE_QUANTITY);
  if (total > max) {
    return {
      code: 'above_max_order_quantity',
      message: `asin ${offer.asin} is limited to ${max} per order`,
      field: 'quantity',
    };
  }
  if (total > offer.stock) {
    return {
      code: 'insufficient_stock',
      message:
        offer.stock === 0
          ? `asin ${offer.asin} is out of stock`
          : `only ${offer.stock} of asin ${offer.asin} are in stock`,
      field: 'quantity',
    };
  }
  return null;
}

/** What a shopper reads when a line is refused (the API keeps the precise message). */
export function shopperMessage(problem: { code: string; message: string }): string {
  const limit = /limited to (\d+)/.exec(problem.message)?.[1];
  const minimum = /at least (\d+)/.exec(problem.message)?.[1];
  const left = /only (\d+)/.exec(problem.message)?.[1];
  switch (problem.code) {
    case 'above_max_order_quantity':
      return `You can buy at most ${limit} of this item per order.`;
    case 'below_min_order_quantity':
      return `This item is sold in quantities of at least ${minimum}.`;
    case 'insufficient_stock':
    case 'stock_ran_out':
      return left ? `Only ${left} of this item are left in stock.` : 'This item is out of stock.';
    case 'offer_not_buyable':
      return 'This item cannot be bought right now.';
    case 'plan_exceeds_device':
      return 'A protection plan covers one device, and each device in your cart already has one.';
    case 'plan_without_device':
      return 'Add the device to your cart before its protection plan.';
    case 'service_exceeds_device':
      return 'A service covers one device, and each device in your cart already has it.';
    case 'service_without_device':
      return 'Add the device to your cart before its service.';
    case 'service_not_offered':
      return 'This service is not offered at your delivery ZIP code.';
    default:
      return 'This item is no longer available.';
  }
}
