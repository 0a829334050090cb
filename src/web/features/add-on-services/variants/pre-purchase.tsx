import { useState } from 'react';
import { afterBuyBoxPost } from '../../../../domain/add-on-services/interstitial';
import { postBuyBoxWithService } from '../../../api/add-on-cart-api';
import { whileBusy } from '../../../ui/while-busy';
import type { VariantProps } from '../add-on-widget';
import { ServiceRow } from '../service-row';

/**
 * prePurchase (VAS-032, VAS-037): the service offered before the purchase, with a button that buys the
 * product and the service in one step through the buy box form; when that post fails, the normal add
 * to cart goes ahead instead.
 */
export default function PrePurchase({ vas, page, pageQuantity, hydrated, headingId }: VariantProps) {
  const critical =
    vas.services.find((s) => s.isUpsellCritical && s.offer) ?? vas.services.find((s) => s.offer);
  const [busy, setBusy] = useState(false);
  const buyBoth = async () => {
    if (!critical || busy) return;
    setBusy(true);
    const next = await postBuyBoxWithService(
      {
        asin: page.asin,
        offerListingId: page.offerListingId,
        merchantId: vas.view.model.merchantId,
        quantity: pageQuantity ?? 1,
      },
      critical.serviceAsin,
    );
    if (next.ok && afterBuyBoxPost(true) === 'follow') {
      window.location.assign(next.answer);
      return;
    }
    setBusy(false);
    // VAS-037: the post failed: the normal add-to-cart press goes ahead, without the interstitial.
    vas.forceAddToCart();
  };
  return (
    <>
      <h2 className="vas__heading" id={headingId}>
        Before you buy: add installation
      </h2>
      {vas.services.map((service) => (
        <ServiceRow key={service.serviceAsin} vas={vas} service={service} hydrated={hydrated} />
      ))}
      {critical ? (
        <button
          type="button"
          className="button button--secondary button--wide vas-prepurchase__buy"
          onClick={() => void buyBoth()}
          {...whileBusy(busy)}
          aria-busy={busy}
        >
          {busy ? 'Adding…' : `Add to Cart with ${critical.title}`}
        </button>
      ) : null}
    </>
  );
}
