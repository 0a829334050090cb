import type { PriceExplanationView } from '../../../shared/contracts/products';

/**
 * "How this price is built" (beyond the peers): a disclosure beside the price listing what makes it
 * up, each part with its amount, adding up to what the cart will charge. A native details element:
 * it opens by keyboard and works before the script.
 */
export function PriceExplanation({ explanation }: { explanation: PriceExplanationView }) {
  const { quantity } = explanation;
  return (
    <details className="price-explanation">
      <summary>How this price is built</summary>
      <table className="price-explanation__table">
        <caption className="visually-hidden">
          How the price of {quantity} {quantity === 1 ? 'unit' : 'units'} is built
        </caption>
        <tbody>
          {explanation.rows.map((row) => (
            <tr key={row.kind} className={`price-explanation__row price-explanation__row--${row.kind}`}>
              <th scope="row">{row.label}</th>
              <td>
                {row.deduction ? '−' : ''}
                {row.amount.displayString}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="price-explanation__total">
            <th scope="row">
              You pay for {quantity} {quantity === 1 ? 'unit' : 'units'}
            </th>
            <td>{explanation.total.displayString}</td>
          </tr>
        </tfoot>
      </table>
    </details>
  );
}
