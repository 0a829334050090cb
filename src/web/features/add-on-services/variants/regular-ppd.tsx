import type { VariantProps } from '../add-on-widget';
import { CombineNote, ServiceRow } from '../service-row';

/** regularPPD: one checkbox per service. */
export default function RegularPpd({ vas, hydrated, headingId }: VariantProps) {
  const plans = vas.services.every((s) => s.kind === 'protection');
  return (
    <>
      <h2 className="vas__heading" id={headingId}>
        {plans ? 'Add a protection plan' : 'Add a service'}
      </h2>
      <CombineNote services={vas.services} />
      {vas.services.map((service) => (
        <ServiceRow key={service.serviceAsin} vas={vas} service={service} hydrated={hydrated} />
      ))}
    </>
  );
}
