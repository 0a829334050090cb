import { type RefObject, useEffect, useState } from 'react';
import type { AddressSelectionsResponse } from '../../../shared/contracts/grocery';
import { addressSelections } from '../../api/grocery-api';
import { BottomSheet, Popover } from '../../ui/lazy-overlays';
import { Spinner } from '../../ui/spinner';
import { usePhoneLayout } from '../../ui/use-phone-layout';

/** GRO-027: the shopper's delivery addresses, from the selections call; choosing one hands it to the page. */
export function AddressPicker({
  open,
  anchorRef,
  onClose,
  onChoose,
}: {
  open: boolean;
  anchorRef: RefObject<HTMLElement | null>;
  onClose: () => void;
  onChoose: (addressId: string) => void;
}) {
  const phone = usePhoneLayout();
  const [selections, setSelections] = useState<AddressSelectionsResponse | 'loading' | 'failed'>('loading');
  useEffect(() => {
    if (!open) return;
    let live = true;
    setSelections('loading');
    void addressSelections(phone ? 'mobile' : 'desktop').then((result) => {
      if (live) setSelections(result.ok ? result.answer : 'failed');
    });
    return () => {
      live = false;
    };
  }, [open, phone]);
  const body =
    selections === 'loading' ? (
      <Spinner label="Loading your addresses" />
    ) : selections === 'failed' ? (
      <p className="alert alert--error" role="alert">
        We could not load your addresses. Please try again.
      </p>
    ) : (
      <ul className="grocery-addresses">
        {selections.addresses.map((address) => (
          <li key={address.addressId}>
            <button
              type="button"
              className="grocery-addresses__choice"
              aria-current={address.selected ? 'true' : undefined}
              onClick={() => onChoose(address.addressId)}
            >
              {address.label}
              {address.selected ? <span className="grocery-addresses__current"> (current)</span> : null}
            </button>
          </li>
        ))}
      </ul>
    );
  if (phone) {
    return (
      <BottomSheet open={open} onClose={onClose} title="Choose a delivery address">
        {body}
      </BottomSheet>
    );
  }
  return (
    <Popover
      open={open}
      onClose={onClose}
      anchorRef={anchorRef}
      title="Choose a delivery address"
      width={320}
    >
      {body}
    </Popover>
  );
}
