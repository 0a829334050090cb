import { unitPriceShownRounded } from '../../../domain/pricing/rounded-unit-price';
import type { SplitBasketPageData } from '../../../shared/contracts/pages/split-basket-page';
import { SiteFooter } from '../../layout/site-footer';
import { SiteHeader } from '../../layout/site-header';

const TYPE_LABELS: Record<string, string> = {
  NEW: 'New',
  B2B_NEW: 'New · Business price',
  CUSTOM_OFFER: 'Custom offer',
  B2B_RD: 'Renewed · Business price',
};

/**
 * BIZ-003: the fast-forward basket. The quantity no single seller has, split over the sellers that
 * do (cheapest first), and one plain form that puts every line in the cart.
 */
export function SplitBasketPage({ data }: { data: SplitBasketPageData }) {
  const productPath = `/dp/${data.asin}`;
  const covered = data.quantity - data.shortBy;
  return (
    <>
      <SiteHeader shopper={data.shopper} cartCount={data.shopper.cartCount} returnTo={productPath} />
      <main id="top" tabIndex={-1} className="page page--narrow split-basket">
        <h1>Buy {data.quantity} from several sellers</h1>
        <p className="split-basket__product">
          {data.image ? (
            <img
              className="split-basket__image"
              src={data.image.url}
              alt={data.image.altText}
              width={80}
              height={80}
            />
          ) : null}
          <a href={productPath}>{data.title}</a>
        </p>
        {data.problem ? (
          <p className="alert alert--error" role="alert">
            {data.problem}
          </p>
        ) : null}
        {data.lines.length > 0 ? (
          <>
            <table className="split-basket__lines">
              <caption className="visually-hidden">How your quantity is split between sellers</caption>
              <thead>
                <tr>
                  <th scope="col">Seller</th>
                  <th scope="col">Quantity</th>
                  <th scope="col">Each</th>
                  <th scope="col">Total</th>
                </tr>
              </thead>
              <tbody>
                {data.lines.map((line) => (
                  <tr key={line.offerListingId}>
                    <th scope="row">
                      {line.merchantName}
                      <span className="split-basket__type">{TYPE_LABELS[line.type] ?? line.type}</span>
                    </th>
                    <td>{line.quantity}</td>
                    <td>{line.unitPrice.displayString}</td>
                    <td>{line.lineTotal.displayString}</td>
                  </tr>
                ))}
              </tbody>
              {data.total ? (
                <tfoot>
                  <tr>
                    <th scope="row" colSpan={3}>
                      Total for {covered}
                    </th>
                    <td>{data.total.displayString}</td>
                  </tr>
                </tfoot>
              ) : null}
            </table>
            {data.lines.some((line) =>
              unitPriceShownRounded(line.unitPrice.amount, line.quantity, line.lineTotal.amount),
            ) ? (
              <p className="split-basket__note">
                Prices each are rounded to the cent; each seller's total is priced exactly.
              </p>
            ) : null}
            {data.shortBy > 0 ? (
              <p className="alert alert--info" role="status">
                All sellers together have {covered} right now: {data.shortBy} short of the {data.quantity} you
                asked for.
              </p>
            ) : null}
            <form method="post" action="/gp/buy/basket/ff.html" className="split-basket__form">
              <input type="hidden" name="csrfToken" value={data.csrfToken} />
              <input type="hidden" name="asin" value={data.asin} />
              <input type="hidden" name="quantity" value={data.quantity} />
              <button type="submit" className="button button--cart">
                Add all {covered} to cart
              </button>
            </form>
          </>
        ) : (
          <p className="alert alert--info" role="status">
            No seller has this item in stock right now. <a href={productPath}>Back to the item</a>
          </p>
        )}
      </main>
      <SiteFooter />
    </>
  );
}
