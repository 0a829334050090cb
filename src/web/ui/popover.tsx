import {
  type CSSProperties,
  type ReactNode,
  type RefObject,
  useEffect,
  useId,
  useLayoutEffect,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { CloseButton } from './overlay-dialog';
import { type PopoverPlacement, placePopover } from './place-popover';
import {
  FADE_MS,
  POPOVER_DEFAULT_WIDTH,
  POPOVER_HIGHLIGHT_DELAY_MS,
  POPOVER_POSITION_SAVE_MS,
} from './ui-constants';
import { useFocusTrap } from './use-focus-trap';
import { useIsClient } from './use-is-client';

// Every popover needs an accessible name: a visible `title`, or else a `label` read by screen readers.
type PopoverName = { title: ReactNode; label?: never } | { title?: never; label: string };

export type PopoverProps = PopoverName & {
  open: boolean;
  onClose: () => void;
  /** The trigger: the popover sits next to it and focus goes back to it on close. */
  anchorRef: RefObject<HTMLElement | null>;
  id?: string;
  /** Width in px, 502 by default (BB-041). */
  width?: number;
  /** How often the position is saved again after a scroll or resize (DP-018 250 ms; VAS-048 500 ms). */
  repositionMs?: number;
  initialFocusRef?: RefObject<HTMLElement | null>;
  children: ReactNode;
};

/**
 * A non-modal dialog next to its trigger: at its right when there is room, else at its left, else below,
 * always ending inside the viewport when it fits there (BB-041, DP-020).
 * Traps focus while open; Escape, the close button or a press outside close it and focus the trigger.
 */
export function Popover(props: PopoverProps) {
  const isClient = useIsClient();
  if (!props.open || !isClient) return null;
  return createPortal(<PopoverPanel {...props} />, document.body);
}

function PopoverPanel({
  onClose,
  anchorRef,
  id,
  title,
  label,
  width = POPOVER_DEFAULT_WIDTH,
  repositionMs = POPOVER_POSITION_SAVE_MS,
  initialFocusRef,
  children,
}: PopoverProps) {
  const titleId = useId();
  const panelRef = useFocusTrap<HTMLDivElement>(true, {
    onClose,
    initialFocusRef,
    returnFocusRef: anchorRef,
    outsidePressIgnoreRef: anchorRef,
  });
  const placement = useAnchoredPlacement(anchorRef, panelRef, width, repositionMs);
  const highlighted = useDelayedFlag(POPOVER_HIGHLIGHT_DELAY_MS);
  const style = {
    '--ui-fade': `${FADE_MS}ms`,
    top: placement?.top ?? 0,
    left: placement?.left ?? 0,
    width: placement?.width ?? width,
  } as CSSProperties;
  return (
    <div
      ref={panelRef}
      id={id}
      role="dialog"
      aria-labelledby={title ? titleId : undefined}
      aria-label={title ? undefined : label}
      tabIndex={-1}
      className="ui-popover"
      data-side={placement?.side}
      data-highlighted={highlighted && placement !== null}
      style={style}
    >
      <div className="ui-popover__header">
        {title ? (
          <h2 id={titleId} className="ui-popover__title">
            {title}
          </h2>
        ) : null}
        <CloseButton onClose={onClose} />
      </div>
      <div className="ui-popover__body">{children}</div>
    </div>
  );
}

// Page coordinates of the popover, measured before paint and saved again at most every `repositionMs`
// while the page scrolls or resizes or the popover's own size changes, the last change always included.
function useAnchoredPlacement(
  anchorRef: RefObject<HTMLElement | null>,
  panelRef: RefObject<HTMLElement | null>,
  width: number,
  repositionMs: number,
): PopoverPlacement | null {
  const [placement, setPlacement] = useState<PopoverPlacement | null>(null);
  useLayoutEffect(() => {
    const place = () => {
      const anchor = anchorRef.current;
      if (!anchor) return;
      const inViewport = placePopover(anchor.getBoundingClientRect(), width, {
        viewportWidth: document.documentElement.clientWidth || window.innerWidth,
        viewportHeight: document.documentElement.clientHeight || window.innerHeight,
        height: panelRef.current?.offsetHeight ?? 0,
      });
      setPlacement({
        ...inViewport,
        top: inViewport.top + window.scrollY,
        left: inViewport.left + window.scrollX,
      });
    };
    place();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      timer ??= setTimeout(() => {
        timer = undefined;
        place();
      }, repositionMs);
    };
    window.addEventListener('resize', schedule);
    window.addEventListener('scroll', schedule, true);
    // Its content can grow after it opens (another variation's text), and it must still end in view.
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(schedule);
    if (panelRef.current) resized?.observe(panelRef.current);
    return () => {
      resized?.disconnect();
      clearTimeout(timer);
      window.removeEventListener('resize', schedule);
      window.removeEventListener('scroll', schedule, true);
    };
  }, [anchorRef, panelRef, width, repositionMs]);
  return placement;
}

// Becomes true `delayMs` after mount; the popover fades in from then (BB-043).
function useDelayedFlag(delayMs: number): boolean {
  const [on, setOn] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setOn(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  return on;
}

// The trigger's hook lives in its own module, so a page that only shows a trigger loads no panel code.
export { usePopoverTrigger } from './use-popover-trigger';
