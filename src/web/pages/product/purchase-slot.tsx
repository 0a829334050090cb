import type { ProductPageData } from '../../../shared/contracts/pages/product-page';
import { hydratesLater } from '../../ui/hydrates-later';
import { loadPartsShown, PAGE_PARTS } from './page-parts';

// The regular buy box with its accessories and add-on services is the largest part of the product
// page's script: its own chunk, so the page's first load carries React and the rest of the page only
// (decision 0035). The server renders it in full; the browser hydrates it once it is in.
// The parts inside the column that this page shows (page-parts.ts, `inColumn`) come with its chunk.
let columnParts: Promise<unknown>[] = [];
const purchasePart = hydratesLater('purchase', () =>
  Promise.all([import('./purchase-part'), ...columnParts]).then(([{ PurchasePart }]) => PurchasePart),
);

/**
 * Where the product page puts its purchase column under "Deliver to" (`purchase-part.tsx`). Memoised:
 * its props (the page data and the cart count's setter) never change, so the page's own updates
 * (deferred slices, the cart count) never reach it before its code has arrived.
 */
export const PurchaseSlot = purchasePart.Slot;

/**
 * Loads the part's chunk, with the code of the parts in it this page shows: the server once before
 * rendering (it loads every part itself); a page that waits for it before hydrating.
 */
export function loadPurchasePart(data?: ProductPageData) {
  if (data) columnParts = loadPartsShown(data, PAGE_PARTS, { inColumn: true });
  return purchasePart.load();
}

/**
 * Requests the part's chunk (with its parts' code) and lets the page hydrate without it; a press on
 * the buy box meanwhile is held and replayed once the part has hydrated, and the document is marked
 * hydrated only then.
 */
export function startPurchasePart(data: ProductPageData) {
  columnParts = loadPartsShown(data, PAGE_PARTS, { inColumn: true });
  purchasePart.start({ holdSubmitsWithin: '.product__purchase .buy-box' });
}

/**
 * Whether a product page has the purchase column (as `product-page.tsx` renders it): an offer or a deal
 * to buy, and no grocery box in its place.
 */
export const showsPurchaseColumn = (data: ProductPageData): boolean =>
  (!!data.product.offer || !!data.deal) && !(data.grocery && data.product.offer);
