// The first script of every page: it starts the page's own script (entry-client.tsx, named by this
// script's `data-entry`) once the page's main image is on screen. On a slow connection the entry (React
// and the page, ~75 KB) and the main image share the bandwidth; fetched together, the image (the
// largest paint) arrives last of the two. Fetched one after the other, the image is on screen first and
// the script arrives no later than before, less one round trip (decisions 0029 and 0034).
//
// "On screen" means painted, not loaded: an image's load event comes before the frame that paints it,
// and a page's first frame can come well after its images have loaded (once the document is parsed). A
// script requested from the load event could arrive before that frame, and then the largest paint
// waited for it too. The browser says when the image was painted (Element Timing, the image's
// `elementtiming`); where it can't, the script starts two frames after the image has loaded. This
// script imports nothing but types: an import shared with the entry would be a static import of the
// entry.
import type { EarlyInput } from './ui/early-input';

/** The longest the script waits for the main image: one that takes longer no longer holds it back. */
const MOST_WAIT_MS = 3000;

/**
 * Records each form field the shopper changes before the page's script has taken it over, for
 * `replayEarlyInput` (src/web/ui/early-input.ts) to give back once the page has hydrated.
 */
function recordEarlyInput() {
  const changed: EarlyInput['changed'] = new Map();
  const note = (event: Event) => {
    const field = event.target;
    if (
      field instanceof HTMLInputElement ||
      field instanceof HTMLSelectElement ||
      field instanceof HTMLTextAreaElement
    ) {
      changed.set(field, { value: field.value, checked: field instanceof HTMLInputElement && field.checked });
    }
  };
  document.addEventListener('input', note, true);
  document.addEventListener('change', note, true);
  window.pdpEarlyInput = {
    changed,
    stop: () => {
      document.removeEventListener('input', note, true);
      document.removeEventListener('change', note, true);
    },
  };
}

function start() {
  const entry = document.querySelector<HTMLScriptElement>('script[data-entry]')?.dataset.entry;
  if (!entry) return;
  recordEarlyInput();
  let started = false;
  const startEntry = () => {
    if (started) return;
    started = true;
    const script = document.createElement('script');
    script.type = 'module';
    script.src = entry;
    document.head.append(script);
  };
  const hero = document.querySelector<HTMLImageElement>('img[elementtiming]');
  const name = hero?.getAttribute('elementtiming');
  // No main image, or a hidden page (it paints nothing, nor runs animation frames, until shown): at once.
  if (!hero || document.visibilityState === 'hidden') return startEntry();
  setTimeout(startEntry, MOST_WAIT_MS);
  hero.addEventListener('error', startEntry, { once: true });
  if (PerformanceObserver.supportedEntryTypes?.includes('element')) {
    const painted = new PerformanceObserver((list) => {
      if (
        !list
          .getEntries()
          .some((paint) => (paint as PerformanceEntry & { identifier: string }).identifier === name)
      )
        return;
      painted.disconnect();
      startEntry();
    });
    painted.observe({ type: 'element', buffered: true });
    return;
  }
  // The first frame's callbacks run before it is painted; the second frame's, after.
  const afterNextPaint = () => requestAnimationFrame(() => requestAnimationFrame(startEntry));
  if (hero.complete) afterNextPaint();
  else hero.addEventListener('load', afterNextPaint, { once: true });
}

start();
