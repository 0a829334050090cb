import type { CSSProperties } from 'react';
import { OverlayDialog, type OverlayDialogProps } from './overlay-dialog';
import { SIDE_SHEET_WIDTH } from './ui-constants';

export type SideSheetProps = OverlayDialogProps & {
  /** Sheet width in px, 325 by default (DP-015). */
  width?: number;
  /** How long it slides in, in ms: 300 by default (DP-014); the trade-in sheet takes 500 (TI-020). */
  slideMs?: number;
};

/** Desktop side sheet: slides in from the right over 300 ms (DP-014) with its overlay (DP-007). */
export function SideSheet({ width = SIDE_SHEET_WIDTH, slideMs, ...props }: SideSheetProps) {
  const slide = slideMs === undefined ? {} : ({ '--ui-slide': `${slideMs}ms` } as CSSProperties);
  return <OverlayDialog variant="side-sheet" panelStyle={{ width, ...slide }} {...props} />;
}
