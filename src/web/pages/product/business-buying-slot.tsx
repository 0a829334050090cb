import { type ComponentProps, type ReactNode, Suspense } from 'react';
import type { ProductPageData } from '../../../shared/contracts/pages/product-page';
import { serverReadyLazy } from '../../ui/server-ready-lazy';

type BusinessBuyingProps = ComponentProps<
  typeof import('../../features/business-buying/business-buying')['BusinessBuying']
>;

// Only a business customer's business product needs business buying, so it stays out of the
// first-load script: a page part (page-parts.ts), ready on the server and loaded before hydrating.
const businessBuying = serverReadyLazy<BusinessBuyingProps>(() =>
  import('../../features/business-buying/business-buying').then((m) => m.BusinessBuying),
);

/** Loads business buying's chunk. */
export const loadBusinessBuying = businessBuying.load;
const LazyBusinessBuying = businessBuying.Component;

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
