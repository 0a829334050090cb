import { useId, useState } from 'react';
import { multiAddAllowed } from '../../../domain/grocery/fresh-cart';
import type { GroceryView } from '../../../shared/contracts/grocery';

type Companion = GroceryView['boughtTogether'][number];

/**
 * GRO-013/014/024: this item and the ones bought with it, each ticked by default, added with one press.
 * No items ticked, or the button disabled (an add running), and nothing is sent.
 */
export function MultiAdd({
  self,
  companions,
  disabled,
  onAdd,
}: {
  self: { asin: string; title: string; offerListingDiscriminator: string };
  companions: Companion[];
  disabled: boolean;
  onAdd: (items: { asin: string; offerListingDiscriminator: string }[]) => void;
}) {
  const headingId = useId();
  const all = [{ ...self, price: null, image: null }, ...companions];
  const [ticked, setTicked] = useState(() => new Set(all.map((item) => item.asin)));
  const items = all.filter((item) => ticked.has(item.asin));
  return (
    <section className="multi-add" aria-labelledby={headingId}>
      <h2 id={headingId} className="multi-add__title">
        Often bought together
      </h2>
      <ul className="multi-add__items">
        {all.map((item) => (
          <li key={item.asin}>
            <label className="checkbox">
              <input
                type="checkbox"
                checked={ticked.has(item.asin)}
                onChange={(event) => {
                  const next = new Set(ticked);
                  if (event.target.checked) next.add(item.asin);
                  else next.delete(item.asin);
                  setTicked(next);
                }}
              />
              <span>
                {item.asin === self.asin ? <strong>This item: </strong> : null}
                {item.title}
                {item.price ? <span className="multi-add__price"> {item.price.displayString}</span> : null}
              </span>
            </label>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="button button--secondary button--wide"
        aria-disabled={disabled || items.length === 0 || undefined}
        onClick={() => {
          if (!multiAddAllowed(items, disabled)) return;
          onAdd(items.map(({ asin, offerListingDiscriminator }) => ({ asin, offerListingDiscriminator })));
        }}
      >
        {items.length === 0 ? 'Choose items to add' : `Add ${items.length} to Fresh Cart`}
      </button>
    </section>
  );
}
