import type { PageData } from '../../shared/contracts/pages/page-data';
import type { ProductPageData } from '../../shared/contracts/pages/product-page';
import STYLES from './inline-styles.json';

// The stylesheets the server inlines in the documents, in cascade order. They are not imported by any
// script: the client build emits each as an asset of its own (vite.config.ts reads the same JSON), so no
// chunk loaded later adds them again as a <link> after the inline ones (decision 0029).

/** Every page's styles: the layout, the shared widgets, and the product page with its features. */
export const SHARED_STYLES: readonly string[] = STYLES.shared;

export type ProductPart = keyof typeof STYLES.productParts;

/**
 * The styles of the parts only some product pages show, inlined after the shared ones only in a page
 * that shows the part (a product page without a deal does not carry the deal box's styles before its
 * first paint). Pages other than the product page get them all (the service page uses `.seller-rating`).
 */
export const PRODUCT_PART_STYLES: Readonly<Record<ProductPart, readonly string[]>> = STYLES.productParts;
export const PRODUCT_PARTS = Object.keys(STYLES.productParts) as ProductPart[];

/** Whether a product page shows the part: the same page data that makes it render (or fetch) it. */
const SHOWN: Record<ProductPart, (data: ProductPageData) => boolean> = {
  // The widget fetches its slice itself when the server left it out of the page data.
  addOnServices: (data) => !!data.product.addOnServices || data.deferred.includes('addOnServices'),
  deal: (data) => !!data.deal,
  grocery: (data) => !!data.grocery,
  business: (data) => !!data.business,
};

/** Which of those parts a page shows (every one, for a page other than the product page). */
export function productPartsShown(data: PageData): readonly ProductPart[] {
  if (data.page !== 'product') return PRODUCT_PARTS;
  return PRODUCT_PARTS.filter((part) => SHOWN[part](data));
}
