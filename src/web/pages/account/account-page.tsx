import type { AccountPageData } from '../../../shared/contracts/pages/account-page';
import { SIGN_IN_PATH } from '../../../shared/sign-in-url';
import { SiteFooter } from '../../layout/site-footer';
import { SiteHeader } from '../../layout/site-header';
import { AccountTradeIns } from './account-trade-ins';

/** Your Account: the shopper's name, saved checkout details, orders, and signing out (a plain form). */
export function AccountPage({ data }: { data: AccountPageData }) {
  return (
    <>
      <SiteHeader
        shopper={data.shopper}
        cartCount={data.shopper.cartCount}
        returnTo="/gp/css/homepage.html"
      />
      <main id="top" tabIndex={-1} className="page page--narrow account">
        <div className="account__head">
          <div>
            <h1>Your Account</h1>
            <p>
              Signed in as <strong>{data.name}</strong> ({data.email})
            </p>
          </div>
          <form method="post" action={SIGN_IN_PATH}>
            <input type="hidden" name="csrfToken" value={data.csrfToken} />
            <input type="hidden" name="action" value="sign-out" />
            <input type="hidden" name="path" value="/" />
            <button className="button button--secondary" type="submit">
              Sign out
            </button>
          </form>
        </div>
        <section className="account__section" aria-labelledby="orders-heading">
          <h2 id="orders-heading">Your orders</h2>
          {data.orders.length === 0 ? (
            <p>You have no orders yet.</p>
          ) : (
            <ul className="account__orders">
              {data.orders.map((order) => (
                <li key={order.orderId} className="account__order">
                  <a href={order.href}>{`Order ${order.orderId}`}</a>
                  <span>{`Placed ${order.placedOn}`}</span>
                  <span>
                    {order.itemCount} {order.itemCount === 1 ? 'item' : 'items'}
                  </span>
                  <strong>{order.total.displayString}</strong>
                </li>
              ))}
            </ul>
          )}
        </section>
        {data.freshOrders.length > 0 ? (
          <section className="account__section" aria-labelledby="fresh-orders-heading">
            <h2 id="fresh-orders-heading">Your fresh orders</h2>
            <ul className="account__orders">
              {data.freshOrders.map((order) => (
                <li key={order.orderId} className="account__order">
                  <a href={order.href}>{`Fresh order ${order.orderId}`}</a>
                  <span>{`Delivery ${order.slotLabel}`}</span>
                  <span>
                    {order.itemCount} {order.itemCount === 1 ? 'item' : 'items'} from {order.storeName}
                    {order.open ? ' (you can still add items)' : ''}
                  </span>
                  <strong>{order.subtotal.displayString}</strong>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <AccountTradeIns data={data} />
        <section className="account__section" aria-labelledby="saved-heading">
          <h2 id="saved-heading">1-Click settings</h2>
          <dl className="account__saved">
            <dt>Shipping address</dt>
            <dd>
              {data.address
                ? `${data.address.fullName}, ${data.address.line1}, ${data.address.city}, ${data.address.state} ${data.address.postalCode}`
                : 'None saved yet: your first order’s address is saved.'}
            </dd>
            <dt>Payment method</dt>
            <dd>{data.paymentMethod ?? 'None saved: orders are paid on delivery.'}</dd>
          </dl>
        </section>
      </main>
      <SiteFooter />
    </>
  );
}
