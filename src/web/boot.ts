// The first script of every page: it starts the page's own script (entry-client.tsx, named by this
// script's `data-entry`) once the page's main image is on screen. On a slow connection the entry (React
// and the page, ~75 KB) and the main image share the bandwidth; fetched together, the image (the
// largest paint) arrives last of the two. Fetched one after the other, the image is on screen first and
// the script arrives no later than before, less one round trip (issue 11, decision 0029).
//
// The page's script still runs before the document's load event, as it did when the document named it:
// the entry is a script element, which holds the load event once added, and it is added at the latest
// from the load event of the last image still loading (an image holds the document's load event until
// its own has been dispatched).

/** The longest the script waits for the main image: one that takes longer no longer holds it back. */
const MOST_WAIT_MS = 3000;

function start() {
  const entry = document.querySelector<HTMLScriptElement>('script[data-entry]')?.dataset.entry;
  if (!entry) return;
  let started = false;
  const startEntry = () => {
    if (started) return;
    started = true;
    const script = document.createElement('script');
    script.type = 'module';
    script.src = entry;
    document.head.append(script);
  };
  const loading = () => [...document.images].filter((image) => !image.complete && image.loading !== 'lazy');
  const whenLoaded = (image: HTMLImageElement, then: () => void) => {
    image.addEventListener('load', then, { once: true });
    image.addEventListener('error', then, { once: true });
  };
  const hero = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
  const heroLoaded = () => {
    const others = loading();
    // Nothing else holds the load event: start now, so the script still runs before it.
    if (others.length === 0) return startEntry();
    // Else after the frame that paints the main image, or from the last image's load event if sooner.
    requestAnimationFrame(() => setTimeout(startEntry, 0));
    for (const image of others) whenLoaded(image, () => loading().length === 0 && startEntry());
  };
  if (!hero || hero.complete) return heroLoaded();
  whenLoaded(hero, heroLoaded);
  setTimeout(startEntry, MOST_WAIT_MS);
}

start();
