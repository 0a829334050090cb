import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Migration } from 'kysely';
import type { ProductPageData } from '../../shared/contracts/pages/product-page';
import type { AnyCatalogPart } from '../catalog/catalog-part';
import type { ClientAssets } from '../render/client-assets';
import type {
  CheckoutOptionsHook,
  ConfirmationNotesHook,
  OrderPlacedHook,
} from '../services/checkout/order-placed';
import type { ProductDetailsSlice } from '../services/products/page-slice';
import type { ProductPageSlice, ProductPageSlices } from '../services/products/product-page';

/** An area's routes: Fastify plugins, each given the client's assets (pages render with them). */
export type AreaRoutes = FastifyPluginAsyncZod<{ assets?: ClientAssets }>;

/**
 * One area of the store on the server (docs/adding-an-area.md): its routes, its part of the catalog,
 * its slices of the product page and the migrations it adds. The app, the migrator, the catalog
 * schema and importer, and the page assembler read them from the list in areas.ts.
 */
export type ServerArea = {
  readonly name: string;
  readonly routes?: readonly AreaRoutes[];
  readonly catalog?: AnyCatalogPart;
  readonly pageSlices?: Readonly<Record<string, ProductPageSlice>>;
  /** Migrations the area adds, named to sort after every migration already written (areas.ts). */
  readonly migrations?: Readonly<Record<string, Migration>>;
  /** Called by place-order inside the order's transaction, for every area that has it, in list order. */
  readonly orderPlaced?: OrderPlacedHook;
  /** Choices the area offers at checkout for the cart's lines (shown on the checkout page). */
  readonly checkoutOptions?: CheckoutOptionsHook;
  /** Lines the area adds to an order's confirmation page (e.g. where registry gifts ship). */
  readonly confirmationNotes?: ConfirmationNotesHook;
};

type PageFrameKey =
  | 'page'
  | 'csrfToken'
  | 'marketplaceId'
  | 'language'
  | 'shopper'
  | 'refTag'
  | 'initialQuantity'
  | 'quantityAdjustment'
  | 'purchaseProblem'
  | 'deferred'
  | 'product';

/** Keys of the page contract (shared/contracts/pages/product-page.ts) that areas' slices fill. */
export type PageSliceKey = Exclude<keyof ProductPageData, PageFrameKey>;
export type ProductSliceKey = Exclude<keyof ProductPageData['product'], keyof ProductDetailsSlice>;

/**
 * Slices filling keys of the page contract: a slice's value has its key's type there, and sits where
 * the key is (`at`). An area's `pageSlices` satisfy this.
 */
export type ContractPageSlices = {
  [Key in PageSliceKey]?: ProductPageSlice<ProductPageData[Key]> & { at: 'page' };
} & {
  [Key in ProductSliceKey]?: ProductPageSlice<ProductPageData['product'][Key]> & { at: 'product' };
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The product page's slices, from the app's areas (buildApp). */
    productPageSlices: ProductPageSlices;
  }
}
