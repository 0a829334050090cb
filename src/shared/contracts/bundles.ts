import { z } from 'zod';
import { addedItem, cartCount } from './cart';
import { asin, price } from './common';
import { productResponse } from './products';

/** BDL-006: a product entity as the product API answers it (asin, title, images, buying options, ...). */
const bundleProductEntity = productResponse.shape.entity;
export type BundleProductEntity = z.infer<typeof bundleProductEntity>;

/**
 * GET /api/marketplaces/{marketplaceId}/products/{asin}/page-slices/bundles: the ingress card's
 * teaser, loaded after first paint; null when the product offers no bundle.
 */
export const bundlesSliceResponse = z
  .object({
    type: z.literal('page-slice.bundles/v1'),
    bundles: z
      .object({
        count: z.number().int().min(1),
        /** The cheapest bundle's price: "from $84.99". */
        fromPrice: price,
        /** The largest saving among them. */
        bestSaving: price,
        image: z.object({ url: z.string(), altText: z.string() }),
        /** The bundle boxes: each links into the sheet at its bundle (BDL-001). */
        items: z.array(z.object({ bundleId: z.string(), title: z.string(), price: price, saving: price })),
      })
      .nullable(),
  })
  .meta({ id: 'BundlesSlice' });
export type BundlesSliceResponse = z.infer<typeof bundlesSliceResponse>;

/** POST /gp/product/ajax/bundlesAjaxExperience?asin={asin} (BDL-019). */
export const bundlesDrawerQuery = z.object({ asin }).strict();

export { BUNDLES_DRAWER_PATH } from '../bundles-constants';

/** BDL-005: the bundle card state the sheet works with. */
const bundleCardState = z.object({
  currencySymbol: z.string(),
  cartEndpoint: z.string(),
  language: z.string(),
  csrfToken: z.string(),
  marketplace: z.string(),
  session: z.string(),
  landingAsin: z.string(),
  isdevices: z.boolean(),
  preferredCurrency: z.string(),
  /** The S1 §7 calls that serve the sheet (BDL-020..023). */
  endpoints: z.object({
    product: z.string(),
    cartItems: z.string(),
    cartCount: z.string(),
    cartSummary: z.string(),
  }),
});
export type BundleCardState = z.infer<typeof bundleCardState>;

const drawerBundle = z.object({
  bundleId: z.string(),
  title: z.string(),
  /** BDL-025: from the media host's fixed bundle path. */
  image: z.object({ url: z.string(), altText: z.string() }),
  price: price,
  /** What the components cost bought on their own. */
  separatelyPrice: price,
  saving: price,
  /** BDL-013: this bundle is already in the shopper's cart (the add button gives way to the limit message). */
  inCart: z.boolean(),
  /** BDL-003: what the expander shows. */
  components: z.array(z.object({ quantity: z.number().int().min(1), product: bundleProductEntity })).min(2),
  /** The accessories the post-add panel suggests (BDL-004), loaded through the product call. */
  upsellAsins: z.array(z.string()),
});
export type DrawerBundle = z.infer<typeof drawerBundle>;

export const bundlesDrawerResponse = z
  .object({
    type: z.literal('bundles.drawer/v1'),
    cardState: bundleCardState,
    bundles: z.array(drawerBundle),
  })
  .meta({ id: 'BundlesDrawer' });
export type BundlesDrawerResponse = z.infer<typeof bundlesDrawerResponse>;

/** POST /api/marketplaces/{marketplaceId}/cart/carts/retail/bundles: a bundle into the cart, all or nothing. */
export const bundleAddRequest = z
  .object({
    bundleId: z.string().regex(/^[A-Za-z0-9_-]{1,80}$/, 'bundleId may hold letters, digits, _ and - only'),
    /** BDL-017: always 1. */
    quantity: z.literal(1, 'bundle add-to-cart quantity is always 1').default(1),
  })
  .strict()
  .meta({ id: 'BundleAddRequest' });
export type BundleAddRequest = z.input<typeof bundleAddRequest>;

export const bundleAddPath = (marketplaceId: string) =>
  `/api/marketplaces/${encodeURIComponent(marketplaceId)}/cart/carts/retail/bundles`;

export const bundleAddResponse = z
  .object({
    type: z.literal('cart.add-bundle/v1'),
    entity: z.object({
      bundleId: z.string(),
      /** The component lines as they are now (a component already in the cart grew). */
      items: z.array(addedItem).min(2),
      /** The bundle's saving, a line of its own in the cart. */
      saving: price,
      count: cartCount,
    }),
  })
  .meta({ id: 'BundleAddResponse' });
export type BundleAddResponse = z.infer<typeof bundleAddResponse>;
