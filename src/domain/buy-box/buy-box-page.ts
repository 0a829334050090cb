// What the buy box offers each shopper, and the page's (absent) client routes (BB-001..003, DP-001).

const BUY_BOX_ACTIONS = [
  'add-to-cart',
  'buy-now',
  'one-click',
  'installments',
  'mobile-installments',
] as const;
export type BuyBoxAction = (typeof BUY_BOX_ACTIONS)[number];

// BB-002, DP-001: every feature is an area of the one product page, so there is nothing to route.
export const CLIENT_ROUTES = [] as const;

/** The buy-box forms a shopper gets: all five when signed in, all but one click when not (BB-001, BB-003). */
export function buyBoxActions(signedIn: boolean): BuyBoxAction[] {
  // One click orders with the saved address and payment, which only a signed-in shopper has.
  return BUY_BOX_ACTIONS.filter((action) => signedIn || action !== 'one-click');
}
