import { App, type LazyPageName, type LazyPages, providePages } from '../app';

// Browser only: each page's `.client.ts` module brings the page and its styles (Node cannot import CSS,
// so the server imports the page components themselves).
const chunks: { [N in LazyPageName]: () => Promise<LazyPages> } = {
  cart: () => import('./cart/cart-page.client').then((m) => ({ cart: m.CartPage })),
  checkout: () => import('./checkout/checkout-page.client').then((m) => ({ checkout: m.CheckoutPage })),
  'sign-in': () => import('./sign-in/sign-in-page.client').then((m) => ({ 'sign-in': m.SignInPage })),
  'order-confirmation': () =>
    import('./order-confirmation/order-confirmation-page.client').then((m) => ({
      'order-confirmation': m.OrderConfirmationPage,
    })),
  account: () => import('./account/account-page.client').then((m) => ({ account: m.AccountPage })),
  help: () => import('./help/help-page.client').then((m) => ({ help: m.HelpPage })),
  'split-basket': () =>
    import('./split-basket/split-basket-page.client').then((m) => ({ 'split-basket': m.SplitBasketPage })),
  grocery: () => import('./grocery/grocery-page.client').then((m) => ({ grocery: m.GroceryPage })),
  service: () => import('./service/service-page.client').then((m) => ({ service: m.ServicePage })),
  'trade-in': () => import('./trade-in/trade-in-page.client').then((m) => ({ 'trade-in': m.TradeInPage })),
  registries: () =>
    import('./registries/registries-page.client').then((m) => ({ registries: m.RegistriesPage })),
  list: () => import('./list/list-page.client').then((m) => ({ list: m.ListPage })),
  'not-found': () =>
    import('./not-found/not-found-page.client').then((m) => ({ 'not-found': m.NotFoundPage })),
};

/** Loads a page's chunk (its code and styles); the product page is in the entry and needs none. */
function loadPageChunk(page: LazyPageName): Promise<LazyPages> {
  return chunks[page]();
}

/** The app, with the page's chunk in (the browser hydrates another page than the product page with it). */
export async function loadApp(page: LazyPageName): Promise<typeof App> {
  providePages(await loadPageChunk(page));
  return App;
}
