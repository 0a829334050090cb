import { DEALS_UPSELL_PATH } from '../../domain/deals/deals-upsell';
import { CART_ADD_ITEMS_REQUEST_TYPE, CART_ADD_ITEMS_RESPONSE_TYPE } from '../../shared/cart-constants';
import type { AddItemsResponse, CartApiItem } from '../../shared/contracts/cart';
import type { ClaimErrorResponse, ClaimResponse, DealSetup } from '../../shared/contracts/deals';
import type { ProductResponse } from '../../shared/contracts/products';
import { DEVICE_TYPE_HEADER, type DeviceType } from '../../shared/deal-constants';
import { getJson } from './get-json';
import { pageTokens } from './page-tokens';

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

export type DealFetchResult =
  | { ok: true; buyingOptions: ProductResponse['entity']['buyingOptions'] }
  | { ok: false };

/** GET {product endpoint}?buyingOptionTypes=LIGHTNING_DEAL&offerListingId={id} (DEAL-036..038). */
export async function fetchLightningDeal(
  setup: DealSetup,
  device: DeviceType,
  signal?: AbortSignal,
): Promise<DealFetchResult> {
  const query = new URLSearchParams({
    buyingOptionTypes: 'LIGHTNING_DEAL',
    offerListingId: setup.offerListingId,
  });
  // DP-019: an answer that does not parse is asked for once more, 200 ms later.
  const result = await getJson<ProductResponse>(`${setup.aapiEndpoint}?${query}`, {
    credentials: 'include',
    headers: dealHeaders(setup, device),
    ...(signal ? { signal } : {}),
  });
  if (result.ok) return { ok: true, buyingOptions: result.body.entity.buyingOptions };
  // A product that is gone answers 404: no lightning deal came back either.
  return result.status === 404 ? { ok: true, buyingOptions: [] } : { ok: false };
}

export type ClaimResult =
  | { ok: true; entity: ClaimResponse['entity'] }
  | { ok: false; httpStatus: number; type: string | null; entityStatus: number | null };

/** POST {claim endpoint}{dealId}/claim-and-add-to-cart?ref={tag} (DEAL-039); `url` comes from `claimCall`. */
export async function claimDeal(
  setup: DealSetup,
  device: DeviceType,
  url: string,
  body: { asin: string; quantity: number },
): Promise<ClaimResult> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      credentials: 'include',
      headers: { ...dealHeaders(setup, device), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = (await response.json().catch(() => null)) as ClaimResponse | ClaimErrorResponse | null;
    if (response.ok && json && 'entity' in json && json.entity && 'customerState' in json.entity) {
      return { ok: true, entity: json.entity };
    }
    const error = json && 'error' in json ? json : null;
    return {
      ok: false,
      httpStatus: response.status,
      type: error?.type ?? null,
      entityStatus: error?.entity?.status ?? null,
    };
  } catch {
    return { ok: false, httpStatus: 0, type: null, entityStatus: null };
  }
}

/** GET {cart count endpoint} → entity.items (DEAL-040); null on any failure, which the page ignores (DEAL-046). */
export async function fetchCartCount(setup: DealSetup): Promise<number | null> {
  try {
    const response = await fetch(setup.cartCountAapiEndpoint, {
      credentials: 'include',
      headers: { accept: 'application/json', 'accept-language': setup.languageOfPreference },
    });
    if (!response.ok) return null;
    const body = (await response.json()) as { entity?: { items?: unknown } };
    return typeof body.entity?.items === 'number' ? body.entity.items : null;
  } catch {
    return null;
  }
}

/** The deals upsell through the legacy form call (DEAL-048): the new cart count, or a failure to show. */
export async function addDealsUpsell(
  form: URLSearchParams,
): Promise<{ ok: true; cartQuantity: number | null } | { ok: false; status: number }> {
  try {
    const response = await fetch(DEALS_UPSELL_PATH, {
      method: 'POST',
      credentials: 'include',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
        'x-csrf-token': form.get('csrfToken') ?? '',
      },
      body: form,
    });
    if (!response.ok) return { ok: false, status: response.status };
    const body = (await response.json().catch(() => null)) as { cartQuantity?: unknown } | null;
    return { ok: true, cartQuantity: typeof body?.cartQuantity === 'number' ? body.cartQuantity : null };
  } catch {
    return { ok: false, status: 0 };
  }
}

/**
 * POST {cart add-items endpoint}?ref={tag} (DEAL-041): the deals flow's cart add, with the cart API's
 * media types and both page tokens. Answers the new navigation cart count.
 */
export async function addDealCartItems(
  setup: DealSetup,
  items: CartApiItem[],
  refTag: string,
): Promise<{ ok: true; count: number } | { ok: false; status: number }> {
  if (items.length === 0) return { ok: false, status: 0 };
  try {
    const response = await fetch(`${setup.cartAddItemsAapiEndpoint}?ref=${encodeURIComponent(refTag)}`, {
      method: 'POST',
      credentials: 'include',
      headers: {
        'content-type': CART_ADD_ITEMS_REQUEST_TYPE,
        accept: CART_ADD_ITEMS_RESPONSE_TYPE,
        'accept-language': setup.languageOfPreference,
        'x-csrf-token': setup.aapiCsrfToken,
        'x-encrypted-slate-token': pageTokens().slateToken,
      },
      body: JSON.stringify({ items }),
    });
    if (!response.ok) return { ok: false, status: response.status };
    const body = (await response.json()) as AddItemsResponse;
    return { ok: true, count: body.entity.count.entity.items };
  } catch {
    return { ok: false, status: 0 };
  }
}
