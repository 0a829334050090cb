// The trade-in storefront in the browser (its styles are the trade-in part's, inlined by the server).
export { TradeInPage } from './trade-in-page';
