import { useEffect } from 'react';
import { type QuantityAdjustment, shouldClickQuantityTooltip } from '../../../domain/buy-box/url-quantity';
import { Popover } from '../../ui/lazy-overlays';
import { usePopoverTrigger } from '../../ui/use-popover-trigger';

/**
 * Shown when the link the shopper followed set the quantity (`qty`, BB-008): a tooltip that says so.
 * Arriving with `bmsmSlotRedirect=1` clicks it open (DP-011).
 */
function QuantityUpdatedTip({ quantity }: { quantity: number }) {
  const tip = usePopoverTrigger();
  const trigger = tip.triggerProps.ref;
  useEffect(() => {
    if (shouldClickQuantityTooltip(new URLSearchParams(window.location.search))) trigger.current?.click();
  }, [trigger]);
  return (
    <>
      <button type="button" className="link-button buy-box__quantity-tip" {...tip.triggerProps}>
        Quantity updated
      </button>
      <Popover {...tip.popoverProps} title="Quantity updated">
        <p>
          The link you followed set the quantity to {quantity}. Choose another quantity in the dropdown if you
          like.
        </p>
      </Popover>
    </>
  );
}

/**
 * Said once, beside the quantity, when the link's `qty` could not be used as it was: over the per-order
 * limit, under the minimum order quantity, or not a quantity at all (DP-012 makes that 1).
 */
function QuantityAdjustedNote({
  adjustment,
  quantity,
  id,
}: {
  adjustment: QuantityAdjustment;
  quantity: number;
  id: string;
}) {
  const text =
    adjustment === 'limit'
      ? `This item is limited to ${quantity} per order, so the quantity is set to ${quantity}.`
      : adjustment === 'minimum'
        ? `This item is sold in quantities of at least ${quantity}, so the quantity is set to ${quantity}.`
        : `The quantity in the link you followed isn't one we can use, so the quantity is set to ${quantity}.`;
  return (
    <p className="alert alert--info buy-box__quantity-note" id={id} role="status">
      {text}
    </p>
  );
}

/** What the buy box says when the link set the quantity: the adjusted note, or the "Quantity updated" tip. */
export function QuantityLinkNote({
  adjustment,
  quantity,
  id,
}: {
  adjustment: QuantityAdjustment | null;
  quantity: number;
  id: string;
}) {
  return adjustment !== null ? (
    <QuantityAdjustedNote adjustment={adjustment} quantity={quantity} id={id} />
  ) : (
    <QuantityUpdatedTip quantity={quantity} />
  );
}
