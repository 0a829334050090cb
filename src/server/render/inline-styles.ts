import type { PageData } from '../../shared/contracts/pages/page-data';
import { PAGE_PARTS, PAGE_STYLES, type PagePartName, partsShown } from '../../web/pages/product/page-parts';

// The stylesheets the server inlines in the documents, in cascade order, from the product page's list
// of parts. They are not imported by any script: the client build emits each as an asset of its own
// (vite.config.ts), so no chunk loaded later adds them again as a <link> after the inline ones
// (decision 0029).

/** Every page's styles: the layout, the shared widgets, and the product page with its features. */
export const SHARED_STYLES: readonly string[] = PAGE_STYLES;

/** A product page part (its name in page-parts.ts). */
export type ProductPart = PagePartName;

const PARTS_WITH_STYLES = PAGE_PARTS.filter((part) => part.styles.length > 0);

/**
 * The styles of the parts only some product pages show, inlined after the shared ones only in a page
 * that shows the part (a product page without a deal does not carry the deal box's styles before its
 * first paint). Pages other than the product page get them all (the service page uses `.seller-rating`).
 */
export const PRODUCT_PART_STYLES = Object.fromEntries(
  PAGE_PARTS.map((part): [ProductPart, readonly string[]] => [part.name, part.styles]),
) as Readonly<Record<ProductPart, readonly string[]>>;
export const PRODUCT_PARTS: readonly ProductPart[] = PARTS_WITH_STYLES.map((part) => part.name);

/** Which of those parts a page shows (every one, for a page other than the product page). */
export function productPartsShown(data: PageData): readonly ProductPart[] {
  if (data.page !== 'product') return PRODUCT_PARTS;
  return partsShown(data, PARTS_WITH_STYLES).map((part) => part.name);
}
