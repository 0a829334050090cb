import { useState } from 'react';
import type { GroceryPageData } from '../../../shared/contracts/pages/grocery-page';
import { cancelSlot, resolveConflicts } from '../../api/grocery-api';
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
        {view.kind === 'fresh-checkout' ? <FreshCheckout view={view} /> : null}
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
              <td>{item.amountLabel ?? item.quantity}</td>
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
        {view.addressLabel ? `You chose to deliver to ${view.addressLabel}. ` : ''}
        These items are not delivered there from the store they came from. Going back keeps your previous
        address and store.
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
            if (!(resolved.ok && resolved.answer.isSuccess)) return setState('failed');
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

/**
 * The fresh checkout (decision 0047): the store's lines priced (weighed ones by weight), the address,
 * the delivery windows with their places, the window held while the shopper checks out, and placing
 * the order. Holding and placing are plain forms; releasing a hold is GRO-025's call.
 */
function FreshCheckout({ view }: { view: Extract<View, { kind: 'fresh-checkout' }> }) {
  const [releasing, setReleasing] = useState<'idle' | 'busy' | 'failed'>('idle');
  const release = async (token: string) => {
    if (releasing === 'busy') return;
    setReleasing('busy');
    if (!(await cancelSlot(token)).ok) return setReleasing('failed');
    window.location.assign(
      `/alm/checkout?${new URLSearchParams({ storeId: view.storeId, notice: 'released' })}`,
    );
  };
  return (
    <>
      <h1>Fresh checkout</h1>
      {view.notice ? (
        <div
          className={`alert alert--${view.notice.kind}`}
          role={view.notice.kind === 'error' ? 'alert' : 'status'}
        >
          {view.notice.message}
        </div>
      ) : null}
      <section className="fresh-checkout__section" aria-labelledby="fresh-address-heading">
        <h2 id="fresh-address-heading">Delivery address</h2>
        <p>{view.addressLabel ?? 'Add a delivery address in Your Account to place a fresh order.'}</p>
      </section>
      <section className="fresh-checkout__section" aria-labelledby="fresh-items-heading">
        <h2 id="fresh-items-heading">Items from {view.storeName}</h2>
        <table className="grocery-page__items">
          <caption className="visually-hidden">Items in your fresh order</caption>
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col">Amount</th>
              <th scope="col">Price</th>
            </tr>
          </thead>
          <tbody>
            {view.lines.map((line) => (
              <tr key={line.id}>
                <td>
                  <a href={`/dp/${line.asin}`}>{line.title}</a>
                  <span className="fresh-checkout__unit"> ({line.unitPrice})</span>
                </td>
                <td>{line.amountLabel ?? line.quantity}</td>
                <td>{line.lineTotal.displayString}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="grocery-page__subtotal">
          Subtotal ({view.itemCount} {view.itemCount === 1 ? 'item' : 'items'}):{' '}
          <strong>{view.subtotal.displayString}</strong>
        </p>
        {view.shortfall ? (
          <p className="alert alert--info" role="status">
            Add {view.shortfall.displayString} more to reach the {view.minimum.displayString} minimum order.
          </p>
        ) : null}
      </section>
      <section className="fresh-checkout__section" aria-labelledby="fresh-slot-heading">
        <h2 id="fresh-slot-heading">Delivery window</h2>
        {view.held ? (
          <div className="fresh-checkout__held">
            <p>
              <strong>{view.held.label}</strong> is held for you until {view.held.expiresLabel}.
            </p>
            <button
              type="button"
              className="link-button"
              aria-disabled={releasing === 'busy' || undefined}
              onClick={() => view.held && void release(view.held.token)}
            >
              Release this window
            </button>
            {releasing === 'failed' ? (
              <p className="alert alert--error" role="alert">
                We could not release the window. It is freed by itself at {view.held.expiresLabel}.
              </p>
            ) : null}
          </div>
        ) : null}
        <form method="post" action="/afx/slotselection/reserve" className="fresh-checkout__slots">
          <input type="hidden" name="csrfToken" value={view.csrfToken} />
          <input type="hidden" name="storeId" value={view.storeId} />
          <p className="fresh-checkout__choose">
            {view.held ? 'Choose another window:' : 'Choose a delivery window:'}
          </p>
          {windowsByDay(view.windows).map(([day, windows]) => (
            <fieldset key={day} className="fresh-checkout__day">
              <legend>{day}</legend>
              <ul className="fresh-checkout__windows">
                {windows.map((window) => (
                  <li key={window.start}>
                    <label>
                      <input
                        type="radio"
                        name="slotStart"
                        value={window.start}
                        defaultChecked={window.held}
                        disabled={window.placesLeft === 0 && !window.held}
                        required
                      />
                      <span>
                        {window.hours}{' '}
                        <span className="fresh-checkout__places">
                          {window.held
                            ? '(held for you)'
                            : window.placesLeft === 0
                              ? '(full)'
                              : `(${window.placesLeft} ${window.placesLeft === 1 ? 'place' : 'places'} left)`}
                        </span>
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
          ))}
          <button className="button button--secondary" type="submit">
            Hold this window
          </button>
        </form>
      </section>
      <form method="post" action="/alm/checkout/place-order" className="fresh-checkout__place">
        <input type="hidden" name="csrfToken" value={view.csrfToken} />
        <input type="hidden" name="storeId" value={view.storeId} />
        <input type="hidden" name="token" value={view.held?.token ?? ''} />
        <button
          className="button button--cart"
          type="submit"
          disabled={!view.held || view.shortfall !== null || view.addressLabel === null}
        >
          Place your fresh order
        </button>
        {!view.held ? (
          <p className="fresh-checkout__hint">Hold a delivery window to place your order.</p>
        ) : null}
      </form>
    </>
  );
}

type CheckoutWindow = Extract<View, { kind: 'fresh-checkout' }>['windows'][number];

/** The windows grouped by day, days in order. */
function windowsByDay(windows: readonly CheckoutWindow[]): [string, CheckoutWindow[]][] {
  const days = new Map<string, CheckoutWindow[]>();
  for (const window of windows) days.set(window.day, [...(days.get(window.day) ?? []), window]);
  return [...days];
}
