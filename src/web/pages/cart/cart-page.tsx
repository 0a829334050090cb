import { useEffect, useState } from 'react';
import { formatHoldTimer, spokenCountdown } from '../../../domain/deals/deal-display';
import { unitPriceShownRounded } from '../../../domain/pricing/rounded-unit-price';
import type { CartPageData } from '../../../shared/contracts/pages/cart-page';
import type { OrderLineView } from '../../../shared/contracts/pages/order-lines';
import { FreshCartSection } from '../../features/grocery/fresh-cart-section';
import { SiteFooter } from '../../layout/site-footer';
import { SiteHeader } from '../../layout/site-header';

/** /gp/cart/view.html: plain forms change quantities and remove lines, so it works without JavaScript. */
export function CartPage({ data }: { data: CartPageData }) {
  const empty = data.lines.length === 0;
  const freshCount = data.fresh?.itemCount ?? 0;
  // One item from two sellers is two lines: their controls name the seller so they can be told apart.
  const fromSeller = (line: OrderLineView) =>
    line.seller && data.lines.some((other) => other.id !== line.id && other.asin === line.asin)
      ? ` from ${line.seller}`
      : '';
  return (
    <>
      {/* The header counts both carts, as this page shows both (decision 0047). */}
      <SiteHeader
        shopper={data.shopper}
        cartCount={data.itemCount + freshCount}
        returnTo="/gp/cart/view.html"
      />
      <main id="top" tabIndex={-1} className="cart">
        <section className="cart__lines" aria-labelledby="cart-heading">
          <h1 id="cart-heading">{empty && !data.fresh ? 'Your Northwind Cart is empty' : 'Shopping Cart'}</h1>
          {data.notice ? (
            <div
              className={`alert alert--${data.notice.kind}`}
              role={data.notice.kind === 'error' ? 'alert' : 'status'}
            >
              {data.notice.message}
            </div>
          ) : null}
          {empty && data.fresh ? null : empty ? (
            <p>
              <a href="/dp/B0PDPSPK01">Continue shopping</a>
            </p>
          ) : (
            <ul className="cart__list">
              {data.lines.map((line) => (
                <li
                  key={line.id}
                  className={
                    line.parentLineId && data.lines.some((l) => l.id === line.parentLineId)
                      ? 'cart-line cart-line--child'
                      : 'cart-line'
                  }
                >
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
                    {line.dealHold ? <span className="cart-line__deal-badge">Lightning Deal</span> : null}
                    <a className="cart-line__title" href={`/dp/${line.asin}`}>
                      {line.title}
                    </a>
                    {line.dealHold ? <DealHold msLeft={line.dealHold.msLeft} /> : null}
                    {line.protectionPlan ? (
                      <CoverageNote line={line} device={deviceOf(data.lines, line)} />
                    ) : (
                      <p className="cart-line__stock">In Stock</p>
                    )}
                    <p className="cart-line__offer">
                      {line.seller ? <>Sold by {line.seller} · </> : null}
                      {line.unitPrice.displayString} each
                      {unitPriceShownRounded(line.unitPrice.amount, line.quantity, line.lineTotal.amount)
                        ? ' (rounded to the cent; the line total is exact)'
                        : ''}
                    </p>
                    <div className="cart-line__actions">
                      <CoverAll line={line} device={deviceOf(data.lines, line)} csrfToken={data.csrfToken} />
                      {/* A plan's quantity follows its device (decision 0014): no choice of its own. A deal's
                          quantity is the one claimed: the server refuses any other, so none is offered. */}
                      {line.dealHold ? (
                        <p className="cart-line__deal-quantity">{`Qty: ${line.quantity}, as claimed`}</p>
                      ) : null}
                      {line.protectionPlan || line.dealHold ? null : (
                        <form method="post" action="/gp/cart/update.html" className="cart-line__quantity">
                          <input type="hidden" name="csrfToken" value={data.csrfToken} />
                          <input type="hidden" name="lineId" value={line.id} />
                          <label>
                            Qty:{' '}
                            <select
                              name="quantity"
                              defaultValue={line.quantity}
                              aria-label={`Quantity of ${line.title}${fromSeller(line)}`}
                            >
                              {quantityChoices(line.minQuantity, line.maxQuantity, line.quantity).map((q) => (
                                <option key={q} value={q}>
                                  {q === 0 ? '0 (Delete)' : q}
                                </option>
                              ))}
                            </select>
                          </label>
                          <button
                            className="button button--secondary button--small"
                            type="submit"
                            name="action"
                            value="update"
                          >
                            Update
                          </button>
                        </form>
                      )}
                      <form method="post" action="/gp/cart/update.html">
                        <input type="hidden" name="csrfToken" value={data.csrfToken} />
                        <input type="hidden" name="lineId" value={line.id} />
                        <button
                          className="link-button"
                          type="submit"
                          name="action"
                          value="delete"
                          aria-label={`Delete ${line.title}${fromSeller(line)}`}
                        >
                          Delete
                        </button>
                      </form>
                    </div>
                  </div>
                  <p className="cart-line__price">{line.lineTotal.displayString}</p>
                </li>
              ))}
            </ul>
          )}
          {empty ? null : (
            // The same sums as the order summary beside it: a bundle saving or coupon is taken off here too.
            <p className="cart__subtotal-line" data-testid="cart-lines-subtotal">
              Subtotal ({data.itemCount} {data.itemCount === 1 ? 'item' : 'items'}):{' '}
              <strong>{data.subtotal.displayString}</strong>
              {data.discounts.length > 0 ? (
                <>
                  {' '}
                  · Total after savings: <strong>{data.total.displayString}</strong>
                </>
              ) : null}
            </p>
          )}
          {data.fresh ? <FreshCartSection fresh={data.fresh} csrfToken={data.csrfToken} /> : null}
        </section>
        {empty ? null : (
          <aside className="cart__summary" aria-label="Order summary">
            <p className="cart__subtotal">
              Subtotal ({data.itemCount} {data.itemCount === 1 ? 'item' : 'items'}):{' '}
              <strong>{data.subtotal.displayString}</strong>
            </p>
            {data.discounts.length > 0 ? (
              <dl className="cart__totals">
                {data.discounts.map((discount) => (
                  <div key={discount.description} className="cart__discount">
                    <dt>{discount.label}</dt>
                    <dd>-{discount.amount.displayString}</dd>
                  </div>
                ))}
                <div className="cart__total">
                  <dt>Total:</dt>
                  <dd>{data.total.displayString}</dd>
                </div>
              </dl>
            ) : null}
            <form method="get" action="/gp/buy/spc/handlers/display.html">
              <button className="button button--cart button--wide" type="submit">
                Proceed to checkout
              </button>
            </form>
          </aside>
        )}
      </main>
      <SiteFooter />
    </>
  );
}

/** 0 (delete) up to the line's limit, showing at most 30 choices around the current quantity. */
function quantityChoices(min: number, max: number, current: number): number[] {
  const top = Math.min(max, Math.max(current, min) + 29);
  const choices = [0];
  for (let q = Math.max(min, 1); q <= top; q++) choices.push(q);
  if (!choices.includes(current)) choices.push(current);
  return choices.sort((a, b) => a - b);
}

type Line = CartPageData['lines'][number];

const deviceOf = (lines: readonly Line[], line: Line) =>
  line.parentLineId ? lines.find((l) => l.id === line.parentLineId) : undefined;

/** A plan or service covers one unit of its device per unit of its own (decision 0041). */
function CoverageNote({ line, device }: { line: Line; device: Line | undefined }) {
  if (device && line.quantity < device.quantity) {
    return (
      <p className="cart-line__note">
        Qty: {line.quantity}, covers {line.quantity} of your {device.quantity}
      </p>
    );
  }
  return <p className="cart-line__note">Qty: {line.quantity}, one for each device it covers</p>;
}

/**
 * Decision 0041: when its device's quantity went up, a plan or service is offered for every unit in one
 * press (the cart page's plain form, raising the line to the device's quantity).
 */
function CoverAll({ line, device, csrfToken }: { line: Line; device: Line | undefined; csrfToken: string }) {
  if (!line.protectionPlan || !device || line.quantity >= device.quantity) return null;
  const verb = line.serviceKind === 'installation' ? 'Install' : 'Protect';
  return (
    <form method="post" action="/gp/cart/update.html">
      <input type="hidden" name="csrfToken" value={csrfToken} />
      <input type="hidden" name="lineId" value={line.id} />
      <input type="hidden" name="quantity" value={device.quantity} />
      <button className="button button--secondary button--small" type="submit" name="action" value="update">
        {verb} all {device.quantity}
        <span className="visually-hidden"> with {line.title}</span>
      </button>
    </form>
  );
}

/** The time a deal line is still held for the shopper, counting down each second once the script runs. */
function DealHold({ msLeft }: { msLeft: number }) {
  const [left, setLeft] = useState(msLeft);
  useEffect(() => {
    const started = Date.now();
    const timer = window.setInterval(() => {
      const now = Math.max(0, msLeft - (Date.now() - started));
      setLeft(now);
      if (now === 0) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [msLeft]);
  if (left <= 0) {
    return <p className="cart-line__deal-hold">The deal hold has ended: reload the cart to see its price.</p>;
  }
  return (
    <p className="cart-line__deal-hold">
      Deal held in your cart for{' '}
      <span role="timer" aria-label={spokenCountdown(left)} className="cart-line__deal-clock">
        {formatHoldTimer(left)}
      </span>
    </p>
  );
}
