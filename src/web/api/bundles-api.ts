// The bundles side sheet's calls (BDL-019..023). Only the sheet's lazy chunks import this module, so
// its contracts (and zod) never reach the product page's first-load JavaScript.
import {
  BUNDLES_DRAWER_PATH,
  type BundleAddResponse,
  type BundleCardState,
  type BundleProductEntity,
  type BundlesDrawerResponse,
  type BundlesSliceResponse,
  bundleAddResponse,
  bundlesDrawerResponse,
  bundlesSlicePath,
  bundlesSliceResponse,
} from '../../shared/contracts/bundles';
import { cartCount, cartItemsResponse, cartSummaryResponse } from '../../shared/contracts/cart';
import { errorResponse } from '../../shared/contracts/common';
import { productResponse } from '../../shared/contracts/products';
import { getJson } from './get-json';
import { pageTokens } from './page-tokens';

export type Outcome<T> = { ok: true; value: T } | { ok: false; status: number; message: string };

const UNREACHABLE = 'We could not reach the store. Check your connection and try again.';
const GARBLED = 'Something went wrong. Please try again.';

/** The ingress card's teaser (deferred slice); null when there is none or the call fails. */
export async function fetchBundlesSlice(
  marketplaceId: string,
  asin: string,
): Promise<BundlesSliceResponse['bundles']> {
  const result = await getJson(bundlesSlicePath(marketplaceId, asin), {
    credentials: 'include',
    headers: { accept: 'application/json' },
  });
  if (!result.ok) return null;
  const parsed = bundlesSliceResponse.safeParse(result.body);
  return parsed.success ? parsed.data.bundles : null;
}

async function postJson<T>(
  url: string,
  init: { headers: Record<string, string>; body?: string },
  parse: (body: unknown) => T | null,
): Promise<Outcome<T>> {
  try {
    const response = await fetch(url, { method: 'POST', credentials: 'include', ...init });
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const error = errorResponse.safeParse(body);
      return {
        ok: false,
        status: response.status,
        message: error.success ? error.data.error.message : GARBLED,
      };
    }
    const value = parse(body);
    return value === null ? { ok: false, status: response.status, message: GARBLED } : { ok: true, value };
  } catch {
    return { ok: false, status: 0, message: UNREACHABLE };
  }
}

/** BDL-019: POST /gp/product/ajax/bundlesAjaxExperience?asin= — the drawer's data. */
export function fetchBundlesDrawer(asin: string): Promise<Outcome<BundlesDrawerResponse>> {
  return postJson(
    `${BUNDLES_DRAWER_PATH}?asin=${encodeURIComponent(asin)}`,
    { headers: { accept: 'application/json', 'x-csrf-token': pageTokens().csrfToken } },
    (body) => {
      const parsed = bundlesDrawerResponse.safeParse(body);
      return parsed.success ? parsed.data : null;
    },
  );
}

/** BDL-011/017: the bundle into the cart, quantity 1, at the card state's cart endpoint. */
export function addBundleToCart(
  state: BundleCardState,
  bundleId: string,
): Promise<Outcome<BundleAddResponse>> {
  return postJson(
    state.cartEndpoint,
    {
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        'accept-language': state.language,
        'x-csrf-token': state.csrfToken,
        'x-encrypted-slate-token': pageTokens().slateToken,
      },
      body: JSON.stringify({ bundleId, quantity: 1 }),
    },
    (body) => {
      const parsed = bundleAddResponse.safeParse(body);
      return parsed.success ? parsed.data : null;
    },
  );
}

/** The headers of the sheet's reads (BDL-020): csrf, language, currency and the encrypted token. */
function readHeaders(state: BundleCardState): Record<string, string> {
  return {
    accept: 'application/json',
    'x-csrf-token': state.csrfToken,
    'accept-language': state.language,
    'x-currency-of-preference': state.preferredCurrency,
    'x-encrypted-slate-token': pageTokens().slateToken,
  };
}

async function read<T>(
  url: string,
  state: BundleCardState,
  parse: (body: unknown) => T | null,
): Promise<Outcome<T>> {
  const result = await getJson(url, { credentials: 'include', headers: readHeaders(state) });
  if (!result.ok) return { ok: false, status: result.status, message: GARBLED };
  const value = parse(result.body);
  return value === null ? { ok: false, status: result.status, message: GARBLED } : { ok: true, value };
}

const PRODUCT_EXPANSIONS = 'images,title,price,reviewsSummary,featureBullets,quantity,callToAction';

/** BDL-020: a product with the sheet's expansions. */
export function fetchBundleProduct(
  state: BundleCardState,
  asin: string,
): Promise<Outcome<BundleProductEntity>> {
  const url = `${state.endpoints.product.replace('{asin}', encodeURIComponent(asin))}?expand=${PRODUCT_EXPANSIONS}`;
  return read(url, state, (body) => {
    const parsed = productResponse.safeParse(body);
    return parsed.success ? parsed.data.entity : null;
  });
}

/** BDL-021: the retail cart's lines (asin, quantity). */
export function fetchCartItems(
  state: BundleCardState,
): Promise<Outcome<{ asin: string; quantity: number }[]>> {
  return read(state.endpoints.cartItems, state, (body) => {
    const parsed = cartItemsResponse.safeParse(body);
    return parsed.success ? parsed.data.entity.items : null;
  });
}

/** BDL-022/007: the cart count, from `entity.items`. */
export function fetchCartCount(state: BundleCardState): Promise<Outcome<number>> {
  return read(state.endpoints.cartCount, state, (body) => {
    const parsed = cartCount.safeParse(body);
    return parsed.success ? parsed.data.entity.items : null;
  });
}

/** BDL-023/007: the retail subtotal, from `summary[0].subtotal.displayString`. */
export function fetchCartSubtotal(state: BundleCardState): Promise<Outcome<string>> {
  return read(state.endpoints.cartSummary, state, (body) => {
    const parsed = cartSummaryResponse.safeParse(body);
    const first = parsed.success ? parsed.data.entity.summary[0] : undefined;
    return first ? first.subtotal.displayString : null;
  });
}
