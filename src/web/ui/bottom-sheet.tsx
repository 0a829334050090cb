import { OverlayDialog, type OverlayDialogProps } from './overlay-dialog';
import { BOTTOM_SHEET_HEIGHT } from './ui-constants';

export type BottomSheetProps = OverlayDialogProps & {
  /** Least sheet height in px, 190 by default (DP-016); taller content grows it up to 85% of the screen. */
  height?: number;
};

/** Mobile bottom sheet: slides up from the bottom edge over an overlay. */
export function BottomSheet({ height = BOTTOM_SHEET_HEIGHT, ...props }: BottomSheetProps) {
  return <OverlayDialog variant="bottom-sheet" panelStyle={{ minHeight: height }} {...props} />;
}
