// The product page's deferred widgets below the fold, loaded after first paint: each is a chunk of
// its own and none can fail the page (a widget that does not load is left out).
import './below-the-fold.css';
import { lazy, Suspense } from 'react';
import type { ProductPageData } from '../../../shared/contracts/pages/product-page';
import { QuietBoundary } from '../../ui/quiet-boundary';

const BundlesIngress = lazy(() =>
  import('../../features/bundles/bundles-ingress.client').then((m) => ({ default: m.BundlesIngress })),
);

const SmartHomeBadge = lazy(() =>
  import('../../features/smart-home/smart-home-badge.client').then((m) => ({ default: m.SmartHomeBadge })),
);

const SponsoredCarousel = lazy(() =>
  import('../../features/sponsored-products/sponsored-carousel.client').then((m) => ({
    default: m.SponsoredCarousel,
  })),
);

export default function BelowTheFold({
  data,
  onCartCount,
}: {
  data: ProductPageData;
  onCartCount: (count: number) => void;
}) {
  const { marketplaceId, language } = data;
  const { asin } = data.product;
  return (
    <div className="product__below-fold">
      <QuietBoundary name="smart-home badge">
        <Suspense fallback={null}>
          <SmartHomeBadge
            marketplaceId={marketplaceId}
            asin={asin}
            language={language}
            onCartCount={onCartCount}
          />
        </Suspense>
      </QuietBoundary>
      <QuietBoundary name="bundles">
        <Suspense fallback={null}>
          <BundlesIngress marketplaceId={marketplaceId} asin={asin} onCartCount={onCartCount} />
        </Suspense>
      </QuietBoundary>
      <QuietBoundary name="sponsored products">
        <Suspense fallback={null}>
          <SponsoredCarousel marketplaceId={marketplaceId} asin={asin} />
        </Suspense>
      </QuietBoundary>
    </div>
  );
}
