import { VAS_WIDGETS } from '../../../shared/add-on-services-widgets';
import type { ProductPageData } from '../../../shared/contracts/pages/product-page';
import { loadAddOnServices } from '../../features/add-on-services/add-on-services-slot';
import { loadInviteRequest } from '../../features/buy-box/invite-request-slot';
import { loadQuantityNote } from '../../features/buy-box/quantity-note-slot';
import { loadAddToListButton } from '../../features/lists/add-to-list-slot';
import { loadRecycleAndSaveLaunch } from '../../features/recycle-and-save/recycle-and-save-slot';
import { loadRegistryButton } from '../../features/registries/registry-button-slot';
import { loadTradeInBox } from '../../features/trade-in/trade-in-slot';
import { loadBusinessBuying } from './business-buying-slot';
import { loadDealBuyBox } from './deal-buy-box-slot';
import { loadGroceryBuyBox } from './grocery-buy-box-slot';

/**
 * A part of the product page that only some pages show, rendered in full by the server: its code is a
 * chunk of its own, in before the browser hydrates a page that shows it, and its styles are inlined in
 * that page's document only (src/server/render/inline-styles.ts).
 */
export type PagePart = {
  name: string;
  /** Whether a product page shows the part (renders it, or fetches it after first paint). */
  shown: (data: ProductPageData) => boolean;
  /**
   * Loads its code: what this page's server markup shows (null: nothing to wait for), or, without a
   * page, all of it (the server, once before it renders).
   */
  load: (data?: ProductPageData) => Promise<unknown> | null;
  /** Its stylesheets, by source path, inlined after the page's own in a page that shows it. */
  styles: readonly string[];
  /**
   * A part that sits in the purchase column only: its code comes with the column's (which hydrates
   * after the rest of the page, decision 0035) instead of holding the whole page's hydration back.
   */
  inColumn?: boolean;
};

/**
 * Whether a product page shows add-on services: in the page data, or (the server left the slice out)
 * fetched by the widget itself. Its styles and code here, its rows in the buy box (purchase extension).
 */
export const showsAddOnServices = (data: ProductPageData): boolean =>
  !!data.product.addOnServices || data.deferred.includes('addOnServices');

/** Whether a product page shows the recycle-and-save launch: its styles and code here, its place in the column (purchase extension). */
export const showsRecycleAndSave = (data: ProductPageData): boolean => !!data.product.recycleAndSave;

/** Whether a product page shows the trade-in box (TI-002): its styles and code here, its place in the column. */
export const showsTradeIn = (data: ProductPageData): boolean => !!data.product.tradeIn;
/** Whether a product page shows "Add to registry" (a signed-in shopper with registries). */
export const showsRegistryButton = (data: ProductPageData): boolean => !!data.registries;
/**
 * Whether a product page shows the add-to-list button (LIST-002): in the purchase column of every page,
 * the business box's included (decision 0061); a grocery product's page has no column.
 */
export const showsAddToList = (data: ProductPageData): boolean => !data.grocery;

/** Every page's styles, in cascade order: the layout, the shared widgets, the product page. */
export const PAGE_STYLES: readonly string[] = [
  'src/web/layout/base.css',
  'src/web/ui/ui.css',
  'src/web/pages/product/product-page.css',
  'src/web/features/buy-box/buy-box.css',
  'src/web/features/product-details/product-details.css',
  'src/web/features/delivery-location/delivery-location.css',
  'src/web/features/accessory-upsells/accessory-upsells.css',
];

/** The product page's parts, their styles in this order after `PAGE_STYLES`. A new area adds its own here. */
export const PAGE_PARTS = [
  {
    name: 'addOnServices',
    shown: showsAddOnServices,
    load: (data) => {
      if (!data) return loadAddOnServices(VAS_WIDGETS);
      const view = data.product.addOnServices;
      return view ? loadAddOnServices([view.widget]) : null;
    },
    styles: ['src/web/features/add-on-services/add-on-services.css'],
  },
  {
    // The deal buy box on a lightning deal's page (DEAL-001).
    name: 'deal',
    shown: (data) => !!data.deal,
    load: loadDealBuyBox,
    styles: ['src/web/features/deal-buy-box/deal-buy-box.css'],
  },
  {
    // The grocery buy box on a grocery product's page.
    name: 'grocery',
    shown: (data) => !!data.grocery,
    load: loadGroceryBuyBox,
    styles: ['src/web/ui/quantity/quantity.css', 'src/web/features/grocery/grocery.css'],
  },
  {
    // Business buying: a business customer's business product only.
    name: 'business',
    shown: (data) => !!data.business,
    load: loadBusinessBuying,
    styles: ['src/web/features/business-buying/business-buying.css'],
  },
  {
    // The invite request on a high-demand product's page (BB-033).
    name: 'inviteRequest',
    shown: (data) => !!data.product.features.highDemand,
    load: loadInviteRequest,
    styles: [],
  },
  {
    // The quantity note or tip on a page whose link set the quantity (BB-008).
    name: 'quantityNote',
    shown: (data) => data.initialQuantity !== null,
    load: loadQuantityNote,
    styles: [],
  },
  {
    // Recycle-and-save (RS-001): its launch sits in the purchase column (a purchase extension), its
    // code in a chunk of its own; its dialog is another, loaded on a press.
    name: 'recycleAndSave',
    shown: showsRecycleAndSave,
    load: loadRecycleAndSaveLaunch,
    inColumn: true,
    styles: ['src/web/features/recycle-and-save/recycle-and-save.css'],
  },
  {
    // Trade-in (TI-002): its box sits in the purchase column (a purchase extension), its code in a chunk
    // of its own; the flow (views, modal, sheets) is another, loaded on the first launch.
    name: 'tradeIn',
    shown: showsTradeIn,
    load: loadTradeInBox,
    inColumn: true,
    styles: ['src/web/features/trade-in/trade-in.css'],
  },
  {
    // Lists (LIST-002): the add-to-list button sits in the purchase column (a purchase extension),
    // its code a chunk of its own that comes with the column; its dropdown and create-list sheet load
    // on the first press (decision 0061).
    name: 'lists',
    shown: showsAddToList,
    load: loadAddToListButton,
    inColumn: true,
    styles: ['src/web/features/lists/lists.css'],
  },
  {
    // "Add to registry" (REG-001): a signed-in shopper with registries only; its button in the column,
    // its code a chunk of its own, its dropdown, modals and panel another, loaded on a press.
    name: 'registries',
    shown: showsRegistryButton,
    load: loadRegistryButton,
    inColumn: true,
    styles: ['src/web/features/registries/registries.css'],
  },
] as const satisfies readonly PagePart[];

/** The name of one of the product page's parts. */
export type PagePartName = (typeof PAGE_PARTS)[number]['name'];

/** The parts a product page shows, in the list's order. */
export function partsShown<P extends PagePart>(data: ProductPageData, parts: readonly P[]): P[] {
  return parts.filter((part) => part.shown(data));
}

/**
 * Loads the code of the parts a product page shows in its server markup (the browser, before
 * hydrating): those outside the purchase column, or (`inColumn`) those in it, which come with it.
 */
export function loadPartsShown(
  data: ProductPageData,
  parts: readonly PagePart[] = PAGE_PARTS,
  { inColumn = false }: { inColumn?: boolean } = {},
): Promise<unknown>[] {
  return partsShown(data, parts)
    .filter((part) => (part.inColumn ?? false) === inColumn)
    .map((part) => part.load(data))
    .filter((loading) => loading !== null);
}

/** Loads every part's code in full (the server, once before it renders). */
export function loadEveryPart(parts: readonly PagePart[] = PAGE_PARTS): Promise<unknown[]> {
  return Promise.all(parts.map((part) => part.load()));
}
