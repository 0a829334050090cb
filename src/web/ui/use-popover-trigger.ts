import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { POPOVER_REENABLE_DELAY_MS } from './ui-constants';

/**
 * Open state for one popover and the props for its trigger button and the Popover. After any close the
 * trigger ignores presses for 370 ms (BB-044), so the press that dismissed it cannot reopen it.
 */
export function usePopoverTrigger<T extends HTMLElement = HTMLButtonElement>() {
  const [open, setOpen] = useState(false);
  const anchorRef = useRef<T>(null);
  const id = useId();
  const enabled = useRef(true);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const close = useCallback(() => {
    setOpen(false);
    enabled.current = false;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      enabled.current = true;
    }, POPOVER_REENABLE_DELAY_MS);
  }, []);
  const toggle = useCallback(() => {
    if (open) close();
    else if (enabled.current) setOpen(true);
  }, [open, close]);

  return {
    open,
    close,
    toggle,
    triggerProps: {
      ref: anchorRef,
      'aria-haspopup': 'dialog' as const,
      'aria-expanded': open,
      'aria-controls': open ? id : undefined,
      onClick: toggle,
    },
    popoverProps: { open, onClose: close, anchorRef, id },
  };
}
