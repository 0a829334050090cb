import { renderToString } from 'react-dom/server';
import { VAS_WIDGETS } from '../shared/add-on-services-constants';
import type { PageData } from '../shared/contracts/pages/page-data';
import { App, providePages } from './app';
import { loadAddOnServices } from './features/add-on-services/add-on-services-slot';
import { loadInviteRequest } from './features/buy-box/invite-request-slot';
import { loadQuantityNote } from './features/buy-box/quantity-note-slot';
import { AccountPage } from './pages/account/account-page';
import { CartPage } from './pages/cart/cart-page';
import { CheckoutPage } from './pages/checkout/checkout-page';
import { GroceryPage } from './pages/grocery/grocery-page';
import { HelpPage } from './pages/help/help-page';
import { NotFoundPage } from './pages/not-found/not-found-page';
import { OrderConfirmationPage } from './pages/order-confirmation/order-confirmation-page';
import { loadBusinessBuying } from './pages/product/business-buying-slot';
import { loadDealBuyBox } from './pages/product/deal-buy-box-slot';
import { loadGroceryBuyBox } from './pages/product/grocery-buy-box-slot';
import { ServicePage } from './pages/service/service-page';
import { SignInPage } from './pages/sign-in/sign-in-page';
import { SplitBasketPage } from './pages/split-basket/split-basket-page';

// The browser loads these pages, the deal buy box, business buying, the invite request and the quantity note on demand; the server has them all ready, so every
// page renders in full.
providePages({
  account: AccountPage,
  cart: CartPage,
  checkout: CheckoutPage,
  grocery: GroceryPage,
  help: HelpPage,
  'not-found': NotFoundPage,
  'order-confirmation': OrderConfirmationPage,
  service: ServicePage,
  'split-basket': SplitBasketPage,
  'sign-in': SignInPage,
});
await loadDealBuyBox();
await loadGroceryBuyBox();
await loadAddOnServices(VAS_WIDGETS);
await loadBusinessBuying();
await loadInviteRequest();
await loadQuantityNote();

/** Renders a page's markup for the server to wrap in the document. */
export function renderApp(data: PageData): string {
  return renderToString(<App data={data} />);
}
