import { useEffect, useRef, useState } from 'react';
import { jumpLinksEnabled } from '../../../domain/buy-box/jump-links';
import { cartRequestItems } from '../../../domain/cart/cart-request-items';
import { priceBlockFor } from '../../../domain/deals/deal-price-block';
import type { ProductPageData } from '../../../shared/contracts/pages/product-page';
import { AccessoryBlock } from '../../features/accessory-upsells/accessory-block';
import { AccessoryInterstitialSlot } from '../../features/accessory-upsells/interstitial-slot';
import { useAccessoryUpsells } from '../../features/accessory-upsells/use-accessory-upsells';
import { type AddOnBridge, AddOnServicesSlot } from '../../features/add-on-services/add-on-services-slot';
import { BuyBox, type BuyBoxUpsells } from '../../features/buy-box/buy-box';
import { DeliveryLocation } from '../../features/delivery-location/delivery-location';
import { FamilyStripe } from '../../features/product-details/family-stripe';
import { FeatureBullets } from '../../features/product-details/feature-bullets';
import { ImageGallery } from '../../features/product-details/image-gallery';
import { JumpLinksBar } from '../../features/product-details/jump-links-bar';
import { SiteFooter } from '../../layout/site-footer';
import { SiteHeader } from '../../layout/site-header';
import { whenWanted } from '../../ui/when-wanted';
import { BusinessBuyingSlot } from './business-buying-slot';
import { DealBuyBoxSlot } from './deal-buy-box-slot';
import { GroceryBuyBoxSlot } from './grocery-buy-box-slot';
import { useDeferredAccessories } from './use-deferred-accessories';

/** /dp/{asin}: gallery, title, rating, price block, bullets and the buy box. */
export function ProductPage({ data }: { data: ProductPageData }) {
  const { product } = data;
  const [cartCount, setCartCount] = useState(data.shopper.cartCount);
  // Bundles, the smart-home badge and sponsored carousels: their own chunks, loaded after first paint
  // (a chunk that does not load leaves them out; each widget inside it has its own error boundary).
  // They load when wanted (first interaction, the description near the viewport, or the first idle
  // moment after the load event), so their code does not compete with hydration (issue 11).
  const [belowTheFold, setBelowTheFold] = useState<typeof import('./below-the-fold.client') | null>(null);
  const belowTheFoldAnchor = useRef<HTMLDivElement>(null);
  useEffect(
    () =>
      whenWanted(() => {
        void import('./below-the-fold.client').then(setBelowTheFold, () => undefined);
      }, belowTheFoldAnchor.current),
    [],
  );
  const offer = product.offer;
  // One price on the page: a live deal's, as its deal box shows it (issue 10 #4).
  const priceBlock = priceBlockFor(offer, data.deal?.initialBuyingOption.dealDetails ?? null);
  // A business customer's price is the business box's, for the page's quantity: one price on the page.
  const businessOption = data.business?.boxes[0]?.option ?? null;
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
                    onCartCount: setCartCount,
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
  // BB-005: the bar is offered only when every section it points at is on the page.
  const sections = {
    'feature-bullets': product.bullets.length > 0,
    'product-description': product.description.length > 0,
  };
  const jumpLinks = jumpLinksEnabled(Object.keys(sections), (id) => sections[id as keyof typeof sections])
    ? [
        { targetId: 'feature-bullets', label: 'About this item' },
        { targetId: 'product-description', label: 'Product description' },
      ]
    : [];

  return (
    <>
      <SiteHeader shopper={data.shopper} cartCount={cartCount} returnTo={`/dp/${product.asin}`} />
      <FamilyStripe family={product.family} />
      {jumpLinks.length > 0 ? <JumpLinksBar links={jumpLinks} /> : null}
      <main id="top" tabIndex={-1} className="product">
        <ImageGallery images={product.images} />
        <section className="product__details">
          <p className="product__brand">Visit the {product.brand} Store</p>
          <h1 className="product__title" id="productTitle">
            {product.title}
          </h1>
          {product.ratingCount > 0 ? (
            <p className="product__rating">
              <span
                className="stars"
                aria-hidden="true"
                style={{ '--rating': product.rating } as React.CSSProperties}
              />
              <span>
                {product.rating.toFixed(1)} out of 5 stars · {product.ratingCount.toLocaleString('en-US')}{' '}
                ratings
              </span>
            </p>
          ) : (
            <p className="product__rating">No ratings yet</p>
          )}
          {businessOption ? (
            <div className="price-block" data-testid="price-block">
              <span className="price-block__label">Business price</span>{' '}
              <span className="price-block__price" data-testid="price">
                {businessOption.quantityPrice.unitPrice.displayString}
              </span>
              {businessOption.listPrice ? (
                <p className="price-block__list">
                  List price: <s>{businessOption.listPrice.displayString}</s>
                </p>
              ) : null}
            </div>
          ) : priceBlock ? (
            <div className="price-block" data-testid="price-block">
              {priceBlock.savingsPercent > 0 ? (
                <span className="price-block__savings">-{priceBlock.savingsPercent}%</span>
              ) : null}
              <span className="price-block__price" data-testid="price">
                {priceBlock.price.displayString}
              </span>
              {priceBlock.basis ? (
                <p className="price-block__list">
                  {priceBlock.basis.label} <s>{priceBlock.basis.price.displayString}</s>
                </p>
              ) : null}
            </div>
          ) : null}
          <FeatureBullets bullets={product.bullets} />
        </section>
        {product.offer || data.deal ? (
          <div className="product__purchase">
            <DeliveryLocation zip={data.shopper.deliveryZip} eligible={data.shopper.locationPromptEligible} />
            {data.grocery && product.offer ? (
              <GroceryBuyBoxSlot
                data={data}
                grocery={data.grocery}
                offer={product.offer}
                onCartCount={setCartCount}
              />
            ) : (
              <DealBuyBoxSlot
                data={data}
                onCartCount={setCartCount}
                // Deal mode: the claim is this page's add to cart. It goes out at once (the units are scarce);
                // the accessories are offered after it, each with its own add to cart (ACC-010, ACC-013).
                {...(upsells
                  ? { onClaimed: () => upsells.intercept('add-to-cart-button', () => undefined) }
                  : {})}
              >
                <BusinessBuyingSlot data={data} onCartCount={setCartCount}>
                  {product.offer ? (
                    <BuyBox data={data} offer={product.offer} onCartCount={setCartCount} upsells={upsells} />
                  ) : null}
                </BusinessBuyingSlot>
              </DealBuyBoxSlot>
            )}
            <AccessoryInterstitialSlot
              upsells={accessories}
              cart={{
                marketplaceId: data.marketplaceId,
                language: data.language,
                pageAsin: product.asin,
                onCartCount: setCartCount,
              }}
            />
          </div>
        ) : (
          <aside className="buy-box" aria-label="Buy box">
            <p className="buy-box__stock buy-box__stock--out">Currently unavailable.</p>
          </aside>
        )}
        {product.description ? (
          <section
            className="product__description"
            id="product-description"
            aria-labelledby="description-heading"
            tabIndex={-1}
          >
            <h2 id="description-heading">Product description</h2>
            <p>{product.description}</p>
          </section>
        ) : null}
        {belowTheFold ? (
          <belowTheFold.default data={data} onCartCount={setCartCount} />
        ) : (
          // Where they will appear: the row they take, empty until they load.
          <div ref={belowTheFoldAnchor} style={{ gridColumn: '1 / -1' }} />
        )}
      </main>
      <SiteFooter />
    </>
  );
}
