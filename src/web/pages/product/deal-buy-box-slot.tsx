import { lazy, type ReactNode, Suspense } from 'react';
import { readWarrantyOffer } from '../../../domain/deals/deals-upsell';
import type { ProductPageData } from '../../../shared/contracts/pages/product-page';

type DealBuyBoxModule = typeof import('../../features/deal-buy-box/deal-buy-box');

let loaded: DealBuyBoxModule | null = null;

/** Loads the deal buy box's chunk (only deal pages need it, so it stays out of the first-load JS). */
export async function loadDealBuyBox(): Promise<DealBuyBoxModule> {
  loaded ??= await import('../../features/deal-buy-box/deal-buy-box');
  return loaded;
}

// Once the chunk is in, lazy() gets it synchronously: the server (which loads it before rendering)
// renders the box in full, and a client that already has it does not suspend.
const LazyDealBuyBox = lazy(() => {
  const module = loaded;
  if (module) {
    return {
      // biome-ignore lint/suspicious/noThenProperty: a thenable that resolves at once is what lets lazy() render synchronously.
      then: (resolve: (m: { default: DealBuyBoxModule['DealBuyBox'] }) => void) =>
        resolve({ default: module.DealBuyBox }),
    } as Promise<{ default: DealBuyBoxModule['DealBuyBox'] }>;
  }
  return loadDealBuyBox().then((m) => ({ default: m.DealBuyBox }));
});

/**
 * Where the product page puts the deal buy box (DEAL-001): around the regular buy box when there is a
 * lightning deal, else just the regular buy box. While the chunk loads, the server's markup stays.
 */
export function DealBuyBoxSlot({
  data,
  onCartCount,
  onClaimed,
  children,
}: {
  data: ProductPageData;
  onCartCount: (count: number) => void;
  onClaimed?: () => void;
  children: ReactNode;
}) {
  const { deal } = data;
  if (!deal) return children;
  // Without a regular offer the deal is a single-offer box; with one, the first row of an accordion.
  return (
    <Suspense fallback={children}>
      <LazyDealBuyBox
        setup={deal}
        // The protection plan comes with the deal setup data when the server offers one.
        warranty={readWarrantyOffer(deal.warrantyOffer)}
        sessionId={data.shopper.sessionId}
        regularPrice={data.product.offer?.price.displayString ?? null}
        signedIn={data.shopper.signedIn}
        onCartCount={onCartCount}
        {...(onClaimed ? { onClaimed } : {})}
      >
        {children}
      </LazyDealBuyBox>
    </Suspense>
  );
}
