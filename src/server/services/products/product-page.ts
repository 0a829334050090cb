import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { purchaseProblemFrom } from '../../../domain/buy-box/quantity-restriction';
import { initialQuantity, quantityAdjustment } from '../../../domain/buy-box/url-quantity';
import type { AccessoriesView } from '../../../shared/contracts/accessories';
import type { DeferredProductPageSlice, ProductPageData } from '../../../shared/contracts/pages/product-page';
import type { ShopperView } from '../../../shared/contracts/pages/shopper';
import { type Marketplace, marketplaceById } from '../../../shared/marketplaces';
import type { Database } from '../../db/schema';
import { accessoriesSlice } from '../accessories/page-slice';
import type { ProductPageContext } from './page-context';
import { OFFER_VIEW_QUERY, offerView, productDetailsSlice } from './page-slice';
import { readProduct } from './product-view';

/** Who asked for the page and how, beside the product context every slice reads. */
export type ProductPageRequest = {
  shopper: ShopperView;
  refTag: string | null;
  query: URLSearchParams;
  log: FastifyBaseLogger;
};

/**
 * One area's part of the product page data. A critical slice fails the page when it fails; a
 * deferred one never does: it is left out, named in the page's `deferred` list, and the page loads it
 * from its own call after first paint (decision 0012).
 */
export type ProductPageSlice<Value = unknown> = {
  /** Where the value sits: a key of the page data, or a key of its `product`. */
  at: 'page' | 'product';
  deferred: boolean;
  load(db: Kysely<Database>, context: ProductPageContext, page: ProductPageRequest): Promise<Value>;
};

/** The page's slices by name; the name is the slice's key in the page data. */
export type ProductPageSlices = Readonly<Record<string, ProductPageSlice>>;

type Loaded = { name: string; ok: true; value: unknown } | { name: string; ok: false };

/** A deferred slice that throws is logged and left out. */
async function deferredSlice(
  name: string,
  load: () => Promise<unknown>,
  log: FastifyBaseLogger,
): Promise<Loaded> {
  try {
    return { name, ok: true, value: await load() };
  } catch (error) {
    log.error({ err: error, slice: name }, 'deferred page slice failed; the page renders without it');
    return { name, ok: false };
  }
}

/**
 * The product page's data: the product's details, and every area's slice, all loaded in parallel.
 * Slices sit in the page data in the order they are given (the area list's order).
 */
export async function assembleProductPage(
  db: Kysely<Database>,
  context: ProductPageContext,
  page: ProductPageRequest,
  slices: ProductPageSlices,
): Promise<ProductPageData> {
  const { offer } = context;
  const picker = offer
    ? { hasFreeFormPicker: true, min: offer.minOrderQuantity, max: offer.maxOrderQuantity }
    : null;
  const named = Object.entries(slices);
  const [details, ...loaded] = await Promise.all([
    productDetailsSlice(db, context),
    ...named.map(
      ([name, slice]): Promise<Loaded> =>
        slice.deferred
          ? deferredSlice(name, () => slice.load(db, context, page), page.log)
          : slice.load(db, context, page).then((value) => ({ name, ok: true, value })),
    ),
  ]);
  const valuesAt = (at: ProductPageSlice['at']) =>
    Object.fromEntries(
      named.flatMap(([name, slice], i) => {
        if (slice.at !== at) return [];
        const result = loaded[i] as Loaded;
        return [[name, result.ok ? result.value : null]];
      }),
    );
  const data = {
    page: 'product',
    csrfToken: context.csrfToken,
    marketplaceId: context.marketplace.marketplaceId,
    language: context.marketplace.language,
    shopper: page.shopper,
    refTag: page.refTag,
    initialQuantity: picker && page.query.has('qty') ? initialQuantity(page.query, picker) : null,
    quantityAdjustment: picker ? quantityAdjustment(page.query, picker) : null,
    purchaseProblem: purchaseProblemFrom(page.query),
    ...valuesAt('page'),
    deferred: loaded.flatMap((slice) => (slice.ok ? [] : [slice.name as DeferredProductPageSlice])),
    product: { ...details, ...valuesAt('product') },
  };
  // The slices' keys and types are the page contract's: areas/page-slices.test.ts checks that the
  // area list fills each of its keys once, with a slice typed by that key (areas/<area>.ts).
  return data as ProductPageData;
}

/** The deferred accessory slice on its own, for the page's call after first paint. */
export async function accessoriesSliceFor(
  db: Kysely<Database>,
  marketplaceId: string,
  asin: string,
): Promise<
  | { found: true; accessories: AccessoriesView | null }
  | { found: false; reason: 'unknown_marketplace' | 'unknown_product' }
> {
  const lookup = await readProduct(db, marketplaceId, asin, OFFER_VIEW_QUERY);
  if (!lookup.found) {
    return {
      found: false,
      reason: lookup.reason === 'unknown_marketplace' ? lookup.reason : 'unknown_product',
    };
  }
  const marketplace = marketplaceById(marketplaceId) as Marketplace;
  return {
    found: true,
    accessories: await accessoriesSlice(db, {
      marketplace,
      product: lookup.product,
      offer: offerView(lookup.body.entity),
    }),
  };
}
