import type { z } from 'zod';
import { DEALS_UPSELL_PATH } from '../../domain/deals/deals-upsell';
import type {
  AddItemsResponse,
  addToCartFormResponse,
  CartApiItem,
  cartCount,
} from '../../shared/contracts/cart';
import type { ClaimErrorResponse, ClaimResponse, DealSetup } from '../../shared/contracts/deals';
import type { ProductResponse } from '../../shared/contracts/products';
import { DEVICE_TYPE_HEADER, type DeviceType } from '../../shared/deal-constants';
import { postCartItems } from './cart-api';
import { pageTokens } from './page-tokens';
import { type ApiResult, pickAnswer, request } from './request';

/**
 * DEAL-037: deal calls send credentials, the language, the CSRF token, the device (app, mobile or
 * desktop) and, when the page has one, the encrypted slate token.
 */
function dealHeaders(setup: DealSetup, device: DeviceType): Record<string, string> {
  const slateToken = pageTokens().slateToken;
  return {
    accept: 'application/json',
    'accept-language': setup.languageOfPreference,
    'x-csrf-token': setup.aapiCsrfToken,
    [DEVICE_TYPE_HEADER]: device,
    ...(slateToken ? { 'x-encrypted-slate-token': slateToken } : {}),
  };
}

/** GET {product endpoint}?buyingOptionTypes=LIGHTNING_DEAL&offerListingId={id} (DEAL-036..038). */
export async function fetchLightningDeal(
  setup: DealSetup,
  device: DeviceType,
  signal?: AbortSignal,
): Promise<ApiResult<ProductResponse['entity']['buyingOptions']>> {
  const query = new URLSearchParams({
    buyingOptionTypes: 'LIGHTNING_DEAL',
    offerListingId: setup.offerListingId,
  });
  // DP-019: an answer that does not parse is asked for once more, 200 ms later.
  const result = await request<ProductResponse>(`${setup.aapiEndpoint}?${query}`, {
    headers: dealHeaders(setup, device),
    ...(signal ? { signal } : {}),
  });
  // A product that is gone answers 404: no lightning deal came back either.
  if (!result.ok && result.status === 404) return { ok: true, status: 404, answer: [] };
  return pickAnswer(result, (product) => product.entity.buyingOptions);
}

/** POST {claim endpoint}{dealId}/claim-and-add-to-cart?ref={tag} (DEAL-039); `url` comes from `claimCall`. */
export function claimDeal(
  setup: DealSetup,
  device: DeviceType,
  url: string,
  body: { asin: string; quantity: number },
): Promise<ApiResult<ClaimResponse, ClaimErrorResponse>> {
  return request<ClaimResponse, ClaimErrorResponse>(url, {
    method: 'POST',
    headers: dealHeaders(setup, device),
    json: body,
  });
}

/** GET {cart count endpoint} → entity.items (DEAL-040). */
export function fetchCartCount(setup: DealSetup): Promise<ApiResult<z.infer<typeof cartCount>>> {
  return request<z.infer<typeof cartCount>>(setup.cartCountAapiEndpoint, {
    headers: { accept: 'application/json', 'accept-language': setup.languageOfPreference },
  });
}

/** The deals upsell through the legacy form call (DEAL-048): the answer holds the new cart count. */
export function addDealsUpsell(
  form: URLSearchParams,
): Promise<ApiResult<z.infer<typeof addToCartFormResponse>>> {
  return request<z.infer<typeof addToCartFormResponse>>(DEALS_UPSELL_PATH, {
    method: 'POST',
    headers: { accept: 'application/json', 'x-csrf-token': form.get('csrfToken') ?? '' },
    form,
  });
}

/**
 * POST {cart add-items endpoint}?ref={tag} (DEAL-041): the deals flow's cart add, through the one cart
 * client with the deal setup's endpoint, token and language.
 */
export async function addDealCartItems(
  setup: DealSetup,
  items: CartApiItem[],
  refTag: string,
): Promise<ApiResult<AddItemsResponse>> {
  if (items.length === 0) return { ok: false, status: 0, refusal: null };
  return postCartItems(
    {
      url: `${setup.cartAddItemsAapiEndpoint}?ref=${encodeURIComponent(refTag)}`,
      csrfToken: setup.aapiCsrfToken,
      language: setup.languageOfPreference,
      // The deals flow records a failed add (DEAL-045) and leaves the page as it is.
      onSessionProblem: () => undefined,
    },
    items,
  );
}
