import { DEALS_UPSELL_PATH } from '../../domain/deals/deals-upsell';
import type { CartApiItem } from '../../shared/contracts/cart';
import type { ClaimResponse, DealSetup } from '../../shared/contracts/deals';
import type { ProductResponse } from '../../shared/contracts/products';
import { DEVICE_TYPE_HEADER, type DeviceType } from '../../shared/deal-constants';
import { postCartItems } from './cart-api';
import { getJson } from './get-json';
import { pageTokens } from './page-tokens';
import { parseAnswer } from './parse-answer';

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
  const result = await getJson(`${setup.aapiEndpoint}?${query}`, {
    credentials: 'include',
    headers: dealHeaders(setup, device),
    ...(signal ? { signal } : {}),
  });
  if (result.ok) {
    const product = await parseAnswer((all) => all.productResponse, result.body);
    return product ? { ok: true, buyingOptions: product.entity.buyingOptions } : { ok: false };
  }
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
    const json: unknown = await response.json().catch(() => null);
    const claimed = response.ok ? await parseAnswer((all) => all.claimResponse, json) : null;
    if (claimed) return { ok: true, entity: claimed.entity };
    const error = await parseAnswer((all) => all.claimErrorResponse, json);
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
    const count = await parseAnswer((all) => all.cartCount, await response.json());
    return count?.entity.items ?? null;
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
    const body: unknown = await response.json().catch(() => null);
    const answer = await parseAnswer((all) => all.addToCartFormResponse, body);
    return { ok: true, cartQuantity: answer?.cartQuantity ?? null };
  } catch {
    return { ok: false, status: 0 };
  }
}

/**
 * POST {cart add-items endpoint}?ref={tag} (DEAL-041): the deals flow's cart add, through the one cart
 * client with the deal setup's endpoint, token and language. Answers the new navigation cart count.
 */
export async function addDealCartItems(
  setup: DealSetup,
  items: CartApiItem[],
  refTag: string,
): Promise<{ ok: true; count: number } | { ok: false; status: number }> {
  if (items.length === 0) return { ok: false, status: 0 };
  const result = await postCartItems(
    {
      url: `${setup.cartAddItemsAapiEndpoint}?ref=${encodeURIComponent(refTag)}`,
      csrfToken: setup.aapiCsrfToken,
      language: setup.languageOfPreference,
      // The deals flow records a failed add (DEAL-045) and leaves the page as it is.
      onSessionProblem: () => undefined,
    },
    items,
  );
  return result.ok
    ? { ok: true, count: result.response.entity.count.entity.items }
    : { ok: false, status: result.status };
}
