import { useId, useState } from 'react';
import type { ProductPageData } from '../../page-data';
import { useAddToCart } from '../add-to-cart/use-add-to-cart';

type Offer = NonNullable<ProductPageData['product']['offer']>;

/**
 * The buy box. It is a plain form first (add to cart and buy now post to /gp/product/handle-buy-box
 * and work without JavaScript); with JavaScript, add to cart goes through the cart API and stays on
 * the page.
 */
export function BuyBox({
  data,
  offer,
  onCartCount,
}: {
  data: ProductPageData;
  offer: Offer;
  onCartCount: (count: number) => void;
}) {
  const { product } = data;
  const [quantity, setQuantity] = useState(offer.minOrderQuantity);
  const { state, add } = useAddToCart({
    marketplaceId: data.marketplaceId,
    language: data.language,
    refTag: data.refTag,
    onCartCount,
  });
  const quantityId = useId();
  const quantities = Array.from(
    { length: Math.max(0, Math.min(offer.maxOrderQuantity, 30) - offer.minOrderQuantity + 1) },
    (_, i) => i + offer.minOrderQuantity,
  );
  const action = data.refTag ? `/gp/product/handle-buy-box/ref=${data.refTag}` : '/gp/product/handle-buy-box';

  return (
    <aside className="buy-box" aria-label="Buy box">
      <p className="buy-box__price">{offer.price.displayString}</p>
      <p className={offer.canAddToCart ? 'buy-box__stock' : 'buy-box__stock buy-box__stock--out'}>
        {offer.availability}
      </p>
      {offer.canAddToCart ? (
        <form
          className="buy-box__form"
          method="post"
          action={action}
          onSubmit={(event) => {
            const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
            if (submitter?.name !== 'submit.add-to-cart') return;
            event.preventDefault();
            void add({ asin: product.asin, offerListingId: offer.offerListingId, quantity });
          }}
        >
          <input type="hidden" name="csrfToken" value={data.csrfToken} />
          <input type="hidden" name="ASIN" value={product.asin} />
          <input type="hidden" name="offerListingID" value={offer.offerListingId} />
          <label className="buy-box__quantity" htmlFor={quantityId}>
            Quantity:
            <select
              id={quantityId}
              name="quantity"
              value={quantity}
              onChange={(event) => setQuantity(Number(event.target.value))}
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
            name="submit.add-to-cart"
            value="Add to Cart"
            id="add-to-cart-button"
            disabled={state.status === 'adding'}
            aria-busy={state.status === 'adding'}
          >
            {state.status === 'adding' ? <span className="spinner" aria-hidden="true" /> : null}
            {state.status === 'adding' ? 'Adding…' : 'Add to Cart'}
          </button>
          <button
            className="button button--buy button--wide"
            type="submit"
            name="submit.buy-now"
            value="Buy Now"
            id="buy-now-button"
          >
            Buy Now
          </button>
        </form>
      ) : null}
      <div aria-live="polite" className="buy-box__status">
        {state.status === 'added' ? (
          <p className="alert alert--success">
            Added to cart. <a href="/gp/cart/view.html">Go to cart</a>
          </p>
        ) : state.status === 'failed' ? (
          <p className="alert alert--error" role="alert">
            {state.message}
          </p>
        ) : null}
      </div>
      <p className="buy-box__seller">
        Ships from and sold by <span>{offer.merchantName}</span>
      </p>
    </aside>
  );
}
