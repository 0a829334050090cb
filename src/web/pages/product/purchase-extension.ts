import type { ReactNode } from 'react';
import type { CartApiItem } from '../../../shared/contracts/cart';
import type { ProductPageData } from '../../../shared/contracts/pages/product-page';

/** What the purchase column gives every extension: the page and where the cart count goes. */
export type PurchaseColumn = {
  data: ProductPageData;
  onCartCount: (count: number) => void;
};

/** An extension's part in the buy box form for one page view: what its hook returns. */
export type PurchaseExtensionParts = {
  /**
   * Rendered inside the buy box form above its buttons, given the page quantity (null until one is
   * chosen) and how many items the extensions before it add (its form fields are numbered after them).
   */
  inForm?: (form: { pageQuantity: number | null; itemsBefore: number }) => ReactNode;
  /** Rendered after the purchase box, outside its form (an interstitial). */
  beside?: ReactNode;
  /** The items it adds to the buy box request after the page item, at the page quantity. */
  items: (pageQuantity: number) => CartApiItem[];
  /** A press on a purchase button (its id): true when the extension holds it back, to replay it later. */
  intercept: (buttonId: string, replay: () => void) => boolean;
};

/**
 * One entry of the purchase column (`purchase-extensions.ts`): something the buy box carries on the
 * pages that show it (accessories, add-on services; later trade-in, the wish-list button).
 */
export type PurchaseExtension = {
  /** Its name in the column (a React key). */
  name: string;
  /** Whether a page shows it: read once, when the column first renders. */
  shown: (data: ProductPageData) => boolean;
  /**
   * Its state for the page view: a hook, called on every render of the column, in the list's order,
   * for the extensions the page shows.
   */
  useParts: (column: PurchaseColumn) => PurchaseExtensionParts;
};
