// The product page's widgets below the fold: one chunk, loaded as their row nears the viewport
// (product-page.tsx). None can fail the page: each has its own error boundary.
import './below-the-fold.css';
import type { ProductPageData } from '../../../shared/contracts/pages/product-page';
import { BundlesIngress } from '../../features/bundles/bundles-ingress.client';
import { SmartHomeBadge } from '../../features/smart-home/smart-home-badge.client';
import { SponsoredCarousel } from '../../features/sponsored-products/sponsored-carousel.client';
import { QuietBoundary } from '../../ui/quiet-boundary';

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
        <SmartHomeBadge
          marketplaceId={marketplaceId}
          asin={asin}
          language={language}
          onCartCount={onCartCount}
        />
      </QuietBoundary>
      <QuietBoundary name="bundles">
        <BundlesIngress marketplaceId={marketplaceId} asin={asin} onCartCount={onCartCount} />
      </QuietBoundary>
      <QuietBoundary name="sponsored products">
        <SponsoredCarousel marketplaceId={marketplaceId} asin={asin} />
      </QuietBoundary>
    </div>
  );
}
