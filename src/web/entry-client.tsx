import { hydrateRoot } from 'react-dom/client';
import type { PageData } from '../shared/contracts/pages/page-data';
import { PAGE_DATA_ELEMENT_ID } from '../shared/page-data-element';
import { App } from './app';
import './styles.css';
import './ui/ui.css';
import './features/deal-buy-box/deal-buy-box.css';

const script = document.getElementById(PAGE_DATA_ELEMENT_ID);
const root = document.getElementById('root');
if (script?.textContent && root) {
  const data = JSON.parse(script.textContent) as PageData;
  hydrateRoot(root, <App data={data} />);
}
