import { useState } from 'react';
import { addOnCartOutcome } from '../../../../domain/add-on-services/interstitial';
import { carouselArrows } from '../../../../domain/add-on-services/widget-rules';
import { associationWith } from '../../../../domain/cart/cart-request';
import { SERVICE_QUANTITY, VAS_METRICS } from '../../../../shared/add-on-services-constants';
import type { AddOnServiceView } from '../../../../shared/contracts/add-on-services';
import { addServiceItems } from '../../../api/add-on-cart-api';
import { failureMessage } from '../../../api/request';
import { whileBusy } from '../../../ui/while-busy';
import type { VariantProps } from '../add-on-widget';

type CardState = { status: 'idle' | 'adding' | 'added' } | { status: 'failed'; message: string };

/**
 * ppdBundle (VAS-006, VAS-044): a carousel of bundles, the product with one service each, one card per
 * page; the paging arrows hide at the first and last page. A card's add to cart adds both, the service
 * tied to the product (VAS-030); a failure calls the card's failure handler.
 */
export default function PpdBundle({ vas, page, headingId }: VariantProps) {
  const cards = vas.services.filter((s) => s.offer);
  const [index, setIndex] = useState(0);
  const [states, setStates] = useState<Record<string, CardState>>({});
  const arrows = carouselArrows(index, cards.length);
  const card = cards[Math.min(index, cards.length - 1)];
  if (!card) return null;

  const failed = (service: AddOnServiceView) =>
    setStates((all) => ({
      ...all,
      [service.serviceAsin]: { status: 'failed', message: 'We could not add this bundle. Please try again.' },
    }));

  const add = async (service: AddOnServiceView) => {
    if (!service.offer || states[service.serviceAsin]?.status === 'adding') return;
    setStates((all) => ({ ...all, [service.serviceAsin]: { status: 'adding' } }));
    const result = await addServiceItems(page.marketplaceId, page.language, [
      { asin: page.asin, offerListingId: page.offerListingId, quantity: 1 },
      {
        asin: service.serviceAsin,
        offerListingId: service.offer.offerListingId,
        quantity: SERVICE_QUANTITY,
        additionalParameters: { itemAssociation: associationWith(page.asin) },
      },
    ]);
    const outcome = addOnCartOutcome(result.ok ? 200 : result.status, result.ok);
    if (result.ok) {
      page.onCartCount(result.answer.entity.count.entity.items);
      setStates((all) => ({ ...all, [service.serviceAsin]: { status: 'added' } }));
      return;
    }
    if (outcome === 'incomplete') vas.metric(VAS_METRICS.incompleteAdd, { asin: service.serviceAsin });
    else {
      console.error(`add-on bundle add failed: ${result.status} ${failureMessage(result)}`);
      vas.metric(VAS_METRICS.addFailure, { asin: service.serviceAsin, status: result.status });
    }
    failed(service);
  };

  const state = states[card.serviceAsin] ?? { status: 'idle' };
  return (
    <>
      <h2 className="vas__heading" id={headingId}>
        Bundle and save time
      </h2>
      <section className="vas-carousel" aria-roledescription="carousel" aria-label="Bundles">
        <div className="vas-carousel__controls">
          {arrows.previous ? (
            <button type="button" className="vas-carousel__arrow" onClick={() => setIndex(index - 1)}>
              <span aria-hidden="true">‹</span>
              <span className="visually-hidden">Previous bundle</span>
            </button>
          ) : null}
          <p className="vas-carousel__page" aria-live="polite">
            Bundle {index + 1} of {cards.length}
          </p>
          {arrows.next ? (
            <button type="button" className="vas-carousel__arrow" onClick={() => setIndex(index + 1)}>
              <span aria-hidden="true">›</span>
              <span className="visually-hidden">Next bundle</span>
            </button>
          ) : null}
        </div>
        <article
          className="vas-card"
          aria-roledescription="slide"
          aria-label={`${vas.view.device.title} with ${card.title}`}
        >
          <div className="vas-card__images">
            {vas.view.device.image ? (
              <img src={vas.view.device.image.url} alt="" width={72} height={72} />
            ) : null}
            <span aria-hidden="true">+</span>
            {card.image ? <img src={card.image.url} alt="" width={72} height={72} /> : null}
          </div>
          <p className="vas-card__title">
            {/* VAS-005: the product opens in a new tab, so the bundle stays in view. */}
            <a href={`/dp/${page.asin}`} target="_blank" rel="noopener">
              {vas.view.device.title}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>{' '}
            with {card.title}
          </p>
          <p className="vas-card__price">
            {card.title}: <strong>{card.offer?.price.displayString}</strong>, added with the product at{' '}
            {vas.view.model.buyboxPrice.displayString}
          </p>
          {state.status === 'added' ? (
            <p className="alert alert--success" role="status">
              Added both to your cart. <a href="/gp/cart/view.html">Go to cart</a>
            </p>
          ) : (
            <button
              type="button"
              className="button button--secondary"
              {...whileBusy(state.status === 'adding')}
              aria-busy={state.status === 'adding'}
              onClick={() => void add(card)}
            >
              {state.status === 'adding' ? 'Adding…' : 'Add both to Cart'}
              <span className="visually-hidden">: {card.title}</span>
            </button>
          )}
          {state.status === 'failed' ? (
            <p className="alert alert--error" role="alert">
              {state.message}
            </p>
          ) : null}
        </article>
      </section>
    </>
  );
}
