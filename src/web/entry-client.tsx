import { hydrateRoot } from 'react-dom/client';
import { App } from './app';
import { PAGE_DATA_ELEMENT_ID, type PageData } from './page-data';
import './styles.css';
import './ui/ui.css';
import './features/deal-buy-box/deal-buy-box.css';

const script = document.getElementById(PAGE_DATA_ELEMENT_ID);
const root = document.getElementById('root');
if (script?.textContent && root) {
  const data = JSON.parse(script.textContent) as PageData;
  hydrateRoot(root, <App data={data} />);
}
