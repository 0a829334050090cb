import { fulfillmentLabel, isShipToStore } from '../../../domain/add-on-services/service-offers';
import type { ServicePageData } from '../../../shared/contracts/pages/service-page';
import { SellerRating } from '../../features/add-on-services/seller-rating';
import { SiteFooter } from '../../layout/site-footer';
import { SiteHeader } from '../../layout/site-header';

/** VAS-005: /gp/product/{serviceAsin}/ref={tag}: what the service is, who offers it where, and for what. */
export function ServicePage({ data }: { data: ServicePageData }) {
  const { service } = data;
  const returnTo = `/gp/product/${service.asin}`;
  return (
    <>
      <SiteHeader shopper={data.shopper} cartCount={data.shopper.cartCount} returnTo={returnTo} />
      <main id="top" tabIndex={-1} className="page service-page">
        <div className="service-page__head">
          {service.image ? (
            <img
              className="service-page__image"
              src={service.image.url}
              alt={service.image.altText}
              width={240}
              height={240}
            />
          ) : null}
          <div>
            <p className="service-page__brand">
              {service.kind === 'installation' ? 'Installation service' : 'Protection plan'} by{' '}
              {service.brand}
            </p>
            <h1>{service.title}</h1>
            <p>{service.description}</p>
            {service.bullets.length > 0 ? (
              <ul className="service-page__bullets">
                {service.bullets.map((bullet) => (
                  <li key={bullet}>{bullet}</li>
                ))}
              </ul>
            ) : null}
          </div>
        </div>
        <section
          className="service-page__section"
          aria-labelledby="service-offers-heading"
          id="seller-reviews"
        >
          <h2 id="service-offers-heading">
            {data.zip
              ? `Offers for ZIP code ${data.zip}`
              : 'Offers (enter your ZIP code on the product page)'}
          </h2>
          {data.offers.length === 0 ? (
            <p>No installer offers this service at your ZIP code yet.</p>
          ) : (
            <ul className="service-page__offers">
              {data.offers.map((offer) => (
                <li
                  key={offer.offerListingId}
                  className={
                    offer.merchantId === data.seller ? 'service-offer service-offer--focus' : 'service-offer'
                  }
                  aria-current={offer.merchantId === data.seller ? 'true' : undefined}
                >
                  <p className="service-offer__price">{offer.price.displayString}</p>
                  <p>
                    Sold by <strong>{offer.merchantName}</strong>
                    {offer.merchantAddress
                      ? `, ${offer.merchantAddress.AddressLine1}, ${offer.merchantAddress.City}`
                      : ''}
                  </p>
                  <p>
                    <SellerRating percent={offer.positiveRatingPercent} count={offer.ratingCount} />
                  </p>
                  <p className="service-offer__fulfillment">
                    {fulfillmentLabel(offer.fulfillmentType)}
                    {isShipToStore(offer.fulfillmentType) ? ' (ship to store)' : ''}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </section>
        {data.devices.length > 0 ? (
          <section className="service-page__section" aria-labelledby="service-devices-heading">
            <h2 id="service-devices-heading">Offered with</h2>
            <ul>
              {data.devices.map((device) => (
                <li key={device.asin}>
                  <a href={`/dp/${device.asin}`} target="_blank" rel="noopener">
                    {device.title}
                    <span className="visually-hidden"> (opens in a new tab)</span>
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <p>
          <a href="/gp/cart/view.html">Go to your cart</a>
        </p>
      </main>
      <SiteFooter />
    </>
  );
}
