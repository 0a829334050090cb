import { OVERLAP_THRESHOLD_PX } from './ui-constants';

export type AnchorRect = Pick<DOMRect, 'top' | 'right' | 'bottom' | 'left'>;

export type PopoverPlacement = {
  side: 'right' | 'below';
  /** Viewport coordinates in px. */
  top: number;
  left: number;
  width: number;
};

/** Space between a popover and its trigger, and between a popover and the viewport edge. */
export const POPOVER_GAP_PX = 8;

/**
 * Places a popover at its trigger's right (BB-041). When the viewport is too narrow it slides left, and
 * once it would cover the trigger by more than the overlap threshold (DP-020) it goes below instead.
 */
export function placePopover(anchor: AnchorRect, width: number, viewportWidth: number): PopoverPlacement {
  const fitted = Math.max(0, Math.min(width, viewportWidth - 2 * POPOVER_GAP_PX));
  const maxLeft = viewportWidth - POPOVER_GAP_PX - fitted;
  const rightLeft = Math.min(anchor.right + POPOVER_GAP_PX, maxLeft);
  if (anchor.right - rightLeft <= OVERLAP_THRESHOLD_PX) {
    return { side: 'right', top: anchor.top, left: rightLeft, width: fitted };
  }
  return {
    side: 'below',
    top: anchor.bottom + POPOVER_GAP_PX,
    left: Math.max(POPOVER_GAP_PX, Math.min(anchor.left, maxLeft)),
    width: fitted,
  };
}
