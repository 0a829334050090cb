import { useEffect, useRef, useState } from 'react';
import {
  finishOfferAdd,
  type OfferAdds,
  offerAddSucceeded,
  startOfferAdd,
} from '../../../domain/business/picker';
import { BUSINESS_METRICS } from '../../../shared/business-constants';
import type { OfferListingEntry } from '../../../shared/contracts/business';
import { addOfferToCart, fetchOffers } from '../../api/business-api';
import { sendMetricEvents } from '../../api/metrics-client';
import { BottomSheet } from '../../ui/bottom-sheet';
import { SideSheet } from '../../ui/side-sheet';
import { Spinner } from '../../ui/spinner';

const TYPE_LABELS: Record<string, string> = {
  NEW: 'New',
  B2B_NEW: 'New · Business price',
  CUSTOM_OFFER: 'Custom offer · Business price',
  B2B_RD: 'Renewed · Business price',
};

type OverlayPage = { marketplaceId: string; asin: string; language: string; mobile: boolean };

/**
 * The all-offers overlay (OFR-001..015): every offer the shopper may buy, each with its own add to
 * cart. One add is in flight at a time; a press meanwhile is ignored and counted as cancelled. On a
 * desktop each offer's features open in a side sheet over the overlay (OFR-003).
 */
export function OffersOverlay({
  page,
  onClose,
  onCartCount,
}: {
  page: OverlayPage;
  onClose: () => void;
  onCartCount: (count: number) => void;
}) {
  const [listing, setListing] = useState<
    { title: string; offers: OfferListingEntry[] } | 'loading' | 'failed'
  >('loading');
  const [adds, setAdds] = useState<OfferAdds>({ inFlight: null, results: {} });
  const inFlight = useRef<string | null>(null);
  const [features, setFeatures] = useState<OfferListingEntry | null>(null);
  const producer = `offers-overlay:${page.asin}`;

  useEffect(() => {
    let live = true;
    void fetchOffers(page.marketplaceId, page.asin, page.language).then((result) => {
      if (!live) return;
      const { entity } = result.ok ? result.answer : { entity: null };
      setListing(entity ? { title: entity.title, offers: entity.offers } : 'failed');
    });
    return () => {
      live = false;
    };
  }, [page.marketplaceId, page.asin, page.language]);

  const add = async (offer: OfferListingEntry) => {
    // OFR-006 / OFR-015: a press while another add is in flight is ignored and counted as cancelled.
    const started = startOfferAdd({ ...adds, inFlight: inFlight.current }, offer.oid);
    if (!started.accepted) {
      sendMetricEvents([
        { schemaId: BUSINESS_METRICS.offerAddCancelled, producerId: producer, data: { oid: offer.oid } },
      ]);
      return;
    }
    inFlight.current = offer.oid;
    setAdds(started.state);
    const result = await addOfferToCart(offer, {
      marketplaceId: page.marketplaceId,
      language: page.language,
    });
    inFlight.current = null;
    // OFR-013: a refused add (422) still tells the cart's count.
    const count = result.ok
      ? result.answer.entity.count.entity.items
      : result.refusal?.entity?.count.entity.items;
    if (count !== undefined) onCartCount(count);
    const added = result.ok && offerAddSucceeded(result.answer.entity.items);
    if (!added && result.status !== 422) {
      // OFR-014: any other failure, or a success with quantity 0, is counted.
      sendMetricEvents([
        {
          schemaId: BUSINESS_METRICS.offerAddFailure,
          producerId: producer,
          data: { oid: offer.oid, status: result.status, reason: result.ok ? 'zero-quantity' : 'failed' },
        },
      ]);
    }
    setAdds((state) => finishOfferAdd(state, offer.oid, added ? 'added' : 'not-added'));
  };

  const Sheet = page.mobile ? BottomSheet : SideSheet;
  const sheetSize = page.mobile ? {} : { width: 480 };
  const offers = typeof listing === 'object' ? listing.offers : [];

  return (
    <>
      <Sheet open onClose={onClose} title="All offers" {...sheetSize}>
        <div className="offers-overlay" data-testid="offers-overlay">
          {listing === 'loading' ? <Spinner label="Loading the offers" /> : null}
          {listing === 'failed' ? (
            <p className="alert alert--error" role="alert">
              We could not load the offers. Close this and try again.
            </p>
          ) : null}
          {typeof listing === 'object' ? (
            <>
              <p className="offers-overlay__title">{listing.title}</p>
              <ul className="offers-overlay__list">
                {offers.map((offer) => {
                  const outcome = adds.results[offer.oid];
                  const adding = adds.inFlight === offer.oid;
                  return (
                    <li
                      key={offer.oid}
                      className="offers-overlay__offer"
                      aria-label={`Offer from ${offer.merchant.name}`}
                    >
                      <p className="offers-overlay__price">
                        <strong>{offer.unitPrice.displayString}</strong>
                        {offer.listPrice ? (
                          <>
                            {' '}
                            <span className="visually-hidden">List price </span>
                            <s>{offer.listPrice.displayString}</s>
                          </>
                        ) : null}
                      </p>
                      <p className="offers-overlay__type">{TYPE_LABELS[offer.type] ?? offer.type}</p>
                      <p>Sold by {offer.merchant.name}</p>
                      <p>{offer.availability}</p>
                      {offer.minQty > 1 ? <p>Minimum order: {offer.minQty}</p> : null}
                      {offer.bestTier ? (
                        <p className="offers-overlay__tier">
                          From {offer.bestTier.unitPrice.displayString} each at{' '}
                          {offer.bestTier.minimumQuantity}+
                        </p>
                      ) : null}
                      {page.mobile ? (
                        <details className="offers-overlay__features">
                          <summary>Offer details</summary>
                          <FeatureList offer={offer} />
                        </details>
                      ) : (
                        <button
                          type="button"
                          className="link-button"
                          aria-haspopup="dialog"
                          onClick={() => setFeatures(offer)}
                        >
                          Offer details
                        </button>
                      )}
                      <div className="offers-overlay__actions">
                        {outcome ? (
                          <p
                            className={
                              outcome === 'added' ? 'offers-overlay__added' : 'offers-overlay__not-added'
                            }
                            role="status"
                          >
                            {outcome === 'added' ? 'Added to cart' : 'Not added'}
                          </p>
                        ) : null}
                        {offer.canAddToCart ? (
                          <button
                            type="button"
                            className="button button--cart"
                            aria-busy={adding}
                            aria-label={`Add to cart from ${offer.merchant.name}`}
                            onClick={() => void add(offer)}
                          >
                            {adding ? 'Adding…' : 'Add to Cart'}
                          </button>
                        ) : null}
                        {outcome ? <a href="/gp/cart/view.html">View cart</a> : null}
                      </div>
                    </li>
                  );
                })}
              </ul>
            </>
          ) : null}
        </div>
      </Sheet>
      {!page.mobile ? (
        <SideSheet open={features !== null} onClose={() => setFeatures(null)} title="Offer details">
          {features ? (
            <div className="offers-overlay__sheet" data-testid="offer-features">
              <p>{features.merchant.name}</p>
              <FeatureList offer={features} />
            </div>
          ) : null}
        </SideSheet>
      ) : null}
    </>
  );
}

function FeatureList({ offer }: { offer: OfferListingEntry }) {
  return (
    <dl className="offers-overlay__feature-list">
      {offer.displayFeatures.map((feature) => (
        <div key={feature.label}>
          <dt>{feature.label}</dt>
          <dd>{feature.text}</dd>
        </div>
      ))}
    </dl>
  );
}
