import type { Kysely } from 'kysely';
import { belowMinimumOrder } from '../../../domain/buy-box/quantity-restriction';
import { buyBoxFormChoices, pageItemParameters } from '../../../domain/cart/add-to-cart-form';
import { shopperMessage } from '../../../domain/cart/cart-line-rules';
import type { CartOwner } from '../../db/repositories/cart-repository';
import { findSavedCheckout } from '../../db/repositories/customer-repository';
import { findOffer } from '../../db/repositories/product-repository';
import type { Customer } from '../../db/repositories/session-repository';
import type { Database } from '../../db/schema';
import { buyBoxServices } from '../add-on-services/buy-box-services';
import { addCartItems } from '../cart/add-cart-items';
import { placeOrder } from '../checkout/place-order';
import type { RequestKey } from '../request-effect';
import { buyBoxUpsells } from './buy-box-upsells';

export const CHECKOUT_PATH = '/gp/buy/spc/handlers/display.html';
export const THANK_YOU_PATH = '/gp/buy/thankyou/handlers/display.html';
const CART_PATH = '/gp/cart/view.html';

/** The buy box posted as a plain form; accessory upsells ride along as further fields. */
export type BuyBoxForm = {
  ASIN: string;
  offerListingID: string;
  quantity: number;
  'submit.add-to-cart'?: string | undefined;
  'submit.buy-now'?: string | undefined;
  'submit.one-click'?: string | undefined;
  'gift-wrap'?: 'true' | 'false' | 'on' | undefined;
  'device-preregistration'?: 'true' | 'false' | 'on' | undefined;
  'installments-check'?: string | undefined;
  [field: string]: unknown;
};

/** Where the shopper goes next, and what happened on the way (for metrics and caches). */
export type BuyBoxOutcome = {
  location: string;
  /** Set when items were added to the cart: 'added' or the refusal's code. */
  cartAdd?: string;
  /** An order was placed (1-Click): stock changed. */
  orderPlaced?: boolean;
};

const cartError = (message: string) => `${CART_PATH}?${new URLSearchParams({ error: message })}`;

/**
 * The buy box form (BB-001): the submit button pressed decides. 1-Click orders at once to the account's
 * saved address with its saved payment method (without them, checkout says why and asks); buy now of the item alone goes to
 * checkout; otherwise the item and its accessory upsells go to the cart (then to checkout for buy now).
 */
export async function handleBuyBox(
  db: Kysely<Database>,
  input: {
    form: BuyBoxForm;
    marketplaceId: string;
    session: { customer(): Promise<Customer | null>; cartOwner(): Promise<CartOwner> };
    now: number;
    /** The ref the form posted to (vas_dphbb_{asin}_{serviceAsin} adds that service, VAS-032). */
    ref?: string | null;
    /** The shopper's postal code: a service named by the ref is bought at its offer there. */
    zip?: string | null;
    /** The request's idempotency key: a 1-Click order records it (place-order), a cart add its effect. */
    requestKey?: RequestKey | undefined;
  },
): Promise<BuyBoxOutcome> {
  const { form, marketplaceId } = input;
  const item = { asin: form.ASIN, offerListingId: form.offerListingID, quantity: form.quantity };
  // Without the script the form posts before a quantity is chosen (decision 0016, BB-024): whatever the
  // button, the shopper gets the form back with the minimum explained, not the cart with an error.
  const offer = await findOffer(db, form.offerListingID);
  if (offer && offer.asin === form.ASIN && belowMinimumOrder(form.quantity, offer.min_order_quantity)) {
    return {
      location: `/dp/${encodeURIComponent(form.ASIN)}?${new URLSearchParams({ 'purchase-problem': 'below_min_order_quantity' })}`,
    };
  }
  const accessories = await buyBoxUpsells(db, marketplaceId, form);
  if (!accessories.ok) return { location: cartError(accessories.message) };
  // Add-on services ride along as children of the page item (decision 0018).
  const services = await buyBoxServices(db, {
    form,
    ref: input.ref ?? null,
    marketplaceId,
    zip: input.zip ?? null,
    alreadyCarried: accessories.items.map((item) => item.asin),
  });
  if (!services.ok) return { location: cartError(services.message) };
  const upsells = { items: [...accessories.items, ...services.items] };
  const oneClick = form['submit.one-click'] !== undefined;
  if (oneClick) {
    const customer = await input.session.customer();
    const saved = customer ? await findSavedCheckout(db, customer.id) : null;
    if (customer && saved?.address && saved.paymentMethod) {
      const result = await placeOrder(db, {
        customerId: customer.id,
        marketplaceId,
        lines: [item, ...upsells.items],
        address: saved.address,
        paymentMethod: saved.paymentMethod,
        prime: customer.isPrime,
        via: 'one-click',
        now: input.now,
        requestKey: input.requestKey?.key,
      });
      if (result.ok) {
        return {
          location: `${THANK_YOU_PATH}?orderId=${encodeURIComponent(result.orderId)}`,
          orderPlaced: true,
        };
      }
      return { location: cartError(shopperMessage(result.refusal)) };
    }
  }
  const buyNow = form['submit.buy-now'] !== undefined || oneClick;
  // 1-Click without saved details goes to checkout, which says why (decision 0015).
  const setup: Record<string, string> = oneClick ? { oneClick: 'setup' } : {};
  if (buyNow && upsells.items.length === 0) {
    const query = new URLSearchParams({ ...item, quantity: String(item.quantity), ...setup });
    return { location: `${CHECKOUT_PATH}?${query}` };
  }
  const result = await addCartItems(
    db,
    await input.session.cartOwner(),
    marketplaceId,
    'RETAIL',
    [
      {
        ...item,
        // The same payload rules as the buy box's script (domain/cart/add-to-cart-form).
        additionalParameters: pageItemParameters(buyBoxFormChoices(form)) ?? {},
      },
      ...upsells.items,
    ],
    input.now,
    { zip: input.zip ?? null, requestKey: input.requestKey },
  );
  const cartAdd = result.ok ? 'added' : result.refusal.code;
  if (!result.ok) return { location: cartError(shopperMessage(result.refusal)), cartAdd };
  // Buy now with accessories: the page item and its accessories go to the cart, then to checkout.
  if (buyNow) return { location: `${CHECKOUT_PATH}${oneClick ? '?oneClick=setup' : ''}`, cartAdd };
  return { location: `${CART_PATH}?notice=added`, cartAdd };
}
