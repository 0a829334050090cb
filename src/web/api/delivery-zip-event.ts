// The page-wide note that a delivery ZIP was saved (decision 0041): in a module of its own, without the
// request code, so the header's delivery location (in every page's first script) can listen for it.

const ZIP_SAVED_EVENT = 'delivery-zip-saved';

/** Tells the page's parts that the shopper's delivery ZIP is now `zip`. */
export function announceDeliveryZip(zip: string): void {
  window.dispatchEvent(new CustomEvent<string>(ZIP_SAVED_EVENT, { detail: zip }));
}

/** Calls `listener` with each delivery ZIP saved on this page; answers the unsubscribe. */
export function onDeliveryZipSaved(listener: (zip: string) => void): () => void {
  const handle = (event: Event) => listener((event as CustomEvent<string>).detail);
  window.addEventListener(ZIP_SAVED_EVENT, handle);
  return () => window.removeEventListener(ZIP_SAVED_EVENT, handle);
}
