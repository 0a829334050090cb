import { lazy, type ReactNode, Suspense } from 'react';
import type { ProductPageData } from '../../../shared/contracts/pages/product-page';

type BusinessBuyingModule = typeof import('../../features/business-buying/business-buying');

let loaded: BusinessBuyingModule | null = null;

/** Loads business buying's chunk (only a business customer's business product needs it: first-load JS stays the same). */
export async function loadBusinessBuying(): Promise<BusinessBuyingModule> {
  loaded ??= await import('../../features/business-buying/business-buying');
  return loaded;
}

// Once the chunk is in, lazy() gets it synchronously (the server loads it before rendering, so the
// business box is in the server's HTML; the browser keeps that markup until its chunk arrives).
const LazyBusinessBuying = lazy(() => {
  const module = loaded;
  if (module) {
    return {
      // biome-ignore lint/suspicious/noThenProperty: a thenable that resolves at once is what lets lazy() render synchronously.
      then: (resolve: (m: { default: BusinessBuyingModule['BusinessBuying'] }) => void) =>
        resolve({ default: module.BusinessBuying }),
    } as Promise<{ default: BusinessBuyingModule['BusinessBuying'] }>;
  }
  return loadBusinessBuying().then((m) => ({ default: m.BusinessBuying }));
});

/** Where the product page puts business buying: in place of the regular buy box for a business customer. */
export function BusinessBuyingSlot({
  data,
  onCartCount,
  children,
}: {
  data: ProductPageData;
  onCartCount: (count: number) => void;
  children: ReactNode;
}) {
  if (!data.business) return children;
  return (
    <Suspense fallback={null}>
      <LazyBusinessBuying data={data} view={data.business} onCartCount={onCartCount} />
    </Suspense>
  );
}
