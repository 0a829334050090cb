import { Fragment, useState } from 'react';
import type { ProductPageData } from '../../../shared/contracts/pages/product-page';
import type { DealState } from '../../../shared/deal-constants';
import { BuyBox, type BuyBoxUpsells } from '../../features/buy-box/buy-box';
import { BusinessBuyingSlot } from './business-buying-slot';
import { DealBuyBoxSlot } from './deal-buy-box-slot';
import type { PurchaseColumn, PurchaseExtension, PurchaseExtensionParts } from './purchase-extension';
import { PURCHASE_EXTENSIONS } from './purchase-extensions';

/**
 * The extensions a page shows, each with its parts for this render. The list is read once, when the
 * column first renders, so each extension's hook runs in the same order on every render.
 */
function useExtensionParts(
  extensions: readonly PurchaseExtension[],
  column: PurchaseColumn,
): { extension: PurchaseExtension; parts: PurchaseExtensionParts }[] {
  const [shown] = useState(() => extensions.filter((extension) => extension.shown(column.data)));
  // biome-ignore lint/correctness/useHookAtTopLevel: the list is fixed for the column's lifetime (above), so each extension's hook runs in the same place on every render.
  return shown.map((extension) => ({ extension, parts: extension.useParts(column) }));
}

/** The extensions as the buy box form takes them: rows, items and interception, in the list's order. */
function buyBoxUpsells(
  shown: { extension: PurchaseExtension; parts: PurchaseExtensionParts }[],
): BuyBoxUpsells | undefined {
  if (shown.length === 0) return undefined;
  const items = (pageQuantity: number) => shown.flatMap(({ parts }) => parts.items(pageQuantity));
  return {
    render: (pageQuantity) =>
      shown.map(({ extension, parts }, index) => {
        const itemsBefore =
          pageQuantity === null
            ? 0
            : shown.slice(0, index).reduce((count, { parts }) => count + parts.items(pageQuantity).length, 0);
        return <Fragment key={extension.name}>{parts.inForm?.({ pageQuantity, itemsBefore })}</Fragment>;
      }),
    items,
    // The first extension that holds the press back has it.
    intercept: (buttonId, replay) => shown.some(({ parts }) => parts.intercept(buttonId, replay)),
  };
}

/**
 * The product page's purchase column under "Deliver to": the purchase box (the deal box around the
 * regular one on a lightning deal's page, the business box for a business customer, else the regular
 * buy box) carrying the purchase extensions (`purchase-extensions.ts`). Its own chunk, hydrated after
 * the rest of the page (`purchase-slot.tsx`); a grocery product's page has the grocery box instead.
 */
export function PurchasePart({
  data,
  onCartCount,
  onDealState,
  extensions = PURCHASE_EXTENSIONS,
}: {
  data: ProductPageData;
  onCartCount: (count: number) => void;
  /** The deal box's current deal state, for the page's price block. */
  onDealState?: (state: DealState | null) => void;
  /** The extensions the buy box may carry (every page: the list; a test gives its own). */
  extensions?: readonly PurchaseExtension[];
}) {
  const offer = data.product.offer;
  const shown = useExtensionParts(extensions, { data, onCartCount });
  const upsells = buyBoxUpsells(shown);

  return (
    <>
      <DealBuyBoxSlot
        data={data}
        onCartCount={onCartCount}
        {...(onDealState ? { onDealState } : {})}
        // Deal mode: the claim is this page's add to cart. It goes out at once (the units are scarce);
        // the accessories are offered after it, each with its own add to cart (ACC-010, ACC-013).
        {...(upsells ? { onClaimed: () => upsells.intercept('add-to-cart-button', () => undefined) } : {})}
      >
        <BusinessBuyingSlot data={data} onCartCount={onCartCount}>
          {offer ? <BuyBox data={data} offer={offer} onCartCount={onCartCount} upsells={upsells} /> : null}
        </BusinessBuyingSlot>
      </DealBuyBoxSlot>
      {shown.map(({ extension, parts }) => (
        <Fragment key={extension.name}>{parts.beside}</Fragment>
      ))}
    </>
  );
}
