import { useState } from 'react';
import { jumpLinksEnabled } from '../../../domain/buy-box/jump-links';
import { cartRequestItems } from '../../../domain/cart/cart-request';
import { priceBlockFor } from '../../../domain/deals/deal-price-block';
import type { ProductPageData } from '../../../shared/contracts/pages/product-page';
import { AccessoryBlock } from '../../features/accessory-upsells/accessory-block';
import { AccessoryInterstitialSlot } from '../../features/accessory-upsells/interstitial-slot';
import { useAccessoryUpsells } from '../../features/accessory-upsells/use-accessory-upsells';
import { BuyBox, type BuyBoxUpsells } from '../../features/buy-box/buy-box';
import { DeliveryLocation } from '../../features/delivery-location/delivery-location';
import { FamilyStripe } from '../../features/product-details/family-stripe';
import { FeatureBullets } from '../../features/product-details/feature-bullets';
import { ImageGallery } from '../../features/product-details/image-gallery';
import { JumpLinksBar } from '../../features/product-details/jump-links-bar';
import { SiteFooter } from '../../layout/site-footer';
import { SiteHeader } from '../../layout/site-header';
import { DealBuyBoxSlot } from './deal-buy-box-slot';
import { useDeferredAccessories } from './use-deferred-accessories';

/** /dp/{asin}: gallery, title, rating, price block, bullets and the buy box. */
export function ProductPage({ data }: { data: ProductPageData }) {
  const { product } = data;
  const [cartCount, setCartCount] = useState(data.shopper.cartCount);
  const offer = product.offer;
  // One price on the page: a live deal's, as its deal box shows it (issue 10 #4).
  const priceBlock = priceBlockFor(offer, data.deal?.initialBuyingOption.dealDetails ?? null);
  const accessoriesView = useDeferredAccessories(data);
  const accessories = useAccessoryUpsells(accessoriesView, {
    asin: product.asin,
    offerId: offer?.offerListingId ?? '',
  });
  const upsells: BuyBoxUpsells | undefined = accessoriesView
    ? {
        render: (quantity) => <AccessoryBlock upsells={accessories} pageQuantity={quantity} />,
        // The page item itself goes first in the buy box's own request; these are the accessories.
        items: (quantity) => cartRequestItems(accessories.orderItems(quantity)).slice(1),
        intercept: accessories.interceptPurchase,
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
          {priceBlock ? (
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
            <DealBuyBoxSlot
              data={data}
              onCartCount={setCartCount}
              // Deal mode: the claim is this page's add to cart. It goes out at once (the units are scarce);
              // the accessories are offered after it, each with its own add to cart (ACC-010, ACC-013).
              {...(upsells
                ? { onClaimed: () => upsells.intercept('add-to-cart-button', () => undefined) }
                : {})}
            >
              {product.offer ? (
                <BuyBox data={data} offer={product.offer} onCartCount={setCartCount} upsells={upsells} />
              ) : null}
            </DealBuyBoxSlot>
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
      </main>
      <SiteFooter />
    </>
  );
}
