// When the browser read the page's data: the server's `systemTime` in that data was true at about
// this moment. Widgets that load later (the deal box is its own chunk) measure the server clock's
// offset against this mark, not against when they happen to mount, which can be seconds later.

let readAt: number | null = null;

/** Marks the moment the page data was read; the entry script calls it before hydrating. */
export function markPageDataRead(now = Date.now()) {
  readAt ??= now;
}

/** The browser's time when the page data was read, or now when nothing marked it (tests, SSR). */
export function pageDataReadAt(): number {
  return readAt ?? Date.now();
}
