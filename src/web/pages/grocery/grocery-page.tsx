import { useState } from 'react';
import type { GroceryPageData } from '../../../shared/contracts/pages/grocery-page';
import { resolveConflicts } from '../../api/grocery-api';
import { SiteFooter } from '../../layout/site-footer';
import { SiteHeader } from '../../layout/site-header';
import { Spinner } from '../../ui/spinner';

type View = GroceryPageData['view'];

/** The grocery pages the product page sends shoppers to: a store front, a scheduled order, the cart conflicts. */
export function GroceryPage({ data }: { data: GroceryPageData }) {
  const { view } = data;
  return (
    <>
      <SiteHeader shopper={data.shopper} cartCount={data.shopper.cartCount} returnTo="/" />
      <main id="top" tabIndex={-1} className="page page--narrow grocery-page">
        {view.kind === 'storefront' ? <Storefront view={view} /> : null}
        {view.kind === 'fresh-order' ? <FreshOrder view={view} /> : null}
        {view.kind === 'substitute' ? <Substitute view={view} /> : null}
      </main>
      <SiteFooter />
    </>
  );
}

function Storefront({ view }: { view: Extract<View, { kind: 'storefront' }> }) {
  return (
    <>
      <h1>{view.storeName}</h1>
      <p>{view.deliveryMessage}</p>
      <ul className="grocery-page__products">
        {view.products.map((product) => (
          <li key={product.asin} className="grocery-page__product">
            {product.image ? <img src={product.image} alt="" width={96} height={96} /> : null}
            <a href={`/dp/${product.asin}`}>{product.title}</a>
            <span>
              {product.price.displayString} / {product.unit}
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}

function FreshOrder({ view }: { view: Extract<View, { kind: 'fresh-order' }> }) {
  return (
    <>
      <h1>Your order for {view.deliveryLabel}</h1>
      <p>
        From {view.storeName}. Order {view.orderId}.{' '}
        {view.open ? `You can add items until ${view.cutoffLabel}.` : 'This order can no longer be changed.'}
      </p>
      <table className="grocery-page__items">
        <caption className="visually-hidden">Items in this order</caption>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col">Quantity</th>
            <th scope="col">Price</th>
          </tr>
        </thead>
        <tbody>
          {view.items.map((item) => (
            <tr key={item.asin}>
              <td>
                <a href={`/dp/${item.asin}`}>{item.title}</a>
              </td>
              <td>{item.quantity}</td>
              <td>{item.price.displayString}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="grocery-page__subtotal">Subtotal: {view.subtotal.displayString}</p>
    </>
  );
}

/** GRO-022: what changes in the fresh cart for the new address; Continue resolves and goes back. */
function Substitute({ view }: { view: Extract<View, { kind: 'substitute' }> }) {
  const [state, setState] = useState<'idle' | 'resolving' | 'failed'>('idle');
  return (
    <>
      <h1>Some items in your fresh cart change</h1>
      <p>
        {view.addressLabel ? `Your delivery address is now ${view.addressLabel}. ` : ''}
        These items are not delivered there from the store they came from.
      </p>
      <ul className="grocery-page__conflicts">
        {view.conflicts.map((conflict) => (
          <li key={conflict.asin}>
            <strong>{conflict.title}</strong> from {conflict.storeName}:{' '}
            {conflict.substituteStoreName
              ? `moves to ${conflict.substituteStoreName}.`
              : 'not available at your address; it will be removed.'}
          </li>
        ))}
      </ul>
      {state === 'failed' ? (
        <p className="alert alert--error" role="alert">
          We could not update your fresh cart. Please try again.
        </p>
      ) : null}
      <div className="grocery-page__buttons">
        <button
          type="button"
          className="button button--primary"
          aria-disabled={state === 'resolving' || undefined}
          onClick={async () => {
            if (state === 'resolving') return;
            setState('resolving');
            const resolved = await resolveConflicts(view.ref);
            if (!resolved) return setState('failed');
            window.location.assign(view.sourceUrl);
          }}
        >
          {state === 'resolving' ? <Spinner label="Updating your fresh cart" /> : null}
          Update my fresh cart and continue
        </button>
        <a className="button button--secondary" href={view.sourceUrl}>
          Go back
        </a>
      </div>
    </>
  );
}
