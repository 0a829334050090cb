// The bundles side sheet's calls (BDL-019..023). Only the sheet's lazy chunks import this module.
import type { z } from 'zod';
import { BUNDLES_DRAWER_PATH } from '../../shared/bundles-constants';
import type {
  BundleAddResponse,
  BundleCardState,
  BundleProductEntity,
  BundlesDrawerResponse,
  BundlesSliceResponse,
} from '../../shared/contracts/bundles';
import type { cartCount, cartItemsResponse, cartSummaryResponse } from '../../shared/contracts/cart';
import type { ProductResponse } from '../../shared/contracts/products';
import { pageTokens } from './page-tokens';
import { productApiPath } from './product-api-path';
import { type ApiResult, pickAnswer, request } from './request';

/** The ingress card's teaser (deferred slice); null when there is none or the call fails. */
export async function fetchBundlesSlice(
  marketplaceId: string,
  asin: string,
): Promise<BundlesSliceResponse['bundles']> {
  const result = await request<BundlesSliceResponse>(
    productApiPath(marketplaceId, asin, '/page-slices/bundles'),
    {
      headers: { accept: 'application/json' },
    },
  );
  return result.ok ? result.answer.bundles : null;
}

/** BDL-019: POST /gp/product/ajax/bundlesAjaxExperience?asin= — the drawer's data. */
export function fetchBundlesDrawer(asin: string): Promise<ApiResult<BundlesDrawerResponse>> {
  return request<BundlesDrawerResponse>(`${BUNDLES_DRAWER_PATH}?asin=${encodeURIComponent(asin)}`, {
    method: 'POST',
    headers: { accept: 'application/json', 'x-csrf-token': pageTokens().csrfToken },
  });
}

/** BDL-011/017: the bundle into the cart, quantity 1, at the card state's cart endpoint. */
export function addBundleToCart(
  state: BundleCardState,
  bundleId: string,
): Promise<ApiResult<BundleAddResponse>> {
  return request<BundleAddResponse>(state.cartEndpoint, {
    method: 'POST',
    headers: {
      accept: 'application/json',
      'accept-language': state.language,
      'x-csrf-token': state.csrfToken,
      'x-encrypted-slate-token': pageTokens().slateToken,
    },
    json: { bundleId, quantity: 1 },
  });
}

/** The sheet's reads (BDL-020): csrf, language, currency and the encrypted token. */
function read<Answer>(url: string, state: BundleCardState): Promise<ApiResult<Answer>> {
  return request<Answer>(url, {
    headers: {
      accept: 'application/json',
      'x-csrf-token': state.csrfToken,
      'accept-language': state.language,
      'x-currency-of-preference': state.preferredCurrency,
      'x-encrypted-slate-token': pageTokens().slateToken,
    },
  });
}

const PRODUCT_EXPANSIONS = 'images,title,price,reviewsSummary,featureBullets,quantity,callToAction';

/** BDL-020: a product with the sheet's expansions. */
export async function fetchBundleProduct(
  state: BundleCardState,
  asin: string,
): Promise<ApiResult<BundleProductEntity>> {
  const url = `${state.endpoints.product.replace('{asin}', encodeURIComponent(asin))}?expand=${PRODUCT_EXPANSIONS}`;
  return pickAnswer(await read<ProductResponse>(url, state), (answer) => answer.entity);
}

/** BDL-021: the retail cart's lines (asin, quantity). */
export async function fetchCartItems(
  state: BundleCardState,
): Promise<ApiResult<{ asin: string; quantity: number }[]>> {
  const result = await read<z.infer<typeof cartItemsResponse>>(state.endpoints.cartItems, state);
  return pickAnswer(result, (answer) => answer.entity.items);
}

/** BDL-022/007: the cart count, from `entity.items`. */
export async function fetchCartCount(state: BundleCardState): Promise<ApiResult<number>> {
  const result = await read<z.infer<typeof cartCount>>(state.endpoints.cartCount, state);
  return pickAnswer(result, (answer) => answer.entity.items);
}

/** BDL-023/007: the retail subtotal, from `summary[0].subtotal.displayString`. */
export async function fetchCartSubtotal(state: BundleCardState): Promise<ApiResult<string>> {
  const result = await read<z.infer<typeof cartSummaryResponse>>(state.endpoints.cartSummary, state);
  return pickAnswer(result, (answer) => answer.entity.summary[0]?.subtotal.displayString);
}
