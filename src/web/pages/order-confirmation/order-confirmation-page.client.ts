// The order confirmation page in the browser: its component and its styles. The order's lines are laid
// out as on checkout.
import '../checkout/checkout-page.css';
import './order-confirmation-page.css';

export { OrderConfirmationPage } from './order-confirmation-page';
