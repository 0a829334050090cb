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
import { addOnServicesSlice } from '../add-on-services/page-slice';
import { businessSlice } from '../business/page-slice';
import { buyBoxSlice } from '../buy-box/page-slice';
import { dealSlice } from '../deals/page-slice';
import { grocerySlice } from '../grocery/page-slice';
import type { ProductPageContext } from './page-context';
import { OFFER_VIEW_QUERY, offerView, productDetailsSlice } from './page-slice';
import { readProduct } from './product-view';

/**
 * A deferred slice never fails the page: one that throws is logged and left out, and the page loads
 * it from its own call after first paint (decision 0012).
 */
async function deferredSlice<T>(
  name: DeferredProductPageSlice,
  load: () => Promise<T>,
  log: FastifyBaseLogger,
): Promise<
  { name: DeferredProductPageSlice; ok: true; value: T } | { name: DeferredProductPageSlice; ok: false }
> {
  try {
    return { name, ok: true, value: await load() };
  } catch (error) {
    log.error({ err: error, slice: name }, 'deferred page slice failed; the page renders without it');
    return { name, ok: false };
  }
}

/**
 * The product page's data, assembled from one slice per area. Critical slices (details, buy box,
 * deal) run in parallel and fail the page if they fail; deferred ones (accessories) run alongside and
 * never do. A new area adds its slice here and a key to the page contract.
 */
export async function assembleProductPage(
  db: Kysely<Database>,
  context: ProductPageContext,
  page: { shopper: ShopperView; refTag: string | null; query: URLSearchParams; log: FastifyBaseLogger },
): Promise<ProductPageData> {
  const { offer } = context;
  const picker = offer
    ? { hasFreeFormPicker: true, min: offer.minOrderQuantity, max: offer.maxOrderQuantity }
    : null;
  const [details, features, deal, business, grocery, accessories, addOnServices] = await Promise.all([
    productDetailsSlice(db, context),
    buyBoxSlice(db, context),
    dealSlice(db, context),
    businessSlice(db, context, page.query),
    grocerySlice(db, context),
    deferredSlice('accessories', () => accessoriesSlice(db, context), page.log),
    deferredSlice(
      'addOnServices',
      () =>
        addOnServicesSlice(db, context, {
          zip: page.shopper.deliveryZip,
          sessionId: page.shopper.sessionId,
          query: page.query,
        }),
      page.log,
    ),
  ]);
  return {
    page: 'product',
    csrfToken: context.csrfToken,
    marketplaceId: context.marketplace.marketplaceId,
    language: context.marketplace.language,
    shopper: page.shopper,
    refTag: page.refTag,
    initialQuantity: picker && page.query.has('qty') ? initialQuantity(page.query, picker) : null,
    quantityAdjustment: picker ? quantityAdjustment(page.query, picker) : null,
    purchaseProblem: purchaseProblemFrom(page.query),
    deal,
    business,
    grocery,
    deferred: [accessories, addOnServices].flatMap((slice) => (slice.ok ? [] : [slice.name])),
    product: {
      ...details,
      features,
      accessories: accessories.ok ? accessories.value : null,
      addOnServices: addOnServices.ok ? addOnServices.value : null,
    },
  };
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
