// Spec constants for the shared overlay primitives. Plain numbers (no React) so domain code and tests can
// read them; the components hand them to ui.css as CSS variables, so the stylesheet never restates them.

/** BB-041: default popover (and popover-modal) width; the popover opens at its trigger's right. */
export const POPOVER_DEFAULT_WIDTH = 502;
/** BB-043: delay before an opened popover is shown highlighted (its fade-in starts). */
export const POPOVER_HIGHLIGHT_DELAY_MS = 20;
/** BB-044: after a popover closes, its trigger ignores presses for this long. */
export const POPOVER_REENABLE_DELAY_MS = 370;
/** DP-018: a popover saves its position at most this often after the page scrolls or resizes. */
export const POPOVER_POSITION_SAVE_MS = 250;
/** DP-020: how far a popover may cover its trigger before it moves below it. */
export const OVERLAP_THRESHOLD_PX = 10;
/** DP-013: fade duration of overlays and popovers. */
export const FADE_MS = 150;
/** DP-014: side sheet slide duration. */
export const SIDE_SHEET_SLIDE_MS = 300;
/** DP-015: side sheet width on desktop. */
export const SIDE_SHEET_WIDTH = 325;
/** DP-016: bottom sheet height. */
export const BOTTOM_SHEET_HEIGHT = 190;
