import { OVERLAP_THRESHOLD_PX } from './ui-constants';

export type AnchorRect = Pick<DOMRect, 'top' | 'right' | 'bottom' | 'left'>;

export type PopoverPlacement = {
  side: 'right' | 'left' | 'below' | 'above';
  /** Viewport coordinates in px. */
  top: number;
  left: number;
  width: number;
};

/** The viewport, and the popover's own height as rendered (0 before it is measured). */
export type PlacementRoom = { viewportWidth: number; viewportHeight: number; height: number };

/** Space between a popover and its trigger, and between a popover and the viewport edge. */
export const POPOVER_GAP_PX = 8;

const clamp = (value: number, min: number, max: number) => Math.max(min, Math.min(value, max));

/**
 * Places a popover at its trigger's right (BB-041), level with its top and moved up as far as needed to
 * end inside the viewport. Without room at the right it may slide over the trigger by the overlap
 * threshold (DP-020); beyond that it flips to the trigger's left, and when neither side has room (a phone)
 * it goes below the trigger, or above when only there it fits, else as low as it can while ending in view.
 */
export function placePopover(anchor: AnchorRect, width: number, room: PlacementRoom): PopoverPlacement {
  const { viewportWidth, viewportHeight, height } = room;
  const fitted = Math.max(0, Math.min(width, viewportWidth - 2 * POPOVER_GAP_PX));
  const maxLeft = viewportWidth - POPOVER_GAP_PX - fitted;
  // Level with the trigger's top, moved up to end inside the viewport, never above its top edge.
  const besideTop = clamp(anchor.top, POPOVER_GAP_PX, viewportHeight - POPOVER_GAP_PX - height);

  const rightLeft = Math.min(anchor.right + POPOVER_GAP_PX, maxLeft);
  if (anchor.right - rightLeft <= OVERLAP_THRESHOLD_PX) {
    return { side: 'right', top: besideTop, left: rightLeft, width: fitted };
  }
  const leftLeft = Math.max(anchor.left - POPOVER_GAP_PX - fitted, POPOVER_GAP_PX);
  if (leftLeft + fitted - anchor.left <= OVERLAP_THRESHOLD_PX) {
    return { side: 'left', top: besideTop, left: leftLeft, width: fitted };
  }

  const left = clamp(anchor.left, POPOVER_GAP_PX, maxLeft);
  const belowTop = anchor.bottom + POPOVER_GAP_PX;
  const aboveTop = anchor.top - POPOVER_GAP_PX - height;
  if (belowTop + height > viewportHeight - POPOVER_GAP_PX && aboveTop >= POPOVER_GAP_PX) {
    return { side: 'above', top: aboveTop, left, width: fitted };
  }
  // Fits neither below nor above: moved up until it ends in the window, over the trigger if it must.
  return {
    side: 'below',
    top: clamp(belowTop, POPOVER_GAP_PX, viewportHeight - POPOVER_GAP_PX - height),
    left,
    width: fitted,
  };
}
