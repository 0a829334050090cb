import { useRef } from 'react';
import { type AddOnBridge, AddOnServicesSlot } from '../../../features/add-on-services/add-on-services-slot';
import { showsAddOnServices } from '../page-parts';
import type { PurchaseExtension } from '../purchase-extension';

/**
 * Add-on services (VAS-003): the product's widget in the buy box form, the chosen services after the
 * page item, and the services interstitial a press may open.
 */
export const addOnServices: PurchaseExtension = {
  name: 'add-on-services',
  shown: showsAddOnServices,
  useParts: ({ data, onCartCount }) => {
    // The services' state lives in the widget, whose code is a chunk of its own (loaded only on pages
    // that show it): the widget hands its items and its interception over here once it has rendered.
    const widget = useRef<AddOnBridge | null>(null);
    const { product } = data;
    const offer = product.offer;
    return {
      inForm: ({ pageQuantity, itemsBefore }) =>
        offer ? (
          <AddOnServicesSlot
            view={product.addOnServices}
            bridge={widget}
            pageQuantity={pageQuantity}
            upsellCount={itemsBefore}
            page={{
              asin: product.asin,
              offerListingId: offer.offerListingId,
              marketplaceId: data.marketplaceId,
              language: data.language,
              signedIn: data.shopper.signedIn,
              onCartCount,
            }}
          />
        ) : null,
      items: (pageQuantity) => widget.current?.items(pageQuantity) ?? [],
      intercept: (buttonId, replay) => !!widget.current?.intercept(buttonId, replay),
    };
  },
};
