import { z } from 'zod';
import { accountPageData } from './account-page';
import { cartPageData } from './cart-page';
import { checkoutPageData } from './checkout-page';
import { groceryPageData } from './grocery-page';
import { helpPageData, notFoundPageData } from './help-page';
import { listPageData } from './list-page';
import { orderConfirmationPageData } from './order-confirmation-page';
import { productPageData } from './product-page';
import { registriesPageData } from './registries-page';
import { servicePageData } from './service-page';
import { signInPageData } from './sign-in-page';
import { splitBasketPageData } from './split-basket-page';
import { tradeInPageData } from './trade-in-page';

/** Every page's data, told apart by `page`: what the server renders from and the browser hydrates from. */
const pageData = z.discriminatedUnion('page', [
  productPageData,
  signInPageData,
  notFoundPageData,
  cartPageData,
  checkoutPageData,
  orderConfirmationPageData,
  helpPageData,
  accountPageData,
  groceryPageData,
  servicePageData,
  splitBasketPageData,
  tradeInPageData,
  registriesPageData,
  listPageData,
]);
export type PageData = z.infer<typeof pageData>;
