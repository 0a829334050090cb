import { type RefObject, useEffect, useEffectEvent, useRef } from 'react';

export type FocusTrapOptions = {
  /** Called on Escape, and on a pointer press outside the container unless `closeOnOutsidePress` is false. */
  onClose: () => void;
  /** Focused on activation instead of the first tabbable element. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Focused on deactivation instead of the element that had focus on activation. */
  returnFocusRef?: RefObject<HTMLElement | null>;
  closeOnOutsidePress?: boolean;
  /** Presses inside this element do not count as outside (a popover's trigger toggles it itself). */
  outsidePressIgnoreRef?: RefObject<HTMLElement | null>;
};

const TABBABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  'audio[controls]',
  'video[controls]',
  '[contenteditable]:not([contenteditable="false"])',
  '[tabindex]',
].join(',');

// Open traps, innermost last: only the innermost one answers keys and outside presses, so Escape in a
// popover over a modal closes the popover alone.
const layers: HTMLElement[] = [];
const layerListeners = new Set<() => void>();
const layersChanged = () => {
  for (const listener of layerListeners) listener();
};

/** Calls `listener` whenever a focus trap (a dialog, sheet or popover) opens or closes; returns the unsubscribe. */
export function subscribeToOverlayLayers(listener: () => void): () => void {
  layerListeners.add(listener);
  return () => {
    layerListeners.delete(listener);
  };
}

// Children's effects run before their parents', so a trap opened in the same commit as a trap inside it
// goes below that one instead of on top. Returns whether the new trap is the innermost.
function pushLayer(container: HTMLElement): boolean {
  const inner = layers.findIndex((other) => container.contains(other));
  if (inner === -1) {
    layers.push(container);
    return true;
  }
  layers.splice(inner, 0, container);
  return false;
}

/** Elements of `container` that Tab reaches, in document order (one stop per radio group). */
export function tabbableIn(container: HTMLElement): HTMLElement[] {
  const candidates = Array.from(container.querySelectorAll<HTMLElement>(TABBABLE)).filter(
    (element) => element.tabIndex >= 0 && !element.closest('[hidden], [inert], fieldset[disabled]'),
  );
  return candidates.filter((element) => {
    if (!(element instanceof HTMLInputElement) || element.type !== 'radio' || !element.name) return true;
    const group = candidates.filter(
      (other) => other instanceof HTMLInputElement && other.type === 'radio' && other.name === element.name,
    ) as HTMLInputElement[];
    return element === (group.find((radio) => radio.checked) ?? group[0]);
  });
}

/**
 * While `active`, keeps keyboard focus inside the returned ref's element: focuses it on activation,
 * cycles Tab and Shift+Tab itself, calls `onClose` on Escape, and gives focus back on deactivation.
 */
export function useFocusTrap<T extends HTMLElement = HTMLElement>(
  active: boolean,
  options: FocusTrapOptions,
): RefObject<T | null> {
  const containerRef = useRef<T>(null);
  const close = useEffectEvent(() => options.onClose());
  const readOptions = useEffectEvent(() => options);

  useEffect(() => {
    const container = containerRef.current;
    if (!active || !container) return;
    const {
      initialFocusRef,
      returnFocusRef,
      closeOnOutsidePress = true,
      outsidePressIgnoreRef,
    } = readOptions();
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // No scroll: a popover may not be in place yet when focus moves in, and the window must not jump.
    if (pushLayer(container))
      (initialFocusRef?.current ?? tabbableIn(container)[0] ?? container).focus({ preventScroll: true });
    layersChanged();

    const onKeyDown = (event: KeyboardEvent) => {
      if (layers.at(-1) !== container || event.isComposing) return;
      if (event.key === 'Escape') {
        if (event.defaultPrevented) return;
        event.preventDefault();
        close();
        return;
      }
      if (event.key !== 'Tab') return;
      // Moving focus ourselves (not only at the ends) keeps the order identical in every browser.
      event.preventDefault();
      const stops = tabbableIn(container);
      if (stops.length === 0) {
        container.focus();
        return;
      }
      const at = stops.indexOf(document.activeElement as HTMLElement);
      const next = event.shiftKey ? (at <= 0 ? stops.length - 1 : at - 1) : (at + 1) % stops.length;
      stops[next]?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (layers.at(-1) !== container || !closeOnOutsidePress) return;
      const target = event.target as Node | null;
      if (!target || container.contains(target) || outsidePressIgnoreRef?.current?.contains(target)) return;
      close();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);

    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
      layers.splice(layers.indexOf(container), 1);
      // A press outside may already have put focus somewhere the shopper chose; do not pull it back.
      const focused = document.activeElement;
      const movedAway = focused && focused !== document.body && !container.contains(focused);
      const target = returnFocusRef?.current ?? previous;
      if (!movedAway && target?.isConnected) target.focus();
      layersChanged();
    };
  }, [active]);

  return containerRef;
}
