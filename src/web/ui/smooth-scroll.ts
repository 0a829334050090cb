import { scrollPosition } from '../../domain/buy-box/jump-links';

/**
 * Scrolls the window to `targetY` over `durationMs` with the page's easing (BB-004, BB-006, BB-007),
 * at once when the shopper prefers reduced motion; `done` runs when the scroll ends.
 */
export function smoothScrollTo(targetY: number, durationMs: number, done?: () => void) {
  const start = window.scrollY;
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  const begun = performance.now();
  // performance.now() rather than the frame's timestamp: both share a time origin only in real browsers.
  const step = () => {
    const elapsed = reduced ? durationMs : performance.now() - begun;
    window.scrollTo(0, scrollPosition(start, targetY, elapsed, durationMs));
    if (elapsed < durationMs) requestAnimationFrame(step);
    else done?.();
  };
  requestAnimationFrame(step);
}
