import { type ComponentProps, type ReactNode, Suspense } from 'react';
import type { ProductPageData } from '../../../shared/contracts/pages/product-page';
import { serverReadyLazy } from '../../ui/server-ready-lazy';

type DealBuyBoxProps = ComponentProps<
  typeof import('../../features/deal-buy-box/deal-buy-box')['DealBuyBox']
>;

// Only deal pages need the deal buy box, so it stays out of the first-load JS; reading its protection
// plan offer is deal code too and comes with it.
const dealBuyBox = serverReadyLazy(() =>
  Promise.all([
    import('../../features/deal-buy-box/deal-buy-box'),
    import('../../../domain/deals/deals-upsell'),
  ]).then(
    ([{ DealBuyBox }, { readWarrantyOffer }]) =>
      function DealBuyBoxWithWarranty({
        warrantyOffer,
        ...props
      }: Omit<DealBuyBoxProps, 'warranty'> & { warrantyOffer: unknown }) {
        return <DealBuyBox warranty={readWarrantyOffer(warrantyOffer)} {...props} />;
      },
  ),
);

/** Loads the deal buy box's chunk (the server calls it once before rendering pages). */
export const loadDealBuyBox = dealBuyBox.load;
const LazyDealBuyBox = dealBuyBox.Component;

/**
 * Where the product page puts the deal buy box (DEAL-001): around the regular buy box when there is a
 * lightning deal, else just the regular buy box. The browser loads its chunk before hydrating.
 */
export function DealBuyBoxSlot({
  data,
  onCartCount,
  onClaimed,
  onDealState,
  children,
}: {
  data: ProductPageData;
  onCartCount: (count: number) => void;
  onClaimed?: () => void;
  onDealState?: DealBuyBoxProps['onDealState'];
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
        warrantyOffer={deal.warrantyOffer}
        sessionId={data.shopper.sessionId}
        regularPrice={data.product.offer?.price.displayString ?? null}
        signedIn={data.shopper.signedIn}
        onCartCount={onCartCount}
        {...(onClaimed ? { onClaimed } : {})}
        {...(onDealState ? { onDealState } : {})}
      >
        {children}
      </LazyDealBuyBox>
    </Suspense>
  );
}
