import { useId, useState } from 'react';
import { useAddToCart } from '../../features/add-to-cart/use-add-to-cart';
import { SiteFooter } from '../../layout/site-footer';
import { SiteHeader } from '../../layout/site-header';
import type { ProductPageData } from '../../page-data';

/** /dp/{asin}: gallery, title, rating, price and an add-to-cart that works (the full buy box comes later). */
export function ProductPage({ data }: { data: ProductPageData }) {
  const { product } = data;
  const [cartCount, setCartCount] = useState(data.shopper.cartCount);
  const [quantity, setQuantity] = useState(product.offer?.minOrderQuantity ?? 1);
  const { state, add } = useAddToCart({
    marketplaceId: data.marketplaceId,
    language: data.language,
    refTag: data.refTag,
    onCartCount: setCartCount,
  });
  const quantityId = useId();
  const offer = product.offer;
  const hero = product.images[0];
  const quantities = offer
    ? Array.from(
        { length: Math.min(offer.maxOrderQuantity, 30) - offer.minOrderQuantity + 1 },
        (_, i) => i + offer.minOrderQuantity,
      )
    : [];

  return (
    <>
      <SiteHeader shopper={data.shopper} cartCount={cartCount} returnTo={`/dp/${product.asin}`} />
      <main id="top" className="product">
        <section className="product__gallery" aria-label="Product images">
          {hero ? (
            <img
              className="product__hero"
              src={hero.url}
              alt={hero.altText}
              width={hero.width}
              height={hero.height}
              fetchPriority="high"
            />
          ) : null}
        </section>
        <section className="product__details">
          <p className="product__brand">Visit the {product.brand} Store</p>
          <h1 className="product__title" id="productTitle">
            {product.title}
          </h1>
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
          {offer ? (
            <div className="price-block">
              {offer.savingsPercent > 0 ? (
                <span className="price-block__savings">-{offer.savingsPercent}%</span>
              ) : null}
              <span className="price-block__price" data-testid="price">
                {offer.price.displayString}
              </span>
              {offer.listPrice ? (
                <p className="price-block__list">
                  List Price: <s>{offer.listPrice.displayString}</s>
                </p>
              ) : null}
            </div>
          ) : null}
          {product.bullets.length > 0 ? (
            <ul className="product__bullets">
              {product.bullets.map((bullet) => (
                <li key={bullet}>{bullet}</li>
              ))}
            </ul>
          ) : null}
        </section>
        <aside className="buy-box" aria-label="Buy box">
          {offer ? (
            <>
              <p className="buy-box__price">{offer.price.displayString}</p>
              <p className={offer.canAddToCart ? 'buy-box__stock' : 'buy-box__stock buy-box__stock--out'}>
                {offer.availability}
              </p>
              {offer.canAddToCart ? (
                <form
                  className="buy-box__form"
                  onSubmit={(event) => {
                    event.preventDefault();
                    void add({ asin: product.asin, offerListingId: offer.offerListingId, quantity });
                  }}
                >
                  <label className="buy-box__quantity" htmlFor={quantityId}>
                    Quantity:
                    <select
                      id={quantityId}
                      value={quantity}
                      onChange={(e) => setQuantity(Number(e.target.value))}
                    >
                      {quantities.map((q) => (
                        <option key={q} value={q}>
                          {q}
                        </option>
                      ))}
                    </select>
                  </label>
                  <button
                    className="button button--cart button--wide"
                    type="submit"
                    disabled={state.status === 'adding'}
                    aria-busy={state.status === 'adding'}
                  >
                    {state.status === 'adding' ? <span className="spinner" aria-hidden="true" /> : null}
                    {state.status === 'adding' ? 'Adding…' : 'Add to Cart'}
                  </button>
                </form>
              ) : null}
              <div aria-live="polite" className="buy-box__status">
                {state.status === 'added' ? (
                  <p className="alert alert--success">Added to cart</p>
                ) : state.status === 'failed' ? (
                  <p className="alert alert--error" role="alert">
                    {state.message}
                  </p>
                ) : null}
              </div>
              <p className="buy-box__seller">Sold by {offer.merchantName}</p>
            </>
          ) : (
            <p className="buy-box__stock buy-box__stock--out">Currently unavailable.</p>
          )}
        </aside>
      </main>
      <SiteFooter />
    </>
  );
}
