import { useRef, useState } from 'react';
import { loader, useOverlayModule } from '../../ui/lazy-overlays';

// The dropdown, the modals, the baby panel and their calls are a chunk of their own, fetched on the
// first press (warmed at pointer-down or focus): the product page's first load does not carry them.
const dialog = loader(() => import('./registry-dialog'));

export type RegistryButtonProps = { asin: string; sessionId: string };

/** "Add to registry" beside "Add to list" (REG-001): opens the shopper's registries for the item. */
export function RegistryButton({ asin, sessionId }: RegistryButtonProps) {
  const [open, setOpen] = useState(false);
  const module = useOverlayModule(dialog, open);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const warm = () => void dialog.load();
  return (
    <div className="registry-button">
      <button
        ref={buttonRef}
        type="button"
        className="button button--secondary button--wide registry-button__button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-busy={open && !module}
        onPointerDown={warm}
        onFocus={warm}
        onClick={() => setOpen((was) => !was)}
      >
        Add to registry
      </button>
      {open && module ? (
        <module.RegistryDialog
          asin={asin}
          sessionId={sessionId}
          anchorRef={buttonRef}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </div>
  );
}
