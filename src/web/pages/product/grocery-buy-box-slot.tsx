import { Suspense } from 'react';
import type { GroceryView } from '../../../shared/contracts/grocery';
import type { ProductPageData } from '../../../shared/contracts/pages/product-page';
import { serverReadyLazy } from '../../ui/server-ready-lazy';

// Only grocery pages need the grocery buy box, so it stays out of every page's first load. The server
// renders it in full and the browser loads it before hydrating (entry-client.tsx), as the deal box.
const groceryBuyBox = serverReadyLazy(() =>
  import('../../features/grocery/grocery-buy-box').then((m) => m.GroceryBuyBox),
);

/** Loads the grocery buy box's chunk. */
export const loadGroceryBuyBox = groceryBuyBox.load;
const LazyGroceryBuyBox = groceryBuyBox.Component;

/** The grocery buy box in place of the regular one, for a product grocery stores sell. */
export function GroceryBuyBoxSlot({
  data,
  grocery,
  offer,
  onCartCount,
}: {
  data: ProductPageData;
  grocery: GroceryView;
  offer: NonNullable<ProductPageData['product']['offer']>;
  onCartCount: (count: number) => void;
}) {
  return (
    <Suspense fallback={<aside className="buy-box grocery-box" aria-label="Buy box" aria-busy="true" />}>
      <LazyGroceryBuyBox data={data} grocery={grocery} offer={offer} onCartCount={onCartCount} />
    </Suspense>
  );
}
