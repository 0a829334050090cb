import { renderToString } from 'react-dom/server';
import type { PageData } from '../shared/contracts/pages/page-data';
import { App } from './app';
import { loadDealBuyBox } from './pages/product/deal-buy-box-slot';

// The browser loads the deal buy box on demand; the server has it ready, so deal pages render it in full.
await loadDealBuyBox();

/** Renders a page's markup for the server to wrap in the document. */
export function renderApp(data: PageData): string {
  return renderToString(<App data={data} />);
}
