import type { OrderConfirmationPageData } from '../../../shared/contracts/pages/order-confirmation-page';
import { OrderSummary } from '../../features/order-summary/order-summary';
import { SiteFooter } from '../../layout/site-footer';
import { SiteHeader } from '../../layout/site-header';

export function OrderConfirmationPage({ data }: { data: OrderConfirmationPageData }) {
  return (
    <>
      <SiteHeader shopper={data.shopper} cartCount={data.shopper.cartCount} returnTo="/" />
      <main id="top" tabIndex={-1} className="page page--narrow confirmation">
        <div className="alert alert--success" role="status">
          <h1 className="confirmation__title">Order placed, thank you!</h1>
          <p>Confirmation will be sent to your email.</p>
        </div>
        <p>
          Order number <strong data-testid="order-id">{data.orderId}</strong>
        </p>
        <p>
          Shipping to <strong>{data.address.fullName}</strong>, {data.address.line1}, {data.address.city},{' '}
          {data.address.state} {data.address.postalCode}
        </p>
        {data.notes.map((note) => (
          <p key={note} className="confirmation__note">
            {note}
          </p>
        ))}
        {data.paymentMethod ? <p>Paid with {data.paymentMethod}</p> : null}
        <p className="confirmation__delivery">Arriving {data.deliveryEstimate}</p>
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
              <a className="checkout__item-title" href={`/dp/${line.asin}`}>
                {line.title}
              </a>
              {parentOf(line, data.lines) ? (
                <span className="checkout__item-for">For {parentOf(line, data.lines)?.title}</span>
              ) : null}
              <span>Qty: {line.quantity}</span>
              <span className="checkout__item-price">{line.lineTotal.displayString}</span>
            </li>
          ))}
        </ul>
        <section aria-label="Order summary" className="confirmation__summary">
          <OrderSummary lines={data.summary} total={null} />
        </section>
        <p className="checkout__total">Order total: {data.total.displayString}</p>
        <p>
          <a href="/dp/B0PDPSPK01">Continue shopping</a>
        </p>
      </main>
      <SiteFooter />
    </>
  );
}

/** The line a service, plan or accessory was bought with, when it is on the page (decision 0018). */
function parentOf<L extends { id: string; parentLineId?: string | null | undefined }>(
  line: L,
  lines: readonly L[],
) {
  return line.parentLineId ? lines.find((l) => l.id === line.parentLineId) : undefined;
}
