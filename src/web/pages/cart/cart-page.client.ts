// The cart page in the browser: its component and its styles.
import './cart-page.css';

export { CartPage } from './cart-page';
