/**
 * Runs `start` once, at the first of: the shopper's first interaction (pointer, key, focus, scroll),
 * `target` coming near the viewport, or the browser's first idle moment after the load event. Code
 * that nothing on screen needs yet waits for one of these instead of loading with the page's own
 * script, so it does not compete with hydration. `idle: false` leaves the idle moment out: code that
 * only a press needs waits for an interaction. Returns a function that cancels the wait.
 */
export function whenWanted(
  start: () => void,
  target?: Element | null,
  { idle: atIdle = true }: { idle?: boolean } = {},
): () => void {
  let done = false;
  const events = ['pointerdown', 'keydown', 'focusin', 'scroll', 'touchstart'] as const;
  let observer: IntersectionObserver | null = null;
  let idle: number | null = null;
  // Safari has no requestIdleCallback: a short timer after the load event stands in for it.
  const idleSupported = typeof window.requestIdleCallback === 'function';
  const cleanup = () => {
    for (const event of events) window.removeEventListener(event, run, true);
    window.removeEventListener('load', onLoad);
    observer?.disconnect();
    if (idle !== null) {
      if (idleSupported) window.cancelIdleCallback(idle);
      else clearTimeout(idle);
    }
  };
  function run() {
    if (done) return;
    done = true;
    cleanup();
    start();
  }
  function onLoad() {
    idle = idleSupported ? window.requestIdleCallback(run, { timeout: 2000 }) : window.setTimeout(run, 200);
  }
  for (const event of events) window.addEventListener(event, run, { capture: true, passive: true });
  if (target && 'IntersectionObserver' in window) {
    observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) run();
      },
      { rootMargin: '400px' },
    );
    observer.observe(target);
  }
  // Without the idle moment, only an interaction or the target starts it.
  if (atIdle && document.readyState === 'complete') onLoad();
  else if (atIdle) window.addEventListener('load', onLoad);
  return () => {
    done = true;
    cleanup();
  };
}
