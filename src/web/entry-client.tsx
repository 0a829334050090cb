import './layout/base.css';
import './ui/ui.css';
import './pages/product/product-page.client';
import { hydrateRoot } from 'react-dom/client';
import type { PageData } from '../shared/contracts/pages/page-data';
import { PAGE_DATA_ELEMENT_ID } from '../shared/page-data-element';
import { markPageDataRead } from './api/page-served-at';
import { warmUpAnswerContracts } from './api/parse-answer';
import { App, providePages } from './app';
import { loadPageChunk } from './pages/page-chunks';

async function hydrate() {
  const script = document.getElementById(PAGE_DATA_ELEMENT_ID);
  const root = document.getElementById('root');
  if (!script?.textContent || !root) return;
  markPageDataRead();
  const data = JSON.parse(script.textContent) as PageData;
  // Another page's chunk is in before hydrating (the document preloads it), so nothing suspends or flashes.
  if (data.page !== 'product') providePages(await loadPageChunk(data.page));
  hydrateRoot(root, <App data={data} />);
  warmUpAnswerContracts();
}

void hydrate();
