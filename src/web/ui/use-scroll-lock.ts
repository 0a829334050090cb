import { useEffect } from 'react';

// Counted, so a sheet opened over a modal does not unlock the page when it closes first.
let locks = 0;
let savedOverflow = '';

/** While `active`, the page behind an overlay does not scroll. */
export function useScrollLock(active: boolean) {
  useEffect(() => {
    if (!active) return;
    if (locks === 0) {
      savedOverflow = document.body.style.overflow;
      document.body.style.overflow = 'hidden';
    }
    locks += 1;
    return () => {
      locks -= 1;
      if (locks === 0) document.body.style.overflow = savedOverflow;
    };
  }, [active]);
}
