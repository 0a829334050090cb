import { useEffect, useRef } from 'react';
import type { CheckoutPageData } from '../../../shared/contracts/pages/checkout-page';
import { OrderSummary } from '../../features/order-summary/order-summary';
import { SiteFooter } from '../../layout/site-footer';
import { SiteHeader } from '../../layout/site-header';

const FIELDS = [
  { name: 'fullName', label: 'Full name', autoComplete: 'name' },
  { name: 'line1', label: 'Street address', autoComplete: 'address-line1' },
  { name: 'city', label: 'City', autoComplete: 'address-level2' },
  { name: 'state', label: 'State', autoComplete: 'address-level1' },
  { name: 'postalCode', label: 'ZIP code', autoComplete: 'postal-code' },
] as const;

/** Checkout: where it goes and what it costs; placing the order is a plain form post. */
export function CheckoutPage({ data }: { data: CheckoutPageData }) {
  const problemFor = (field: string) => data.problems.find((p) => p.field === field)?.message;
  const firstProblem = FIELDS.find((field) => problemFor(field.name))?.name;
  const errorRef = useFocusOnError(firstProblem, data.error !== null);
  return (
    <>
      <SiteHeader
        shopper={data.shopper}
        cartCount={data.shopper.cartCount}
        returnTo="/gp/buy/spc/handlers/display.html"
      />
      <main id="top" tabIndex={-1} className="checkout">
        <h1>
          Checkout ({data.itemCount} {data.itemCount === 1 ? 'item' : 'items'})
        </h1>
        {data.notice ? (
          <div className="alert alert--info" role="status">
            <p>{data.notice}</p>
          </div>
        ) : null}
        {data.error ? (
          <div className="alert alert--error" role="alert" tabIndex={-1} ref={errorRef}>
            <strong>We couldn't place your order</strong>
            <p>{data.error}</p>
          </div>
        ) : null}
        {data.lines.length === 0 ? (
          <p>
            Your cart is empty. <a href="/dp/B0PDPSPK01">Continue shopping</a>
          </p>
        ) : (
          <form
            method="post"
            action="/gp/buy/spc/handlers/place-order.html"
            className="checkout__grid"
            noValidate
          >
            <input type="hidden" name="csrfToken" value={data.csrfToken} />
            <input type="hidden" name="idempotencyKey" value={data.idempotencyKey} />
            <input type="hidden" name="source" value={data.source} />
            {data.buyNow ? (
              <>
                <input type="hidden" name="asin" value={data.buyNow.asin} />
                <input type="hidden" name="offerListingId" value={data.buyNow.offerListingId} />
                <input type="hidden" name="quantity" value={data.buyNow.quantity} />
              </>
            ) : null}
            <section className="checkout__section" aria-labelledby="address-heading">
              <h2 id="address-heading">1. Shipping address</h2>
              <div className="checkout__fields">
                {FIELDS.map((field) => {
                  const problem = problemFor(field.name);
                  const id = `address-${field.name}`;
                  return (
                    <div key={field.name} className="field">
                      <label className="field__label" htmlFor={id}>
                        {field.label}
                      </label>
                      <input
                        id={id}
                        name={field.name}
                        autoComplete={field.autoComplete}
                        defaultValue={data.address[field.name]}
                        aria-invalid={problem ? true : undefined}
                        // biome-ignore lint/a11y/noAutofocus: decision 0015, after a refused order the first field in error takes focus, before the script too.
                        autoFocus={field.name === firstProblem}
                        aria-describedby={problem ? `${id}-problem` : undefined}
                        required
                      />
                      {problem ? (
                        <span className="field__problem" id={`${id}-problem`}>
                          {problem}
                        </span>
                      ) : null}
                    </div>
                  );
                })}
              </div>
            </section>
            {data.options.length > 0 ? (
              <fieldset className="checkout__section checkout__options">
                <legend>Gift options</legend>
                {data.options.map((option) => (
                  <label key={`${option.name}-${option.value}`} className="checkout__option">
                    <input type="checkbox" name={option.name} value={option.value} defaultChecked />
                    {option.label}
                  </label>
                ))}
              </fieldset>
            ) : null}
            <section className="checkout__section" aria-labelledby="payment-heading">
              <h2 id="payment-heading">2. Payment method</h2>
              <p className="checkout__payment">{data.paymentMethod}</p>
              {data.giftCardBalance ? (
                <p className="checkout__gift-card">
                  <label>
                    <input type="checkbox" name="useGiftCardBalance" value="on" defaultChecked /> Use your
                    gift card balance ({data.giftCardBalance.displayString}) first; the rest is charged to{' '}
                    {data.paymentMethod}.
                  </label>
                </p>
              ) : null}
            </section>
            <section className="checkout__section" aria-labelledby="items-heading">
              <h2 id="items-heading">3. Review items</h2>
              <ul className="checkout__items">
                {data.lines.map((line) => (
                  <li
                    key={line.id}
                    className={
                      parentOf(line, data.lines)
                        ? 'checkout__item checkout__item--child order-line--child'
                        : 'checkout__item'
                    }
                  >
                    {line.image ? (
                      <img src={line.image.url} alt={line.image.altText} width={64} height={64} />
                    ) : null}
                    <span className="checkout__item-title">{line.title}</span>
                    {parentOf(line, data.lines) ? (
                      <span className="checkout__item-for">For {parentOf(line, data.lines)?.title}</span>
                    ) : null}
                    <span>Qty: {line.quantity}</span>
                    <span className="checkout__item-price">{line.lineTotal.displayString}</span>
                  </li>
                ))}
              </ul>
            </section>
            <aside className="checkout__summary" aria-label="Order summary">
              <button className="button button--cart button--wide" type="submit">
                Place your order
              </button>
              <OrderSummary lines={data.summary} total={data.total.displayString} />
            </aside>
          </form>
        )}
      </main>
      <SiteFooter />
    </>
  );
}

/**
 * Decision 0015: after a refused order the first field in error has focus (its autoFocus, also before
 * the script); an error that is no field's (sold out, deal expired) moves focus to its message.
 */
function useFocusOnError(firstProblem: string | undefined, hasError: boolean) {
  const errorRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (firstProblem) document.getElementById(`address-${firstProblem}`)?.focus();
    else if (hasError) errorRef.current?.focus();
  }, [firstProblem, hasError]);
  return errorRef;
}

/** The line a service, plan or accessory was bought with, when it is on the page (decision 0018). */
function parentOf<L extends { id: string; parentLineId?: string | null | undefined }>(
  line: L,
  lines: readonly L[],
) {
  return line.parentLineId ? lines.find((l) => l.id === line.parentLineId) : undefined;
}
