import './layout/base.css';
import './ui/ui.css';
import './pages/product/product-page.client';
import { hydrateRoot } from 'react-dom/client';
import type { PageData } from '../shared/contracts/pages/page-data';
import { PAGE_DATA_ELEMENT_ID } from '../shared/page-data-element';
import { markPageDataRead } from './api/page-served-at';
import { warmUpAnswerContracts } from './api/parse-answer';
import { App, providePages } from './app';
import { loadAddOnServices } from './features/add-on-services/add-on-services-slot';
import { loadPageChunk } from './pages/page-chunks';
import { loadBusinessBuying } from './pages/product/business-buying-slot';

async function hydrate() {
  const script = document.getElementById(PAGE_DATA_ELEMENT_ID);
  const root = document.getElementById('root');
  if (!script?.textContent || !root) return;
  markPageDataRead();
  const data = JSON.parse(script.textContent) as PageData;
  // Another page's chunk is in before hydrating (the document preloads it), so nothing suspends or flashes.
  if (data.page !== 'product') providePages(await loadPageChunk(data.page));
  // A product with add-on services renders its widget on the server: its chunk is in before hydrating.
  else if (data.product.addOnServices) await loadAddOnServices([data.product.addOnServices.widget]);
  // Business buying likewise (a business customer's business product only): its boxes hydrate at once.
  if (data.page === 'product' && data.business) await loadBusinessBuying();
  hydrateRoot(root, <App data={data} />);
  warmUpAnswerContracts();
}

void hydrate();
