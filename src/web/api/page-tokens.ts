/** The CSRF and encrypted slate tokens the server put in the page's meta tags. */
export function pageTokens(): { csrfToken: string; slateToken: string } {
  const read = (name: string) =>
    document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? '';
  return { csrfToken: read('csrf-token'), slateToken: read('encrypted-slate-token') };
}
