// The checkout page in the browser: its component and its styles.
import './checkout-page.css';

export { CheckoutPage } from './checkout-page';
