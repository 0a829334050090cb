import { useEffect, useRef, useState } from 'react';
import type { RecycleAndSaveLaunch as Launch } from '../../../shared/contracts/recycle-and-save';
import { loader, useOverlayModule } from '../../ui/lazy-overlays';
import { usePhoneLayout } from '../../ui/use-phone-layout';

// The dialog, its calls and the promo popover are a chunk of their own, fetched on the first press
// (warmed at the pointer-down or focus before it): the product page's first load does not carry them.
const dialog = loader(() => import('./recycle-and-save-dialog'));

export type RecycleAndSaveLaunchProps = { asin: string; launch: Launch; signedIn: boolean };

/**
 * The recycle-and-save launch in the purchase column (RS-001): a button that opens the promotion's
 * modal; once claimed, the green claimed message in its place (RS-004).
 */
export function RecycleAndSaveLaunch({ asin, launch, signedIn }: RecycleAndSaveLaunchProps) {
  const [claimed, setClaimed] = useState(launch.promoAccessState === 'claimed');
  const [justClaimed, setJustClaimed] = useState(false);
  const [open, setOpen] = useState(false);
  const phone = usePhoneLayout();
  const module = useOverlayModule(dialog, open);
  const claimedRef = useRef<HTMLParagraphElement>(null);
  const warm = () => void dialog.load();
  // The button that had focus is gone once claimed: the message that replaced it takes focus (after
  // the dialog, closing in the same render, has handed focus back).
  useEffect(() => {
    if (justClaimed) claimedRef.current?.focus();
  }, [justClaimed]);

  if (claimed) {
    return (
      <div className="rs-launch">
        <p className="rs-launch__claimed" ref={claimedRef} tabIndex={-1}>
          <span aria-hidden="true">✓ </span>
          {`Recycle and save claimed: ${launch.percentOff}% off this item at checkout`}
        </p>
        {justClaimed && module ? <module.PromoPopover percentOff={launch.percentOff} /> : null}
      </div>
    );
  }
  return (
    <div className="rs-launch">
      <button
        type="button"
        className="rs-launch__button"
        aria-haspopup="dialog"
        aria-busy={open && !module}
        onPointerDown={warm}
        onFocus={warm}
        onClick={() => setOpen(true)}
      >
        <span aria-hidden="true">♻ </span>
        {`Recycle and save ${launch.percentOff}%`}
        {open && !module ? <span className="spinner rs-launch__spinner" aria-hidden="true" /> : null}
      </button>
      {open && module ? (
        <module.RecycleAndSaveDialog
          target={{ asin, productGroup: launch.productGroup, deviceType: phone ? 'mobileWeb' : 'web' }}
          signedIn={signedIn}
          onClose={() => setOpen(false)}
          onClaimed={() => {
            setOpen(false);
            setClaimed(true);
            setJustClaimed(true);
          }}
        />
      ) : null}
    </div>
  );
}
