// The trade-in storefront (TI-002): a page with a tile per product group, each opening the flow.

/** The storefront's path. */
export const TRADE_IN_LANDING_PATH = '/tradein';

/** The storefront opening the flow for a product group (where a launch link goes without the page's script). */
export function tradeInLandingUrl(productGroup: string): string {
  return `${TRADE_IN_LANDING_PATH}?${new URLSearchParams({ productGroup })}`;
}
