// The first script of every page: it starts the page's own script (entry-client.tsx, named by this
// script's `data-entry`) once the page's main image has painted. On a slow connection the entry (React
// and the page, ~75 KB) and the main image share the bandwidth; fetched together, the image (the
// largest paint) arrives last of the two. Fetched one after the other, the image is on screen first and
// the script arrives no later than before, less one round trip (issue 11, decision 0029). Until the
// script has hydrated the page, its forms work as plain forms, as they do before any script arrives.

/** The longest the script waits for the image: a picture that takes longer no longer holds it back. */
const MOST_WAIT_MS = 3000;

function afterNextPaint(): Promise<void> {
  // A frame's callback runs just before its paint; a task queued from it runs after that paint.
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

async function start() {
  const entry = document.querySelector<HTMLScriptElement>('script[data-entry]')?.dataset.entry;
  if (!entry) return;
  const image = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
  if (image) {
    // decode() settles once the image is loaded and ready to paint (or has failed to load).
    await Promise.race([
      image.decode().catch(() => undefined),
      new Promise((r) => setTimeout(r, MOST_WAIT_MS)),
    ]);
  }
  await afterNextPaint();
  await import(/* @vite-ignore */ entry);
}

void start();
