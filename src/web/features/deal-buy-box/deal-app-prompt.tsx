import { useId, useRef, useState } from 'react';
import { Popover } from '../../ui/lazy-overlays';

/** DEAL-027..029: the app download button, or the learn-more message. */
export function AppOnlyPrompt({ prompt }: { prompt: 'download' | 'learn-more' }) {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const id = useId();
  if (prompt === 'learn-more') {
    return <p className="deal-box__app">App-only deal: it can be claimed only in the Northwind app.</p>;
  }
  return (
    <div className="deal-box__app">
      <p>This deal is only available in the Northwind app.</p>
      <button
        ref={trigger}
        type="button"
        className="button button--secondary button--wide"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen(true)}
      >
        Download the app
      </button>
      <Popover
        open={open}
        onClose={() => setOpen(false)}
        anchorRef={trigger}
        id={id}
        title="Get the Northwind app"
        width={320}
      >
        <p>
          Search for “Northwind Market” in the App Store or on Google Play, sign in with this account, and
          open this product to claim the deal.
        </p>
      </Popover>
    </div>
  );
}
