import { useId, useState } from 'react';
import { fulfillmentLabel, isShipToStore } from '../../../domain/add-on-services/service-offers';
import type { AddOnServiceView } from '../../../shared/contracts/add-on-services';
import { SellerRating } from './seller-rating';
import { TopChoiceBadge } from './top-choice-badge';
import type { AddOnServices, ServiceLike } from './use-add-on-services';

/** Before the script runs, a chosen service posts vasService.{n}={asin} with the buy box form. */
export const noScriptName = (hydrated: boolean, n = 1) => (hydrated ? undefined : `vasService.${n}`);

/** Price, seller and fulfillment of a service's offer (VAS-008, VAS-009), or why there is none. */
export function OfferLine({ service, zip }: { service: ServiceLike; zip: string | null }) {
  const { offer } = service;
  if (!offer) {
    return <p className="vas-offer vas-offer--none">Not offered at ZIP code {zip ?? 'yet'}.</p>;
  }
  return (
    <p className="vas-offer">
      <span className="vas-offer__seller">Sold by {offer.merchantName}</span>
      <span className="vas-offer__fulfillment">
        {fulfillmentLabel(offer.fulfillmentType)}
        {isShipToStore(offer.fulfillmentType) ? <strong className="vas-sts"> Ship to store</strong> : null}
      </span>
    </p>
  );
}

/** The details section: what the service covers, the seller's rating and the service page (VAS-004, VAS-005). */
export function ServiceDetails({
  service,
  id,
  hidden,
}: {
  service: ServiceLike;
  id: string;
  hidden: boolean;
}) {
  return (
    <div id={id} className="vas-details" hidden={hidden}>
      <p>{service.description}</p>
      {service.bullets.length ? (
        <ul>
          {service.bullets.map((bullet) => (
            <li key={bullet}>{bullet}</li>
          ))}
        </ul>
      ) : null}
      {service.offer ? (
        <p>
          <SellerRating percent={service.offer.positiveRatingPercent} count={service.offer.ratingCount} />{' '}
          <a href={service.offer.sellerReviewLink}>
            Seller reviews<span className="visually-hidden"> of {service.offer.merchantName}</span>
          </a>
        </p>
      ) : null}
      <a href={service.detailsPath}>
        More details<span className="visually-hidden"> about {service.title}</span>
      </a>
    </div>
  );
}

/**
 * Decision 0041: where a widget offers services of more than one kind, it says which combine: a plan
 * and installation go together, plans exclude each other.
 */
export function CombineNote({ services }: { services: readonly Pick<AddOnServiceView, 'kind'>[] }) {
  const kinds = new Set(services.map((s) => s.kind));
  if (kinds.size < 2) return null;
  return (
    <p className="vas-combine-note">
      You can add a protection plan and installation together. Choose one protection plan.
    </p>
  );
}

/**
 * A service with its checkbox (VAS-011, VAS-012): checking chooses it and opens its details; the row also
 * shows its offer, the top-choice badge and a details toggle.
 */
export function ServiceRow({
  vas,
  service,
  hydrated,
  label,
}: {
  vas: AddOnServices;
  service: AddOnServiceView;
  hydrated: boolean;
  label?: string;
}) {
  const checkboxId = useId();
  const detailsId = useId();
  const [open, setOpen] = useState(false);
  const choice = vas.choiceOf(service.serviceAsin);
  const checked = choice.selected === service.serviceAsin;
  const expanded = checked ? choice.expanded : open;
  const price = service.offer?.price.displayString;
  return (
    <div className={checked ? 'vas-row vas-row--checked' : 'vas-row'}>
      <input
        type="checkbox"
        id={checkboxId}
        className="vas-row__checkbox"
        // One field per row: a plan and installation ticked together both post (decision 0041).
        name={noScriptName(hydrated, Math.max(1, vas.services.indexOf(service) + 1))}
        value={service.serviceAsin}
        checked={checked}
        disabled={!service.offer}
        onChange={(event) =>
          vas.choose(
            event.target.checked
              ? { type: 'check', serviceAsin: service.serviceAsin }
              : { type: 'uncheck', serviceAsin: service.serviceAsin },
          )
        }
      />
      <div className="vas-row__text">
        <label htmlFor={checkboxId} className="vas-row__label">
          {label ?? `Add ${service.title}`}
          {price ? <span className="vas-row__price"> for {price}</span> : null}
        </label>
        {service.topChoice ? <TopChoiceBadge title={service.title} /> : null}
        <OfferLine service={service} zip={vas.zip} />
        <button
          type="button"
          className="link-button vas-row__toggle"
          aria-expanded={expanded}
          aria-controls={detailsId}
          onClick={() =>
            checked ? vas.choose({ type: 'toggleDetails', serviceAsin: service.serviceAsin }) : setOpen(!open)
          }
        >
          {expanded ? 'Hide details' : 'Details'}
          <span className="visually-hidden"> of {service.title}</span>
        </button>
        <ServiceDetails service={service} id={detailsId} hidden={!expanded} />
      </div>
    </div>
  );
}
