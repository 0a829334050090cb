import { VAS_ADD_UPSELL_REF, vasBuyBoxRef } from '../../shared/add-on-services-constants';
import type { AddItemsResponse, CartApiItem } from '../../shared/contracts/cart';
import { postCartItems } from './cart-api';
import { pageTokens } from './page-tokens';
import type { ApiResult } from './request';

// The add-on calls that put things in the cart: only the interstitial, the bundles carousel and the
// pre-purchase button load them (the cart client is not in the widget's first chunk).

/** VAS-030: the add-on cart add, `?ref=vas_add_upsell`. */
export function addServiceItems(
  marketplaceId: string,
  language: string,
  items: readonly CartApiItem[],
): Promise<ApiResult<AddItemsResponse>> {
  return postCartItems(
    {
      url: `/api/marketplaces/${encodeURIComponent(marketplaceId)}/cart/carts/retail/items?ref=${VAS_ADD_UPSELL_REF}`,
      csrfToken: pageTokens().csrfToken,
      language,
      // A stale session is not worth a reload here: the add-on add shows nothing (VAS-035, VAS-036).
      onSessionProblem: () => undefined,
    },
    items,
  );
}

/**
 * VAS-032: posts the buy box form with the service to /gp/product/handle-buy-box/ref=vas_dphbb_…; the
 * answer is where to go next (the cart). A plain form post whose answer is a page, not a contract, so
 * it reads where the redirect landed instead of a body (the one call here that is not `request`'s); a
 * landing that names an error is a failure (VAS-037), status 0 when the store was not reached.
 */
export async function postBuyBoxWithService(
  fields: { asin: string; offerListingId: string; merchantId: string; quantity: number },
  serviceAsin: string,
): Promise<ApiResult<string>> {
  const body = new URLSearchParams({
    csrfToken: pageTokens().csrfToken,
    ASIN: fields.asin,
    offerListingID: fields.offerListingId,
    merchantID: fields.merchantId,
    quantity: String(fields.quantity),
    'submit.add-to-cart': 'Add to Cart',
  });
  try {
    const response = await fetch(`/gp/product/handle-buy-box/ref=${vasBuyBoxRef(fields.asin, serviceAsin)}`, {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    const landed = new URL(response.url, window.location.href);
    if (!response.ok || landed.searchParams.has('error')) {
      return { ok: false, status: response.status, refusal: null };
    }
    return { ok: true, status: response.status, answer: `${landed.pathname}${landed.search}` };
  } catch {
    return { ok: false, status: 0, refusal: null };
  }
}
