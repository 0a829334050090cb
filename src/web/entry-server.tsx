import { renderToString } from 'react-dom/server';
import type { PageData } from '../shared/contracts/pages/page-data';
import { App, providePages } from './app';
import { AccountPage } from './pages/account/account-page';
import { CartPage } from './pages/cart/cart-page';
import { CheckoutPage } from './pages/checkout/checkout-page';
import { GroceryPage } from './pages/grocery/grocery-page';
import { HelpPage } from './pages/help/help-page';
import { ListPage } from './pages/list/list-page';
import { NotFoundPage } from './pages/not-found/not-found-page';
import { OrderConfirmationPage } from './pages/order-confirmation/order-confirmation-page';
import { loadEveryPart } from './pages/product/page-parts';
import { loadPurchasePart } from './pages/product/purchase-slot';
import { RegistriesPage } from './pages/registries/registries-page';
import { ServicePage } from './pages/service/service-page';
import { SignInPage } from './pages/sign-in/sign-in-page';
import { SplitBasketPage } from './pages/split-basket/split-basket-page';
import { TradeInPage } from './pages/trade-in/trade-in-page';

// The browser loads these pages, the product page's parts (page-parts.ts) and its purchase column on
// demand; the server has them all ready, so every page renders in full.
providePages({
  account: AccountPage,
  cart: CartPage,
  checkout: CheckoutPage,
  grocery: GroceryPage,
  help: HelpPage,
  list: ListPage,
  'not-found': NotFoundPage,
  'order-confirmation': OrderConfirmationPage,
  registries: RegistriesPage,
  service: ServicePage,
  'split-basket': SplitBasketPage,
  'sign-in': SignInPage,
  'trade-in': TradeInPage,
});
await loadEveryPart();
await loadPurchasePart();

/** Renders a page's markup for the server to wrap in the document. */
export function renderApp(data: PageData): string {
  return renderToString(<App data={data} />);
}
