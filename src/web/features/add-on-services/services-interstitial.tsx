import { useId, useRef, useState } from 'react';
import { addOnCartOutcome, continueAction } from '../../../domain/add-on-services/interstitial';
import { shortenPostalCode } from '../../../domain/add-on-services/postal-code';
import { isShipToStore } from '../../../domain/add-on-services/service-offers';
import { dismissalFlag } from '../../../domain/add-on-services/widget-timers';
import {
  continueAllowed,
  isZipSubmitKey,
  submitZip,
  type ZipOutcome,
  zipOutcome,
  zipOutcomeMessage,
} from '../../../domain/add-on-services/zip-update';
import { associationWith } from '../../../domain/cart/cart-request';
import { SERVICE_QUANTITY, VAS_METRICS } from '../../../shared/add-on-services-constants';
import type { ZipRefreshEntry } from '../../../shared/contracts/add-on-services';
import { addServiceItems } from '../../api/add-on-cart-api';
import { refreshServiceZip } from '../../api/add-on-services-api';
import { saveDeliveryZip } from '../../api/delivery-api';
import { failureMessage } from '../../api/request';
import { Modal } from '../../ui/modal';
import { whileBusy } from '../../ui/while-busy';
import type { AddOnPage } from './add-on-services-slot';
import { SellerRating } from './seller-rating';
import { OfferLine } from './service-row';
import type { AddOnServices } from './use-add-on-services';
import { useInterstitialTimers } from './use-interstitial-timers';

const DISMISSALS_KEY = 'vas-interstitial-dismissals';

/** VAS-047: counts this dismissal in the session; the second one is flagged. */
function countDismissal(): boolean {
  try {
    const before = Number(window.sessionStorage.getItem(DISMISSALS_KEY) ?? '0') || 0;
    window.sessionStorage.setItem(DISMISSALS_KEY, String(before + 1));
    return dismissalFlag(before) === 'repeat';
  } catch {
    return false;
  }
}

/**
 * VAS-004, VAS-021..028: the services interstitial, shown when add to cart is pressed without a service.
 * It offers the upsell-critical service with a zip input, update, skip, continue, more-details and rating
 * links; skip, close and continue let the held press go on.
 */
export default function ServicesInterstitial({
  vas,
  page,
  pageQuantity,
}: {
  vas: AddOnServices;
  page: AddOnPage;
  pageQuantity: number;
}) {
  const { view } = vas;
  const [serviceAsin] = useState(
    () =>
      (view.services.find((s) => s.isUpsellCritical && s.offer) ?? view.services.find((s) => s.offer))
        ?.serviceAsin ?? '',
  );
  const service = vas.services.find((s) => s.serviceAsin === serviceAsin);
  const [typed, setTyped] = useState(vas.zip ?? '');
  const [outcome, setOutcome] = useState<ZipOutcome<ZipRefreshEntry> | null>(null);
  const [ratingHtml, setRatingHtml] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const zipId = useId();
  const messageId = useId();
  const continueRef = useRef<HTMLButtonElement>(null);
  useInterstitialTimers(vas.held?.heldAt ?? Date.now(), vas.metric);
  if (!service) return null;

  const dismiss = () => {
    vas.metric(VAS_METRICS.dismissed, { asin: serviceAsin, repeat: countDismissal() });
    vas.release();
  };

  /** VAS-026, VAS-027, VAS-028, VAS-049: checks the typed zip, then asks for the offer there. */
  const update = async () => {
    if (busy) return;
    const submitted = submitZip(typed, vas.zip, view.zipPattern);
    if (submitted.kind === 'unchanged') {
      // The offers shown are this zip's already: nothing is asked, and a message about another zip goes.
      setOutcome(null);
      return;
    }
    if (submitted.kind === 'invalid') {
      setOutcome({ kind: 'invalidZip' });
      return;
    }
    setBusy(true);
    // One ZIP everywhere (decision 0041): the ZIP typed here becomes the shopper's delivery location, the
    // one the server prices the service at when it is added.
    const [answer, saved] = await Promise.all([
      refreshServiceZip(
        [serviceAsin],
        shortenPostalCode(submitted.zip, view.countryCode),
        page.marketplaceId,
      ),
      view.countryCode === 'us'
        ? saveDeliveryZip(submitted.zip).then((result) => (result.ok ? result.answer.zip : null))
        : Promise.resolve(submitted.zip),
    ]);
    setBusy(false);
    const result = zipOutcome(
      answer.ok && saved !== null ? { ok: true, entries: answer.answer } : { ok: false },
      serviceAsin,
    );
    setOutcome(result);
    if (result.kind === 'offerAvailable') {
      vas.applyZipOffer(serviceAsin, submitted.zip, result.entry);
      setRatingHtml(result.entry.positiveRatingHtml);
    }
  };

  /** VAS-022, VAS-023, VAS-035, VAS-036: continue with the service. */
  const proceed = async () => {
    if (!service.offer) return;
    const action = continueAction({
      mode: view.interstitial === 'nonBuyable' ? 'nonBuyable' : 'buyable',
      serviceAsin,
      doRedirect: view.model.doRedirect,
      pageAsin: page.asin,
    });
    if (action.kind === 'addToFormAndSubmit') {
      vas.choose({ type: 'check', serviceAsin });
      vas.release();
      return;
    }
    setBusy(true);
    const result = await addServiceItems(page.marketplaceId, page.language, [
      { asin: page.asin, offerListingId: page.offerListingId, quantity: pageQuantity },
      {
        asin: serviceAsin,
        offerListingId: service.offer.offerListingId,
        quantity: SERVICE_QUANTITY,
        additionalParameters: { itemAssociation: associationWith(page.asin) },
      },
    ]);
    setBusy(false);
    const added = addOnCartOutcome(result.ok ? 200 : result.status, result.ok);
    if (result.ok) {
      page.onCartCount(result.answer.entity.count.entity.items);
      vas.drop();
      window.location.assign(action.to);
      return;
    }
    // Nothing about the service is shown; the held add to cart goes on without it.
    if (added === 'incomplete') vas.metric(VAS_METRICS.incompleteAdd, { asin: serviceAsin });
    else {
      console.error(`add-on cart add failed: ${result.status} ${failureMessage(result)}`);
      vas.metric(VAS_METRICS.addFailure, { asin: serviceAsin, status: result.status });
    }
    vas.release();
  };

  const message = zipOutcomeMessage(outcome);
  const canContinue = continueAllowed(outcome) && service.offer !== null && !busy;
  const offer = service.offer;
  return (
    <Modal
      open
      onClose={dismiss}
      title={`Add ${service.title}?`}
      initialFocusRef={continueRef}
      footer={
        <div className="vas-interstitial__actions">
          <button type="button" className="button button--secondary" onClick={dismiss}>
            No thanks
          </button>
          <button
            type="button"
            ref={continueRef}
            className="button button--cart"
            disabled={!canContinue}
            aria-describedby={message ? messageId : undefined}
            onClick={() => void proceed()}
          >
            Continue
          </button>
        </div>
      }
    >
      <div className="vas-interstitial">
        {service.image ? (
          <img className="vas-interstitial__image" src={service.image.url} alt="" width={96} height={96} />
        ) : null}
        <div>
          {offer ? (
            <p className="vas-interstitial__price" data-testid="vas-interstitial-price">
              {offer.price.displayString}
            </p>
          ) : null}
          <OfferLine service={service} zip={vas.zip} />
          {offer && view.model.showSTSServiceInterstitial && isShipToStore(offer.fulfillmentType) ? (
            <p className="vas-interstitial__sts">
              Ship to store: your item goes to the store, where the service is booked when you pick it up.
            </p>
          ) : null}
          {offer ? (
            <p className="vas-interstitial__rating">
              {ratingHtml !== null ? (
                // The server rendered this from SellerRating, escaped.
                // biome-ignore lint/security/noDangerouslySetInnerHtml: server-rendered by React from our own component.
                <span dangerouslySetInnerHTML={{ __html: ratingHtml }} />
              ) : (
                <SellerRating percent={offer.positiveRatingPercent} count={offer.ratingCount} />
              )}{' '}
              <a href={offer.sellerReviewLink}>
                Seller reviews<span className="visually-hidden"> of {offer.merchantName}</span>
              </a>
            </p>
          ) : null}
          <a href={service.detailsPath}>
            More details<span className="visually-hidden"> about {service.title}</span>
          </a>
        </div>
      </div>
      <div className="vas-zip">
        <label htmlFor={zipId}>ZIP code for this service</label>
        <div className="vas-zip__row">
          <input
            id={zipId}
            type="text"
            inputMode="text"
            autoComplete="postal-code"
            value={typed}
            aria-invalid={outcome?.kind === 'invalidZip' || undefined}
            aria-describedby={message ? messageId : undefined}
            onChange={(event) => setTyped(event.target.value)}
            onKeyDown={(event) => {
              if (!isZipSubmitKey(event)) return;
              event.preventDefault();
              void update();
            }}
          />
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void update()}
            {...whileBusy(busy)}
          >
            Update
          </button>
        </div>
        <p
          id={messageId}
          className={message ? 'vas-zip__message alert alert--error' : 'vas-zip__message'}
          role="alert"
        >
          {message}
        </p>
      </div>
    </Modal>
  );
}
