import type { Kysely } from 'kysely';
import {
  applyingBundleSavings,
  bundleImageUrl,
  bundleSaving,
  isValidBundleProduct,
} from '../../../domain/bundles/bundles';
import type {
  BundleCardState,
  BundleProductEntity,
  BundlesDrawerResponse,
  BundlesSliceResponse,
  DrawerBundle,
} from '../../../shared/contracts/bundles';
import { bundleAddPath } from '../../../shared/contracts/bundles';
import { DEFAULT_EXPANSIONS } from '../../../shared/contracts/products';
import { type Marketplace, marketplaceById } from '../../../shared/marketplaces';
import { toPrice } from '../../../shared/money/price-format';
import {
  type BundleRecord,
  findBundlesForLanding,
  findCartBundleSavings,
} from '../../db/repositories/bundle-repository';
import { type CartOwner, findCartId, findCartLines } from '../../db/repositories/cart-repository';
import type { Database } from '../../db/schema';
import { readProduct } from '../products/product-view';

type Db = Kysely<Database>;

/** Product groups of the store's own devices (BDL-005 `isdevices`). */
const DEVICE_GROUPS = /^gl_digital_products/;

export type DrawerLookup<T> =
  | { found: true; value: T }
  | { found: false; reason: 'unknown_marketplace' | 'unknown_product' };

/** BDL-006/018: a component's entity at the bundle's own offer, or null when it is not a valid entity. */
async function productEntity(
  db: Db,
  marketplaceId: string,
  asin: string,
  offerListingId?: string,
): Promise<BundleProductEntity | null> {
  const lookup = await readProduct(db, marketplaceId, asin, {
    expand: [...DEFAULT_EXPANSIONS],
    ...(offerListingId ? { offerListingId } : {}),
  });
  if (!lookup.found) return null;
  const entity = lookup.body.entity;
  return isValidBundleProduct(entity) ? entity : null;
}

/** The bundle's prices now: its own, its components' on their own, and the saving (0: not worth offering). */
export function bundlePrices(bundle: Pick<BundleRecord, 'components' | 'priceMinor'>) {
  return bundleSaving(
    bundle.components.map((c) => ({ unitPriceMinor: c.priceMinor, quantity: c.quantity })),
    bundle.priceMinor,
  );
}

/** Bundles worth showing: a real saving, and every component still sold in the bundle's marketplace. */
const offerable = (bundle: BundleRecord) =>
  bundlePrices(bundle).savingMinor > 0 &&
  bundle.components.every(
    (c) => c.marketplaceId === bundle.marketplaceId && c.conditionType !== 'LIGHTNING_DEAL',
  );

/** The ingress card's teaser (deferred slice): how many bundles, from what price, the best saving. */
export async function bundlesSlice(
  db: Db,
  marketplaceId: string,
  asin: string,
): Promise<DrawerLookup<BundlesSliceResponse['bundles']>> {
  const marketplace = marketplaceById(marketplaceId);
  if (!marketplace) return { found: false, reason: 'unknown_marketplace' };
  const exists = await readProduct(db, marketplaceId, asin, { expand: ['title'] });
  if (!exists.found) return { found: false, reason: 'unknown_product' };
  const bundles = (await findBundlesForLanding(db, asin, marketplaceId)).filter(offerable);
  const [cheapest] = [...bundles].sort((a, b) => a.priceMinor - b.priceMinor);
  if (!cheapest) return { found: true, value: null };
  const money = (minor: number) => toPrice(minor, cheapest.currencyCode, marketplace.priceFormat);
  return {
    found: true,
    value: {
      count: bundles.length,
      fromPrice: money(cheapest.priceMinor),
      bestSaving: money(Math.max(...bundles.map((b) => bundlePrices(b).savingMinor))),
      image: { url: bundleImageUrl(cheapest.image), altText: cheapest.title },
      items: bundles.map((b) => ({
        bundleId: b.id,
        title: b.title,
        price: money(b.priceMinor),
        saving: money(bundlePrices(b).savingMinor),
      })),
    },
  };
}

/** The bundles the owner's cart already holds (their saving still applies). */
async function bundlesInCart(db: Db, owner: CartOwner, marketplaceId: string): Promise<Set<string>> {
  const cartId = await findCartId(db, owner, marketplaceId, 'RETAIL');
  if (!cartId) return new Set();
  const [savings, lines] = await Promise.all([
    findCartBundleSavings(db, [cartId]),
    findCartLines(db, cartId),
  ]);
  return new Set(applyingBundleSavings(savings, lines).applying.map((s) => s.bundleId));
}

const currencySymbol = (marketplace: Marketplace) =>
  marketplace.priceFormat.priceFormat.replace('{}', '').trim();

/**
 * The bundles drawer (BDL-019): the card state and every bundle offered on the product's
 * page with its components as product entities. A bundle with a component that is not a valid
 * entity (BDL-018) is left out.
 */
export async function bundlesDrawer(
  db: Db,
  input: {
    marketplaceId: string;
    asin: string;
    owner: CartOwner;
    csrfToken: string;
    sessionId: string;
  },
): Promise<DrawerLookup<BundlesDrawerResponse>> {
  const marketplace = marketplaceById(input.marketplaceId);
  if (!marketplace) return { found: false, reason: 'unknown_marketplace' };
  const landing = await readProduct(db, marketplace.marketplaceId, input.asin, { expand: ['title'] });
  if (!landing.found) return { found: false, reason: 'unknown_product' };
  const m = encodeURIComponent(marketplace.marketplaceId);
  const cardState: BundleCardState = {
    currencySymbol: currencySymbol(marketplace),
    cartEndpoint: bundleAddPath(marketplace.marketplaceId),
    language: marketplace.language,
    csrfToken: input.csrfToken,
    marketplace: marketplace.marketplaceId,
    session: input.sessionId,
    landingAsin: landing.product.asin,
    isdevices: DEVICE_GROUPS.test(landing.product.product_group),
    preferredCurrency: marketplace.priceFormat.currencyOfPreference,
    endpoints: {
      product: `/api/marketplaces/${m}/products/{asin}`,
      cartItems: `/api/marketplaces/${m}/cart/items?filter=RETAIL`,
      cartCount: `/api/marketplaces/${m}/cart/count`,
      cartSummary: `/api/marketplaces/${m}/cart/summary?cartTypes=RETAIL`,
    },
  };
  const records = (await findBundlesForLanding(db, landing.product.asin, marketplace.marketplaceId)).filter(
    offerable,
  );
  const inCart = await bundlesInCart(db, input.owner, marketplace.marketplaceId);
  const bundles: DrawerBundle[] = [];
  for (const record of records) {
    const components = await Promise.all(
      record.components.map((c) => productEntity(db, marketplace.marketplaceId, c.asin, c.offerId)),
    );
    if (components.some((entity) => entity === null)) continue;
    const money = (minor: number) => toPrice(minor, record.currencyCode, marketplace.priceFormat);
    const prices = bundlePrices(record);
    bundles.push({
      bundleId: record.id,
      title: record.title,
      image: { url: bundleImageUrl(record.image), altText: record.title },
      price: money(record.priceMinor),
      separatelyPrice: money(prices.separatelyMinor),
      saving: money(prices.savingMinor),
      inCart: inCart.has(record.id),
      components: record.components.map((c, i) => ({
        quantity: c.quantity,
        product: components[i] as BundleProductEntity,
      })),
      upsellAsins: record.upsells,
    });
  }
  return { found: true, value: { type: 'bundles.drawer/v1', cardState, bundles } };
}
