import { renderToString } from 'react-dom/server';
import type { PageData } from '../shared/contracts/pages/page-data';
import { App, providePages } from './app';
import { AccountPage } from './pages/account/account-page';
import { CartPage } from './pages/cart/cart-page';
import { CheckoutPage } from './pages/checkout/checkout-page';
import { HelpPage } from './pages/help/help-page';
import { NotFoundPage } from './pages/not-found/not-found-page';
import { OrderConfirmationPage } from './pages/order-confirmation/order-confirmation-page';
import { loadDealBuyBox } from './pages/product/deal-buy-box-slot';
import { SignInPage } from './pages/sign-in/sign-in-page';

// The browser loads these pages and the deal buy box on demand; the server has them all ready, so every
// page renders in full.
providePages({
  account: AccountPage,
  cart: CartPage,
  checkout: CheckoutPage,
  help: HelpPage,
  'not-found': NotFoundPage,
  'order-confirmation': OrderConfirmationPage,
  'sign-in': SignInPage,
});
await loadDealBuyBox();

/** Renders a page's markup for the server to wrap in the document. */
export function renderApp(data: PageData): string {
  return renderToString(<App data={data} />);
}
