import type { PageData } from '../../shared/contracts/pages/page-data';
import type { ProductPageData } from '../../shared/contracts/pages/product-page';
import STYLES from './product-part-styles.json';

/**
 * The stylesheets of the parts only some product pages show. Each is an asset of its own in the client
 * build (vite.config.ts reads the same JSON), so the server inlines it only in a page that shows the
 * part (issue 11: a product page without a deal does not carry the deal box's styles before its first
 * paint). Pages other than the product page get them all, as before.
 */
export const PRODUCT_PART_STYLES: Readonly<Record<ProductPart, readonly string[]>> = STYLES;

export type ProductPart = keyof typeof STYLES;
export const PRODUCT_PARTS = Object.keys(STYLES) as ProductPart[];

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
