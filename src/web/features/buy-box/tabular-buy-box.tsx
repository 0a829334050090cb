import { useEffect, useRef, useState } from 'react';
import { showMoreLink } from '../../../domain/buy-box/buy-box-constants';
import { loader, useOverlayModule } from '../../ui/lazy-overlays';
import { RETURNS } from './returns-text';

// The sheet with the full details is a chunk of its own, loaded when "Show more" is first pressed.
const sheet = loader(() => import('./returns-sheet'));

/**
 * Ships from / sold by / returns / payment. Text clamps to 3 lines (DP-017); when it is cut, "Show more"
 * opens the full details in a side sheet with its overlay (DP-006, DP-007); links there open a new tab (DP-008).
 */
export function TabularBuyBox({ merchantName }: { merchantName: string }) {
  const returnsRef = useRef<HTMLParagraphElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  // Rendered cut on the server (the returns text runs past 3 lines in every layout), so nothing shifts.
  const [truncated, setTruncated] = useState(true);
  const [open, setOpen] = useState(false);
  // Side sheet on desktop, bottom sheet on phones (S2 §2), decided when it opens.
  const [phone, setPhone] = useState(false);
  const module = useOverlayModule(sheet, open);
  useEffect(() => {
    const element = returnsRef.current;
    if (!element) return;
    const lineHeight = Number.parseFloat(getComputedStyle(element).lineHeight) || 18;
    // Lines the full text takes: the clamped box hides the rest, scrollHeight still counts it.
    setTruncated(showMoreLink(Math.round(element.scrollHeight / lineHeight)));
  }, []);
  return (
    <div className="tabular-buy-box">
      <dl>
        <dt>Ships from</dt>
        <dd>{merchantName}</dd>
        <dt>Sold by</dt>
        <dd>{merchantName}</dd>
        <dt>Returns</dt>
        <dd>
          <p ref={returnsRef} className="tabular-buy-box__clamp">
            {RETURNS}
          </p>
          {truncated ? (
            <button
              ref={trigger}
              className="link-button"
              type="button"
              aria-haspopup="dialog"
              onClick={() => {
                setPhone(window.matchMedia('(max-width: 900px)').matches);
                setOpen(true);
              }}
            >
              Show more
            </button>
          ) : null}
        </dd>
        <dt>Payment</dt>
        <dd>Secure transaction</dd>
      </dl>
      {module ? <module.ReturnsSheet phone={phone} open={open} onClose={() => setOpen(false)} /> : null}
    </div>
  );
}
