import { cartRequestItems } from '../../../../domain/cart/cart-request-items';
import { AccessoryBlock } from '../../../features/accessory-upsells/accessory-block';
import { AccessoryInterstitialSlot } from '../../../features/accessory-upsells/interstitial-slot';
import { useAccessoryUpsells } from '../../../features/accessory-upsells/use-accessory-upsells';
import type { PurchaseExtension } from '../purchase-extension';
import { useDeferredAccessories } from '../use-deferred-accessories';

/**
 * Accessory upsells (ACC-001): their rows in the buy box form, their items after the page item, and
 * the interstitial a press opens while an accessory still needs showing (ACC-010).
 */
export const accessoryUpsells: PurchaseExtension = {
  name: 'accessory-upsells',
  // The slice is in the page data, or (the server left it out) loaded after first paint.
  shown: (data) => !!data.product.accessories || data.deferred.includes('accessories'),
  useParts: ({ data, onCartCount }) => {
    const { product } = data;
    const view = useDeferredAccessories(data);
    const accessories = useAccessoryUpsells(view, {
      asin: product.asin,
      offerId: product.offer?.offerListingId ?? '',
    });
    return {
      inForm: ({ pageQuantity }) =>
        view ? <AccessoryBlock upsells={accessories} pageQuantity={pageQuantity} /> : null,
      beside: (
        <AccessoryInterstitialSlot
          upsells={accessories}
          cart={{
            marketplaceId: data.marketplaceId,
            language: data.language,
            pageAsin: product.asin,
            onCartCount,
          }}
        />
      ),
      // The page item goes first in the buy box's own request: the accessories are what follows it.
      items: (pageQuantity) => (view ? cartRequestItems(accessories.orderItems(pageQuantity)).slice(1) : []),
      intercept: (buttonId, replay) => !!view && accessories.interceptPurchase(buttonId, replay),
    };
  },
};
