import { startTransition, useEffect, useRef, useState } from 'react';
import { jumpLinksEnabled } from '../../../domain/buy-box/jump-links';
import { priceBlockFor } from '../../../domain/deals/deal-price-block';
import type { ProductPageData } from '../../../shared/contracts/pages/product-page';
import { formatCount } from '../../../shared/money/group-digits';
import { DeliveryLocation } from '../../features/delivery-location/delivery-location';
import { FamilyStripe } from '../../features/product-details/family-stripe';
import { FeatureBullets } from '../../features/product-details/feature-bullets';
import { ImageGallery } from '../../features/product-details/image-gallery';
import { JumpLinksBar } from '../../features/product-details/jump-links-bar';
import { SiteFooter } from '../../layout/site-footer';
import { SiteHeader } from '../../layout/site-header';
import { whenNearViewport } from '../../ui/near-viewport';
import { GroceryBuyBoxSlot } from './grocery-buy-box-slot';
import { PurchaseSlot } from './purchase-slot';

/** /dp/{asin}: gallery, title, rating, price block, bullets and the buy box. */
export function ProductPage({ data }: { data: ProductPageData }) {
  const { product } = data;
  const [cartCount, setCartCount] = useState(data.shopper.cartCount);
  // Bundles, the smart-home badge and sponsored carousels: one chunk, loaded as their row nears the
  // viewport (a chunk that does not load leaves them out; each widget inside it has its own error
  // boundary). They come in as a transition, so React renders them in slices and a phone's main thread
  // is never held long.
  const [belowTheFold, setBelowTheFold] = useState<typeof import('./below-the-fold.client') | null>(null);
  const belowTheFoldAnchor = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const anchor = belowTheFoldAnchor.current;
    if (!anchor) return;
    return whenNearViewport(anchor, () => {
      void import('./below-the-fold.client').then(
        (widgets) => startTransition(() => setBelowTheFold(widgets)),
        () => undefined,
      );
    });
  }, []);
  const offer = product.offer;
  // One price on the page: a live deal's, as its deal box shows it (decision 0016). The box keeps the
  // deal current (it polls and counts down) and reports its state, so a deal that starts or ends while
  // the page is open changes the price block with it.
  const pageDeal = data.deal?.initialBuyingOption.dealDetails ?? null;
  const [dealState, setDealState] = useState(pageDeal?.state ?? null);
  const priceBlock = priceBlockFor(offer, pageDeal && dealState ? { ...pageDeal, state: dealState } : null, {
    hasPrimeSavingsBenefit: data.deal?.hasPrimeSavingsBenefit ?? false,
  });
  // A business customer's price is the business box's, for the page's quantity: one price on the page.
  const businessOption = data.business?.boxes[0]?.option ?? null;
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
              {/* The stars' fill is an SVG width, not an inline style (the page's policy refuses those). */}
              <svg className="stars" viewBox="0 0 100 20" aria-hidden="true">
                <rect className="stars__empty" width="100" height="20" />
                <rect className="stars__filled" width={(product.rating / 5) * 100} height="20" />
              </svg>
              <span>
                {product.rating.toFixed(1)} out of 5 stars · {formatCount(product.ratingCount)} ratings
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
              {priceBlock.primePrice ? (
                <p className="price-block__prime" data-testid="prime-price">
                  Prime price: {priceBlock.primePrice.displayString} with a Lightning Deal for Prime members
                </p>
              ) : null}
            </div>
          ) : null}
          {product.tradeIn ? (
            // TI-002: the price block's trade-in launch; the trade-in box opens it (trade-in-launcher.tsx).
            <a
              className="ti-price-link"
              href={`/tradein?productGroup=${product.tradeIn.productGroup}`}
              data-trade-in-launch="dp_ti_price"
            >
              Trade in a device and save on this item
            </a>
          ) : null}
          <FeatureBullets bullets={product.bullets} />
        </section>
        {product.offer || data.deal ? (
          <div className="product__purchase">
            {/* A grocery box with the shopper's grocery address says where it delivers, and changes it: one
                "Deliver to" line, not a second one from the ZIP (decision 0047). */}
            {data.grocery?.address ? null : (
              <DeliveryLocation
                zip={data.shopper.deliveryZip}
                eligible={data.shopper.locationPromptEligible}
              />
            )}
            {data.grocery && offer ? (
              // A grocery product's box stands in for the purchase column: no buy box, nothing it carries.
              <GroceryBuyBoxSlot
                data={data}
                grocery={data.grocery}
                offer={offer}
                onCartCount={setCartCount}
              />
            ) : (
              <PurchaseSlot data={data} onCartCount={setCartCount} onDealState={setDealState} />
            )}
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
          <div ref={belowTheFoldAnchor} className="product__below-the-fold-anchor" />
        )}
      </main>
      <SiteFooter />
    </>
  );
}
