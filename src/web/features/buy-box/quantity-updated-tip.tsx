import { useEffect } from 'react';
import { shouldClickQuantityTooltip } from '../../../domain/buy-box/url-quantity';
import { Popover, usePopoverTrigger } from '../../ui/popover';

/**
 * Shown when the link the shopper followed set the quantity (`qty`, BB-008): a tooltip that says so.
 * Arriving with `bmsmSlotRedirect=1` clicks it open (DP-011).
 */
export function QuantityUpdatedTip({ quantity }: { quantity: number }) {
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
