import type { FreshCartSection as Section } from '../../../shared/contracts/grocery';

/**
 * The fresh (grocery) cart on the cart page (decision 0047): each store's lines, weighed ones by
 * weight, its subtotal, its minimum order and its own checkout. Plain forms: works without script.
 */
export function FreshCartSection({ fresh, csrfToken }: { fresh: Section; csrfToken: string }) {
  return (
    <section className="fresh-cart" aria-labelledby="fresh-cart-heading">
      <h2 id="fresh-cart-heading">Fresh groceries</h2>
      {fresh.stores.map((store) => (
        <div key={store.storeId} className="fresh-cart__store">
          <h3>{store.storeName}</h3>
          <ul className="cart__list">
            {store.lines.map((line) => (
              <li key={line.id} className="cart-line">
                {line.image ? (
                  <img
                    className="cart-line__image"
                    src={line.image.url}
                    alt={line.image.altText}
                    width={120}
                    height={120}
                  />
                ) : null}
                <div className="cart-line__body">
                  <a className="cart-line__title" href={`/dp/${line.asin}`}>
                    {line.title}
                  </a>
                  <p className="cart-line__note">
                    {line.amountLabel
                      ? `${line.amountLabel} at ${line.unitPrice}`
                      : `Qty: ${line.quantity} at ${line.unitPrice}`}
                  </p>
                  <form method="post" action="/alm/cart/remove">
                    <input type="hidden" name="csrfToken" value={csrfToken} />
                    <input type="hidden" name="lineId" value={line.id} />
                    <button className="link-button" type="submit" aria-label={`Delete ${line.title}`}>
                      Delete
                    </button>
                  </form>
                </div>
                <p className="cart-line__price">{line.lineTotal.displayString}</p>
              </li>
            ))}
          </ul>
          <p className="cart__subtotal-line">
            {store.storeName} subtotal ({store.itemCount} {store.itemCount === 1 ? 'item' : 'items'}):{' '}
            <strong>{store.subtotal.displayString}</strong>
          </p>
          {store.shortfall ? (
            <p className="fresh-cart__minimum" role="status">
              Add {store.shortfall.displayString} more to reach the {store.minimum.displayString} minimum
              order.
            </p>
          ) : null}
          {store.shortfall ? null : (
            <a className="button button--cart" href={store.checkoutHref}>
              Check out fresh groceries
            </a>
          )}
        </div>
      ))}
    </section>
  );
}
