import { lazy, Suspense, useState } from 'react';
import type { BusinessBuyingView } from '../../../shared/contracts/business';
import type { ProductPageData } from '../../../shared/contracts/pages/product-page';
import { useIsClient } from '../../ui/use-is-client';
import { BusinessBox } from './business-box';
import { useBusinessQuantity } from './use-business-quantity';

// The all-offers overlay is its own chunk: it loads when the shopper opens it (or the address asks, OFR-002).
const OffersOverlay = lazy(() => import('./offers-overlay').then((m) => ({ default: m.OffersOverlay })));

/**
 * Business buying on the product page (BIZ-001..062, OFR-001..015): one box per buying option kind
 * the product has (the default first), sharing one quantity, and the all-offers overlay. Shown to
 * business customers only; the server sends no business data to anyone else.
 */
export function BusinessBuying({
  data,
  view,
  onCartCount,
}: {
  data: ProductPageData;
  view: BusinessBuyingView;
  onCartCount: (count: number) => void;
}) {
  const page = {
    marketplaceId: data.marketplaceId,
    asin: data.product.asin,
    language: data.language,
    currency: view.currencyCode,
    csrfToken: data.csrfToken,
    refTag: data.refTag,
    sessionId: data.shopper.sessionId,
  };
  const quantity = useBusinessQuantity(view, page);
  const [overlay, setOverlay] = useState(view.showOverlay);
  const offersLink = view.boxes[0]?.settings.offersLinkEnabled === true && view.offerCount > 1;
  const openOffers = () => setOverlay(true);
  // The overlay is the browser's (its chunk loads on demand); the server renders none, even for ?aod=1.
  const isClient = useIsClient();

  return (
    <aside className="buy-box business-buying" aria-label="Business buy box">
      {view.boxes.map((box) => {
        const kind = box.settings.buyingOptionStereotype;
        return (
          <BusinessBox
            key={kind}
            box={box}
            view={view}
            page={page}
            quantity={quantity.quantity}
            quote={quantity.quoteOf(kind)}
            draft={quantity.draftOf(kind)}
            typed={quantity.typedOf(kind)}
            checking={quantity.checking}
            onDraft={(q) => quantity.draft(kind, q)}
            onResolve={(q) => quantity.quoteFor(kind, q)}
            onCommit={(q) => quantity.commit(kind, q)}
            onOpenOffers={openOffers}
            onCartCount={onCartCount}
          />
        );
      })}
      {offersLink ? (
        <p className="business-buying__offers">
          <button type="button" className="link-button" aria-haspopup="dialog" onClick={openOffers}>
            See all {view.offerCount} offers
          </button>
        </p>
      ) : null}
      {overlay && isClient ? (
        <Suspense fallback={null}>
          <OffersOverlay
            page={{ ...page, mobile: view.device !== 'desktop' }}
            onClose={() => setOverlay(false)}
            onCartCount={onCartCount}
          />
        </Suspense>
      ) : null}
    </aside>
  );
}
