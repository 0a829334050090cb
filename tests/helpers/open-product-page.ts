import type { ProductPageData } from '../../src/shared/contracts/pages/product-page';

/** The test's own calls to the server, bound before a test spies on the page's `window.fetch`. */
export const testFetch = window.fetch.bind(window);

/**
 * Loads a product page into happy-dom as a browser would: its address, its cookies and meta tokens;
 * answers the page data the server embedded in it.
 */
export async function openProductPage(origin: string, asin: string): Promise<ProductPageData> {
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${origin}/dp/${asin}`);
  const html = await (await testFetch(`${origin}/dp/${asin}`, { credentials: 'include' })).text();
  const meta = (name: string) => new RegExp(`<meta name="${name}" content="([^"]*)"`).exec(html)?.[1] ?? '';
  document.head.innerHTML = `<meta name="csrf-token" content="${meta('csrf-token')}"><meta name="encrypted-slate-token" content="${meta('encrypted-slate-token')}">`;
  const json = /<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}';
  return JSON.parse(json) as ProductPageData;
}
