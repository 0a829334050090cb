import type { VariantProps } from '../add-on-widget';
import { ServiceRow } from '../service-row';

/** brandMessagingDesktop (VAS-007): the brand's message and capabilities image above its services. */
export default function BrandMessaging({ vas, hydrated, headingId }: VariantProps) {
  const image = vas.view.capabilitiesImage;
  return (
    <>
      <h2 className="vas__heading" id={headingId}>
        Professional installation, recommended by the maker
      </h2>
      <p className="vas-brand__message">
        Get the most from your {vas.view.device.title.split(',')[0]}: a certified installer sets it up and
        shows you around.
      </p>
      {image ? (
        <img
          className="vas-brand__capabilities"
          src={image.url}
          alt={image.altText}
          width={320}
          height={320}
          loading="lazy"
          decoding="async"
        />
      ) : null}
      {vas.services.map((service) => (
        <ServiceRow key={service.serviceAsin} vas={vas} service={service} hydrated={hydrated} />
      ))}
    </>
  );
}
