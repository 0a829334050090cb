import { OverlayDialog, type OverlayDialogProps } from './overlay-dialog';
import { SIDE_SHEET_WIDTH } from './ui-constants';

export type SideSheetProps = OverlayDialogProps & {
  /** Sheet width in px, 325 by default (DP-015). */
  width?: number;
};

/** Desktop side sheet: slides in from the right over 300 ms (DP-014) with its overlay (DP-007). */
export function SideSheet({ width = SIDE_SHEET_WIDTH, ...props }: SideSheetProps) {
  return <OverlayDialog variant="side-sheet" panelStyle={{ width }} {...props} />;
}
