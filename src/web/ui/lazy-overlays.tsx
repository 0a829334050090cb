import { useEffect, useState } from 'react';
import type { BottomSheetProps } from './bottom-sheet';
import type { ModalProps } from './modal';
import type { PopoverProps } from './popover';
import { useIsClient } from './use-is-client';

// The overlays as the product page uses them: same props, but their code (panel, placement, focus trap,
// scroll lock) is a chunk of its own, fetched the first time one opens. No overlay is open in the
// server's HTML or during hydration, so none is part of the page's first load.
//
// Not React.lazy: a Suspense boundary that showed its (empty) fallback reveals its content on a timer,
// so an overlay would wait on the page's clock. The chunk arrives as a state update instead, and once
// in, every later opening renders at once.

export type Loader<M> = { module: M | null; load: () => Promise<M> };

/** A module loaded once, on first need (an overlay's, or a feature's dialog that renders one). */
export function loader<M>(importModule: () => Promise<M>): Loader<M> {
  const state: Loader<M> = {
    module: null,
    load: async () => {
      state.module ??= await importModule();
      return state.module;
    },
  };
  return state;
}

const popover = loader(() => import('./popover'));
const modal = loader(() => import('./modal'));
const bottomSheet = loader(() => import('./bottom-sheet'));

/** The overlay's module once `open` has asked for it (null before, and while it loads). */
export function useOverlayModule<M>(overlay: Loader<M>, open: boolean): M | null {
  const [module, setModule] = useState(overlay.module);
  useEffect(() => {
    if (!open || module) return;
    let current = true;
    void overlay.load().then((loaded) => {
      if (current) setModule(loaded);
    });
    return () => {
      current = false;
    };
  }, [overlay, open, module]);
  return module ?? overlay.module;
}

/** Open only on the client: the server and hydration render no overlay. */
function useOpen(open: boolean): boolean {
  return useIsClient() && open;
}

/** `Popover` (popover.tsx), its code loaded when it first opens. */
export function Popover(props: PopoverProps) {
  const open = useOpen(props.open);
  const module = useOverlayModule(popover, open);
  return open && module ? <module.Popover {...props} /> : null;
}

/** `Modal` (modal.tsx), its code loaded when it first opens. */
export function Modal(props: ModalProps) {
  const open = useOpen(props.open);
  const module = useOverlayModule(modal, open);
  return open && module ? <module.Modal {...props} /> : null;
}

/** `BottomSheet` (bottom-sheet.tsx), its code loaded when it first opens. */
export function BottomSheet(props: BottomSheetProps) {
  const open = useOpen(props.open);
  const module = useOverlayModule(bottomSheet, open);
  return open && module ? <module.BottomSheet {...props} /> : null;
}
