import { type CSSProperties, type ReactNode, type RefObject, useId } from 'react';
import { createPortal } from 'react-dom';
import { FADE_MS, SIDE_SHEET_SLIDE_MS } from './ui-constants';
import { useFocusTrap } from './use-focus-trap';
import { useIsClient } from './use-is-client';
import { useScrollLock } from './use-scroll-lock';

export type OverlayDialogProps = {
  open: boolean;
  onClose: () => void;
  /** Visible heading; the dialog is named by it unless `labelledBy` names another element. */
  title: ReactNode;
  labelledBy?: string;
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Focused when the dialog closes, instead of what had focus when it opened (e.g. its trigger). */
  returnFocusRef?: RefObject<HTMLElement | null>;
  /** The dialog element's id, so the page can tell this dialog from others. */
  dialogId?: string;
  children: ReactNode;
  footer?: ReactNode;
};

type Variant = 'modal' | 'side-sheet' | 'bottom-sheet';

/**
 * The modal dialog behind Modal, SideSheet and BottomSheet: a backdrop and a panel portalled into
 * document.body on the client only (the server renders nothing), focus trapped while open.
 */
export function OverlayDialog({
  variant,
  panelStyle,
  ...props
}: OverlayDialogProps & { variant: Variant; panelStyle: CSSProperties }) {
  const isClient = useIsClient();
  if (!props.open || !isClient) return null;
  return createPortal(<OverlayPanel variant={variant} panelStyle={panelStyle} {...props} />, document.body);
}

// Mounted only while open, so each opening starts with fresh focus and animation state.
function OverlayPanel({
  variant,
  panelStyle,
  onClose,
  title,
  labelledBy,
  initialFocusRef,
  returnFocusRef,
  dialogId,
  children,
  footer,
}: OverlayDialogProps & { variant: Variant; panelStyle: CSSProperties }) {
  const titleId = useId();
  const panelRef = useFocusTrap<HTMLDivElement>(true, {
    onClose,
    ...(initialFocusRef ? { initialFocusRef } : {}),
    ...(returnFocusRef ? { returnFocusRef } : {}),
  });
  useScrollLock(true);
  // The backdrop and the panel mount and unmount in one commit, so they open and close together (DP-007).
  const timing = { '--ui-fade': `${FADE_MS}ms`, '--ui-slide': `${SIDE_SHEET_SLIDE_MS}ms` } as CSSProperties;
  return (
    <div className={`ui-overlay ui-overlay--${variant}`} style={timing}>
      <div className="ui-backdrop" />
      <div
        ref={panelRef}
        id={dialogId}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy ?? titleId}
        tabIndex={-1}
        className={`ui-dialog ui-${variant}`}
        style={panelStyle}
      >
        {variant === 'bottom-sheet' ? <span className="ui-bottom-sheet__handle" aria-hidden="true" /> : null}
        <div className="ui-dialog__header">
          <h2 id={titleId} className="ui-dialog__title">
            {title}
          </h2>
          <CloseButton onClose={onClose} />
        </div>
        <div className="ui-dialog__body">{children}</div>
        {footer ? <div className="ui-dialog__footer">{footer}</div> : null}
      </div>
    </div>
  );
}

/** The round × button every overlay carries, named "Close" for screen readers. */
export function CloseButton({ onClose }: { onClose: () => void }) {
  return (
    <button type="button" className="ui-close-button" aria-label="Close" onClick={onClose}>
      <span aria-hidden="true">×</span>
    </button>
  );
}
