import { useId } from 'react';
import { REMOVE_OFFER } from '../../../../domain/add-on-services/add-on-choice';
import type { VariantProps } from '../add-on-widget';
import { noScriptName, OfferLine, ServiceDetails } from '../service-row';

/** twister (VAS-017): an option list of the services and "No service" (removeOffer). */
export default function Twister({ vas, hydrated, headingId }: VariantProps) {
  const selectId = useId();
  const detailsId = useId();
  const chosen = vas.services.find((s) => s.serviceAsin === vas.choice.selected);
  return (
    <>
      <h2 className="vas__heading" id={headingId}>
        {vas.services.every((s) => s.kind === 'installation') ? 'Add installation' : 'Add a service'}
      </h2>
      <label htmlFor={selectId} className="vas-twister__label">
        Service:
      </label>{' '}
      <select
        id={selectId}
        className="vas-twister__select"
        name={noScriptName(hydrated)}
        value={vas.choice.selected ?? REMOVE_OFFER}
        onChange={(event) => vas.choose({ type: 'selectOption', value: event.target.value })}
      >
        <option value={REMOVE_OFFER}>No service</option>
        {vas.services.map((service) => (
          <option key={service.serviceAsin} value={service.serviceAsin} disabled={!service.offer}>
            {service.title}
            {service.offer ? ` – ${service.offer.price.displayString}` : ' – not offered at your ZIP code'}
          </option>
        ))}
      </select>
      {chosen ? (
        <>
          {/* A closed list cuts a long name off: the chosen service is named in full under it. */}
          <p className="vas-twister__chosen" data-testid="vas-chosen-service">
            <strong>{chosen.title}</strong>
            {chosen.offer ? ` for ${chosen.offer.price.displayString}` : null}
          </p>
          <OfferLine service={chosen} zip={vas.zip} />
          <ServiceDetails service={chosen} id={detailsId} hidden={!vas.choice.expanded} />
        </>
      ) : null}
    </>
  );
}
