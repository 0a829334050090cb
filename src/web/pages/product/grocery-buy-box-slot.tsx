import { lazy, Suspense } from 'react';
import type { GroceryView } from '../../../shared/contracts/grocery';
import type { ProductPageData } from '../../../shared/contracts/pages/product-page';

type GroceryBuyBoxModule = typeof import('../../features/grocery/grocery-buy-box');

let loaded: GroceryBuyBoxModule | null = null;

/** Loads the grocery buy box's chunk: only grocery pages need it, so it stays out of every page's first load. */
export async function loadGroceryBuyBox(): Promise<GroceryBuyBoxModule> {
  loaded ??= await import('../../features/grocery/grocery-buy-box');
  return loaded;
}

// As the deal box (deal-buy-box-slot.tsx): once the chunk is in, lazy() gets it synchronously, so the
// server renders the box in full and hydration keeps its markup until the chunk arrives.
const LazyGroceryBuyBox = lazy(() => {
  const module = loaded;
  if (module) {
    return {
      // biome-ignore lint/suspicious/noThenProperty: a thenable that resolves at once lets lazy() render synchronously.
      then: (resolve: (m: { default: GroceryBuyBoxModule['GroceryBuyBox'] }) => void) =>
        resolve({ default: module.GroceryBuyBox }),
    } as Promise<{ default: GroceryBuyBoxModule['GroceryBuyBox'] }>;
  }
  return loadGroceryBuyBox().then((m) => ({ default: m.GroceryBuyBox }));
});

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
