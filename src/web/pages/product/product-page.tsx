import { useState } from 'react';
import { BuyBox } from '../../features/buy-box/buy-box';
import { SiteFooter } from '../../layout/site-footer';
import { SiteHeader } from '../../layout/site-header';
import type { ProductPageData } from '../../page-data';

/** /dp/{asin}: gallery, title, rating, price block, bullets and the buy box. */
export function ProductPage({ data }: { data: ProductPageData }) {
  const { product } = data;
  const [cartCount, setCartCount] = useState(data.shopper.cartCount);
  const offer = product.offer;
  const hero = product.images[0];

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
        {product.offer ? (
          <BuyBox data={data} offer={product.offer} onCartCount={setCartCount} />
        ) : (
          <aside className="buy-box" aria-label="Buy box">
            <p className="buy-box__stock buy-box__stock--out">Currently unavailable.</p>
          </aside>
        )}
      </main>
      <SiteFooter />
    </>
  );
}
