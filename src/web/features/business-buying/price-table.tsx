import type { TableRow } from '../../../domain/business/price-tiers';
import type { PickerSettings } from '../../../shared/contracts/business';

import { rowActionable, rowId } from './price-table-rows';

/**
 * The price table (BIZ-002): the listbox the quantity input controls. Rows are options; the input
 * keeps focus (aria-activedescendant), so a press on a row must not take it away.
 */
export function PriceTable({
  id,
  rows,
  activeIndex,
  messages,
  onChoose,
}: {
  id: string;
  rows: readonly TableRow[];
  activeIndex: number;
  messages: PickerSettings['messages'];
  onChoose: (row: TableRow) => void;
}) {
  return (
    <div
      className="price-table"
      role="listbox"
      id={id}
      aria-label="Quantity discounts"
      // The input keeps focus: choosing a row must not blur it first (BIZ-028 closes on blur).
      onMouseDown={(event) => event.preventDefault()}
    >
      {rows.map((row, index) => {
        const key = `${row.kind}-${row.kind === 'tier' ? row.tier.quantity : index}`;
        const common = {
          id: rowId(id, index),
          role: 'option' as const,
          'aria-selected': index === activeIndex,
          className: `price-table__row price-table__row--${row.kind}${index === activeIndex ? ' price-table__row--active' : ''}`,
          ...(rowActionable(row) ? { onClick: () => onChoose(row) } : { 'aria-disabled': true }),
        };
        switch (row.kind) {
          case 'tier':
            return (
              <div key={key} {...common} data-quantity={row.tier.quantity}>
                <span className="price-table__quantity">{row.tier.quantity}+</span>
                <span className="price-table__price">{row.tier.quantityPickerPriceText}</span>
                {row.tier.savingsMessage ? (
                  <span className="price-table__savings">{row.tier.savingsMessage}</span>
                ) : null}
                {row.unlocked ? <span className="price-table__badge">Discount unlocked</span> : null}
                {row.tier.isLowestAvailablePrice ? (
                  <span className="price-table__badge">Lowest price</span>
                ) : null}
                {row.tier.isUncompetitive ? (
                  <span className="price-table__note">Better price at a lower quantity</span>
                ) : null}
                {row.tier.availabilityMessage ? (
                  <span className="price-table__note">{row.tier.availabilityMessage}</span>
                ) : null}
              </div>
            );
          case 'single-tier':
            return (
              <div key={key} {...common} data-quantity={row.quantity}>
                <span className="price-table__quantity">{row.quantity}+</span>
                <span className="price-table__price">{row.priceText}</span>
              </div>
            );
          case 'load-more':
            return (
              <div key={key} {...common}>
                {messages.loadMore}
              </div>
            );
          case 'bulk-buying':
            return (
              <div key={key} {...common}>
                {row.message}
              </div>
            );
          case 'request-discount':
            return (
              <div key={key} {...common}>
                {messages.requestForQuantityDiscount}
              </div>
            );
          case 'fetching':
            return (
              <div key={key} {...common}>
                {messages.fetchingBestPrices}
              </div>
            );
          case 'error':
            return (
              <div key={key} {...common}>
                {messages.quantityTableError} See all offers
              </div>
            );
          case 'unavailable':
            return (
              <div key={key} {...common}>
                {messages.unavailable}
              </div>
            );
        }
        return null;
      })}
    </div>
  );
}
