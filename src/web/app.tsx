import type { PageData } from '../shared/contracts/pages/page-data';
import { CartPage } from './pages/cart/cart-page';
import { CheckoutPage } from './pages/checkout/checkout-page';
import { HelpPage } from './pages/help/help-page';
import { NotFoundPage } from './pages/not-found/not-found-page';
import { OrderConfirmationPage } from './pages/order-confirmation/order-confirmation-page';
import { ProductPage } from './pages/product/product-page';
import { SignInPage } from './pages/sign-in/sign-in-page';

/** The root every page renders from, on the server and in the browser alike. */
export function App({ data }: { data: PageData }) {
  switch (data.page) {
    case 'product':
      return <ProductPage data={data} />;
    case 'sign-in':
      return <SignInPage data={data} />;
    case 'not-found':
      return <NotFoundPage data={data} />;
    case 'cart':
      return <CartPage data={data} />;
    case 'checkout':
      return <CheckoutPage data={data} />;
    case 'help':
      return <HelpPage data={data} />;
    case 'order-confirmation':
      return <OrderConfirmationPage data={data} />;
  }
}
