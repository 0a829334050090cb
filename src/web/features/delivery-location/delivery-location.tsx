import { useEffect, useRef, useState } from 'react';
import { locationPromptOpens } from '../../../domain/buy-box/buy-box-constants';
import { onDeliveryZipSaved } from '../../api/delivery-zip-event';
import { loader, useOverlayModule } from '../../ui/lazy-overlays';

// The dialog (its form, the ZIP rule, the location API and the modal) is a chunk of its own, loaded
// when it first opens: the page's first load carries only the "Deliver to" button.
const dialog = loader(() => import('./delivery-location-dialog'));

/**
 * "Deliver to": shows the delivery ZIP and lets the shopper change it. The prompt opens by itself only
 * when the shopper has no location yet, has not dismissed it, and is on a desktop (DP-005).
 */
export function DeliveryLocation({ zip, eligible }: { zip: string | null; eligible: boolean }) {
  const [current, setCurrent] = useState(zip);
  const [open, setOpen] = useState(false);
  // Asked for at the first opening; once in, it stays mounted, so what was typed survives a close.
  const [wanted, setWanted] = useState(false);
  // Opened by the page, not the shopper (DP-005): it gives way to any other overlay (decision 0046).
  const [prompted, setPrompted] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const module = useOverlayModule(dialog, wanted);
  const show = () => {
    setWanted(true);
    setPrompted(false);
    setOpen(true);
  };

  // A ZIP saved elsewhere on the page (the services interstitial) is the shopper's location too.
  useEffect(() => onDeliveryZipSaved(setCurrent), []);

  useEffect(() => {
    const desktop = window.matchMedia('(min-width: 900px) and (pointer: fine)').matches;
    if (locationPromptOpens({ eligible, device: desktop ? 'desktop' : 'mobile' })) {
      setWanted(true);
      setPrompted(true);
      setOpen(true);
    }
  }, [eligible]);

  return (
    <>
      <button ref={trigger} className="deliver-to" type="button" aria-haspopup="dialog" onClick={show}>
        <svg className="deliver-to__pin" aria-hidden="true" viewBox="0 0 12 16" width="10" height="14">
          <path
            d="M6 0a6 6 0 0 0-6 6c0 4.5 6 10 6 10s6-5.5 6-10a6 6 0 0 0-6-6zm0 8.5A2.5 2.5 0 1 1 6 3.5a2.5 2.5 0 0 1 0 5z"
            fill="currentColor"
          />
        </svg>
        {current ? `Deliver to ${current}` : 'Choose your delivery location'}
      </button>
      {module ? (
        <module.DeliveryLocationDialog
          open={open}
          current={current}
          prompted={prompted}
          returnFocusRef={trigger}
          onSaved={(saved) => {
            setCurrent(saved);
            setOpen(false);
          }}
          onClose={() => setOpen(false)}
          onGiveWay={() => {
            setOpen(false);
            setPrompted(false);
          }}
        />
      ) : null}
    </>
  );
}
