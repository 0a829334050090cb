/**
 * How far below the viewport a widget starts loading: half a phone screen, so its code and data are in
 * by the time a scrolling shopper reaches it, while a widget a screen and a half down waits.
 */
const NEAR_VIEWPORT_MARGIN = '400px';

/**
 * Runs `start` once, when `target` comes within `NEAR_VIEWPORT_MARGIN` of the viewport, or when the
 * address names a place on the page (`#bundles`, a link into the widgets below the fold): the way a
 * widget below the fold loads, so a visitor who never scrolls there never fetches it. Returns a
 * function that cancels the wait.
 */
export function whenNearViewport(target: Element, start: () => void): () => void {
  let done = false;
  let observer: IntersectionObserver | null = null;
  const cleanup = () => {
    observer?.disconnect();
    window.removeEventListener('hashchange', run);
  };
  function run() {
    if (done) return;
    done = true;
    cleanup();
    start();
  }
  if (window.location.hash || !('IntersectionObserver' in window)) {
    run();
    return cleanup;
  }
  window.addEventListener('hashchange', run);
  observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && run(), {
    rootMargin: `0px 0px ${NEAR_VIEWPORT_MARGIN} 0px`,
  });
  observer.observe(target);
  return () => {
    done = true;
    cleanup();
  };
}
