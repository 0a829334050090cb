import { useRef } from 'react';
import { cartRequestItems } from '../../../domain/cart/cart-request-items';
import type { ProductPageData } from '../../../shared/contracts/pages/product-page';
import type { DealState } from '../../../shared/deal-constants';
import { AccessoryBlock } from '../../features/accessory-upsells/accessory-block';
import { AccessoryInterstitialSlot } from '../../features/accessory-upsells/interstitial-slot';
import { useAccessoryUpsells } from '../../features/accessory-upsells/use-accessory-upsells';
import { type AddOnBridge, AddOnServicesSlot } from '../../features/add-on-services/add-on-services-slot';
import { BuyBox, type BuyBoxUpsells } from '../../features/buy-box/buy-box';
import { BusinessBuyingSlot } from './business-buying-slot';
import { DealBuyBoxSlot } from './deal-buy-box-slot';
import { GroceryBuyBoxSlot } from './grocery-buy-box-slot';
import { useDeferredAccessories } from './use-deferred-accessories';

/**
 * The product page's purchase column under "Deliver to": the grocery, deal or business box where the
 * page has one, the regular buy box with the accessories and add-on services it carries, and the
 * accessory interstitial. Its own chunk, hydrated after the rest of the page (`purchase-slot.tsx`).
 */
export function PurchasePart({
  data,
  onCartCount,
  onDealState,
}: {
  data: ProductPageData;
  onCartCount: (count: number) => void;
  /** The deal box's current deal state, for the page's price block. */
  onDealState?: (state: DealState | null) => void;
}) {
  const { product } = data;
  const offer = product.offer;
  const accessoriesView = useDeferredAccessories(data);
  const accessories = useAccessoryUpsells(accessoriesView, {
    asin: product.asin,
    offerId: offer?.offerListingId ?? '',
  });
  // Add-on services: in the page data, or (the server left the slice out) fetched by the widget itself.
  const addOnView = data.product.addOnServices;
  const withAddOn = addOnView !== null || data.deferred.includes('addOnServices');
  const addOn = useRef<AddOnBridge | null>(null);
  const accessoryItems = (quantity: number) =>
    accessoriesView ? cartRequestItems(accessories.orderItems(quantity)).slice(1) : [];
  // The buy box form carries the accessories, then the add-on services (each a child of the page item).
  const upsells: BuyBoxUpsells | undefined =
    accessoriesView || withAddOn
      ? {
          render: (quantity) => (
            <>
              {accessoriesView ? <AccessoryBlock upsells={accessories} pageQuantity={quantity} /> : null}
              {withAddOn && offer ? (
                <AddOnServicesSlot
                  view={addOnView}
                  bridge={addOn}
                  pageQuantity={quantity}
                  upsellCount={quantity === null ? 0 : accessoryItems(quantity).length}
                  page={{
                    asin: product.asin,
                    offerListingId: offer.offerListingId,
                    marketplaceId: data.marketplaceId,
                    language: data.language,
                    signedIn: data.shopper.signedIn,
                    onCartCount,
                  }}
                />
              ) : null}
            </>
          ),
          // The page item itself goes first in the buy box's own request; these are its upsells.
          items: (quantity) => [...accessoryItems(quantity), ...(addOn.current?.items(quantity) ?? [])],
          // The accessory interstitial first; the add-on interstitial when the press comes back to it.
          intercept: (buttonId, replay) =>
            (!!accessoriesView && accessories.interceptPurchase(buttonId, replay)) ||
            !!addOn.current?.intercept(buttonId, replay),
        }
      : undefined;

  return (
    <>
      {data.grocery && offer ? (
        <GroceryBuyBoxSlot data={data} grocery={data.grocery} offer={offer} onCartCount={onCartCount} />
      ) : (
        <DealBuyBoxSlot
          data={data}
          onCartCount={onCartCount}
          {...(onDealState ? { onDealState } : {})}
          // Deal mode: the claim is this page's add to cart. It goes out at once (the units are scarce);
          // the accessories are offered after it, each with its own add to cart (ACC-010, ACC-013).
          {...(upsells ? { onClaimed: () => upsells.intercept('add-to-cart-button', () => undefined) } : {})}
        >
          <BusinessBuyingSlot data={data} onCartCount={onCartCount}>
            {offer ? <BuyBox data={data} offer={offer} onCartCount={onCartCount} upsells={upsells} /> : null}
          </BusinessBuyingSlot>
        </DealBuyBoxSlot>
      )}
      <AccessoryInterstitialSlot
        upsells={accessories}
        cart={{
          marketplaceId: data.marketplaceId,
          language: data.language,
          pageAsin: product.asin,
          onCartCount,
        }}
      />
    </>
  );
}
