// The page's styles are inline in the document (src/web/pages/product/page-parts.ts), not imported here.
import { type ReactNode, startTransition, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { PageData } from '../shared/contracts/pages/page-data';
import { PAGE_DATA_ELEMENT_ID } from '../shared/page-data-element';
import { markPageDataRead } from './api/page-served-at';
import { loadPartsShown } from './pages/product/page-parts';
import { ProductPage } from './pages/product/product-page';
import { loadPurchasePart, showsPurchaseColumn, startPurchasePart } from './pages/product/purchase-slot';
import { markRootHydrated } from './ui/hydrates-later';

/**
 * Marks the document once the page has hydrated (`<html data-hydrated="true">`), the parts hydrating
 * after the root included: from then on every control answers through its script. Browser tests wait
 * for it before they press anything.
 */
function MarkHydrated({ children }: { children: ReactNode }) {
  useEffect(markRootHydrated, []);
  return children;
}

/**
 * The page bench reads this mark: the scripts fetched by then are what the page needed to hydrate. A
 * product page marks it before asking for a column it does not wait for (decision 0035).
 */
const markHydrating = () => performance.mark('pdp:hydrate');

async function hydrate() {
  const script = document.getElementById(PAGE_DATA_ELEMENT_ID);
  const root = document.getElementById('root');
  if (!script?.textContent || !root) return;
  markPageDataRead();
  const data = JSON.parse(script.textContent) as PageData;
  // Another page's chunk is in before hydrating (the document preloads it and the loaders' own small
  // chunk), so nothing suspends or flashes. The loaders and the app's switch of pages are not in the
  // entry: the product page, the one page it hydrates itself, needs neither.
  let page: ReactNode;
  if (data.page !== 'product') {
    const { loadApp } = await import('./pages/page-chunks');
    const App = await loadApp(data.page);
    markHydrating();
    page = <App data={data} />;
  } else {
    // The server renders these lazily loaded parts in full, so their chunks are in before hydrating: a
    // boundary still waiting for its code when the page first updates (a deferred slice, the cart count)
    // would drop the server's markup for its fallback, and a press there would reach the wrong form.
    const firstParts = loadPartsShown(data);
    // The purchase column (the buy box and its accessories) hydrates after the rest of the page: its
    // chunk is requested now, and its server markup stays as it is until the chunk is in (decision
    // 0035). A page that waits for one of the parts above (they sit inside that column) waits for it too,
    // in the same round trip, and hydrates whole, as before.
    const column = showsPurchaseColumn(data);
    if (firstParts.length > 0)
      await Promise.all([...firstParts, ...(column ? [loadPurchasePart(data)] : [])]);
    markHydrating();
    if (column && firstParts.length === 0) startPurchasePart(data);
    // What <App> renders for a product page (the server renders <App>; the markup is the same).
    page = <ProductPage data={data} />;
  }
  // Hydrating as a transition lets React yield to the browser every few milliseconds instead of holding
  // the main thread for the whole tree (total blocking time, and the first paint is not kept
  // waiting). A press that comes meanwhile makes React finish hydrating at once and then handles it.
  startTransition(() => {
    hydrateRoot(root, <MarkHydrated>{page}</MarkHydrated>);
  });
}

void hydrate();
