// The fast-forward basket page in the browser: its component and its styles.
import './split-basket-page.css';

export { SplitBasketPage } from './split-basket-page';
