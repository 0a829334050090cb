import { OverlayDialog, type OverlayDialogProps } from './overlay-dialog';
import { POPOVER_DEFAULT_WIDTH } from './ui-constants';

export type ModalProps = OverlayDialogProps & {
  /** Panel width in px; BB-041 gives popover modals 502 by default. Narrow screens shrink it. */
  width?: number;
};

/** A centred modal dialog over a backdrop; fades in over 150 ms (DP-013), closes on Escape or backdrop press. */
export function Modal({ width = POPOVER_DEFAULT_WIDTH, ...props }: ModalProps) {
  return <OverlayDialog variant="modal" panelStyle={{ width }} {...props} />;
}
