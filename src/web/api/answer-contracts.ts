// The contracts the page checks the server's answers with. Only `parse-answer.ts` loads this module, and
// it loads it lazily: zod and the schemas stay out of the page's first-load JavaScript.

export {
  addOnServicesSliceResponse,
  digitalDashResponse,
  digitalDashSignIn,
  variationRefreshResponse,
  zipRefreshResponse,
} from '../../shared/contracts/add-on-services';
export {
  addItemsRefusal,
  addItemsResponse,
  addToCartFormResponse,
  cartCount,
} from '../../shared/contracts/cart';
export { errorResponse } from '../../shared/contracts/common';
export { couponRedeemResponse } from '../../shared/contracts/coupon';
export { claimErrorResponse, claimResponse } from '../../shared/contracts/deals';
export { deliveryLocationResponse } from '../../shared/contracts/delivery';
export { invitationResponse } from '../../shared/contracts/invitation';
export { productResponse } from '../../shared/contracts/products';
